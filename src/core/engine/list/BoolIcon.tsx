// A filled circle with a tick or a cross, as the <sl-icon> check-circle-fill / x-circle-fill it
// replaces: a list draws one per boolean cell, and each <sl-icon> was a Lit element that fetched and
// parsed its file before it showed (src/core/README.md "First load"). Drawn by CSS (engine/styles.ts)
// so the first load carries no path data.

/** A yes / no mark announced by its label. */
export function BoolIcon({ value, label }: { value: boolean; label: string }) {
  return <span className={value ? 'bool-icon bool-true' : 'bool-icon bool-false'} role="img" aria-label={label} />;
}

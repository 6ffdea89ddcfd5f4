// Bootstrap Icons' check-circle-fill and x-circle-fill (the same pictures <sl-icon> drew here) as
// inline SVG: a list draws one per boolean cell, and each <sl-icon> was a Lit element that fetched
// and parsed its file before it showed (src/core/README.md "First load", rule 2).
const PATHS = {
  true: 'M16 8A8 8 0 1 1 0 8a8 8 0 0 1 16 0m-3.97-3.03a.75.75 0 0 0-1.08.022L7.477 9.417 5.384 7.323a.75.75 0 0 0-1.06 1.06L6.97 11.03a.75.75 0 0 0 1.079-.02l3.992-4.99a.75.75 0 0 0-.01-1.05z',
  false: 'M16 8A8 8 0 1 1 0 8a8 8 0 0 1 16 0M5.354 4.646a.5.5 0 1 0-.708.708L7.293 8l-2.647 2.646a.5.5 0 0 0 .708.708L8 8.707l2.646 2.647a.5.5 0 0 0 .708-.708L8.707 8l2.647-2.646a.5.5 0 0 0-.708-.708L8 7.293z',
}

/** A yes / no mark announced by its label. */
export function BoolIcon({ value, label }: { value: boolean; label: string }) {
  return (
    <svg className={value ? 'bool-icon bool-true' : 'bool-icon bool-false'} role="img" aria-label={label}
      width="1em" height="1em" viewBox="0 0 16 16" fill="currentColor">
      <path d={value ? PATHS.true : PATHS.false} />
    </svg>
  )
}

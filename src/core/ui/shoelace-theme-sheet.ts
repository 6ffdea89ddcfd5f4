// The one sheet of Shoelace's light theme that every element drawing Shoelace adopts. Creating it
// costs nothing: its text (20 KB, 4 KB gzip) is put in by shoelace-theme.ts, which the console loads
// with its first Shoelace component (shoelace-setup.ts), since an adopted sheet that changes restyles
// every shadow root holding it.
let sheet: CSSStyleSheet | null = null;

export function shoelaceThemeSheet(): CSSStyleSheet {
  sheet ??= new CSSStyleSheet();
  return sheet;
}

/**
 * The theme for the console, whose first screen draws no Shoelace (src/core/README.md "First load",
 * rule 2): the sheet as it is, empty until Shoelace loads. The shell's plain elements read a few of its
 * variables, each with the theme's own value as fallback (styles.ts `.btn`).
 */
export const shoelaceThemeOnFirstUse = (): CSSStyleSheet[] => [shoelaceThemeSheet()];

import shoelaceLight from '@shoelace-style/shoelace/dist/themes/light.css'

let sheet: CSSStyleSheet | null = null

/**
 * Shoelace's light theme as a sheet to adopt: its variables style the shell's plain elements too.
 * Read from the theme's CSS file as text (the build's css-as-text) rather than from its
 * `light.styles.js`, which is a Lit `css` template: that import alone put Lit in the console's first
 * load. Only elements that draw Shoelace components take it; one sheet is shared by all of them.
 */
export function shoelaceThemeSheets(): CSSStyleSheet[] {
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(shoelaceLight)
  }
  return [sheet]
}

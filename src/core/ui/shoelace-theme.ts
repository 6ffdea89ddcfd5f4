import shoelaceLight from '@shoelace-style/shoelace/dist/themes/light.css';
import { shoelaceThemeSheet } from './shoelace-theme-sheet.ts';

let filled = false;

/** Puts the theme's text into the shared sheet, once (shoelace-setup.ts, and the elements that need it up front). */
export function fillShoelaceTheme(): void {
  if (filled) return;
  shoelaceThemeSheet().replaceSync(shoelaceLight);
  filled = true;
}

/**
 * Shoelace's light theme as a sheet to adopt, filled now: its variables style the shell's plain elements too.
 * Read from the theme's CSS file as text (the build's css-as-text) rather than from its
 * `light.styles.js`, which is a Lit `css` template: that import alone put Lit in the console's first
 * load. Only elements that draw Shoelace components take it; one sheet is shared by all of them.
 */
export function shoelaceThemeSheets(): CSSStyleSheet[] {
  fillShoelaceTheme();
  return [shoelaceThemeSheet()];
}

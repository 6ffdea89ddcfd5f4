import shoelaceLight from '@shoelace-style/shoelace/dist/themes/light.styles.js'

/**
 * Shoelace's light theme as a sheet to adopt. Only elements that draw Shoelace components take it:
 * importing it here rather than in elements/define.ts keeps its ~10 KB (gzip) out of the shared
 * chunk that an element without Shoelace (<bastion-asset-list>) loads.
 */
export function shoelaceThemeSheets(): CSSStyleSheet[] {
  const sheet = shoelaceLight.styleSheet
  return sheet ? [sheet] : []
}

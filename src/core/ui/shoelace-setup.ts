import { registerIconLibrary } from '@shoelace-style/shoelace/dist/utilities/icon-library.js';
import { basePath, onBasePathChange } from './asset-base.ts';
import { fillShoelaceTheme } from './shoelace-theme.ts';

// What Shoelace needs before it draws, imported by every module that brings Shoelace components
// (shoelace.ts, shoelace-inputs.ts, lazy-shoelace.ts, FocusDialog.tsx) rather than by define.ts or the
// console: the icon library's registry, which carries Shoelace's system icons (2.5 KB gzip), and the
// light theme's text (4 KB), which the console's first screen, drawing no Shoelace (src/core/README.md
// "First load", rule 2), never reads.

/** Shoelace's default icon library, resolved at each use, so a base path or an api-base set later applies. */
function registerIcons(): void {
  registerIconLibrary('default', { resolver: (name) => `${basePath()}assets/icons/${name}.svg` });
}

registerIcons();
fillShoelaceTheme();
// Registering again redraws the icons of that library already on the page.
onBasePathChange(registerIcons);

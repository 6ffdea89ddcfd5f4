import { apiUrl } from '../http.ts';

// Where the elements' static files are: Shoelace's icons (`<base>/assets/icons/<name>.svg`), the only
// files a page fetches besides the scripts. Lazy chunks need no setting: they are relative imports, which
// an app's bundler follows and a browser resolves next to the script that asks.
// In order: what the host set (setBasePath), else the bastion's own copy (`<api-base>/ui/shoelace/`: it
// serves one, with CORS for the portals it lists) when the elements talk to another origin, else the
// folder beside this script (the build copies the icons there: dist/shoelace/, lib/shoelace/).
// Shoelace's icon library reads it at each use (shoelace-setup.ts, loaded with Shoelace itself).

let chosen: string | undefined;
let redraw: (() => void) | undefined;
// Read through a variable: `new URL('…', import.meta.url)` written out is an asset bundlers try to copy
// (Vite warns that a folder cannot be), while the folder beside the script is only the last resort.
const here = import.meta.url;

/** Sets where the icons are: a URL of the folder holding `assets/icons/` (e.g. the bastion's `/ui/shoelace/`). */
export function setBasePath(url: string): void {
  chosen = url.endsWith('/') ? url : `${url}/`;
  redraw?.();
}

/** Where the icons are now. */
export function basePath(): string {
  if (chosen) return chosen;
  const api = apiUrl('');
  return api ? `${api}/ui/shoelace/` : new URL('./shoelace/', here).href;
}

/** What redraws the icons already drawn when the base path changes (set once Shoelace has loaded). */
export function onBasePathChange(callback: () => void): void {
  redraw = callback;
}

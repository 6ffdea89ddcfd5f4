import { registerIconLibrary } from '@shoelace-style/shoelace/dist/utilities/icon-library.js'
import { apiUrl } from '../http.ts'

// Where the elements' static files are: Shoelace's icons (`<base>/assets/icons/<name>.svg`), the only
// files a page fetches besides the scripts. Lazy chunks need no setting: they are relative imports, which
// an app's bundler follows and a browser resolves next to the script that asks.
// In order: what the host set (setBasePath), else the bastion's own copy (`<api-base>/ui/shoelace/`: it
// serves one, with CORS for the portals it lists) when the elements talk to another origin, else the
// folder beside this script (the build copies the icons there: dist/shoelace/, lib/shoelace/).

let chosen: string | undefined
// Read through a variable: `new URL('…', import.meta.url)` written out is an asset bundlers try to copy
// (Vite warns that a folder cannot be), while the folder beside the script is only the last resort.
const here = import.meta.url

/** Sets where the icons are: a URL of the folder holding `assets/icons/` (e.g. the bastion's `/ui/shoelace/`). */
export function setBasePath(url: string): void {
  chosen = url.endsWith('/') ? url : `${url}/`
  registerIcons()
}

/** Where the icons are now. */
export function basePath(): string {
  if (chosen) return chosen
  const api = apiUrl('')
  return api ? `${api}/ui/shoelace/` : new URL('./shoelace/', here).href
}

/** Shoelace's default icon library, resolved at each use, so a base path or an api-base set later applies. */
export function registerIcons(): void {
  registerIconLibrary('default', { resolver: (name) => `${basePath()}assets/icons/${name}.svg` })
}

// Where a login or logout may send the browser afterwards: a path on this origin, judged after the
// URL is parsed exactly as a browser parses a Location header (WHATWG URL: tabs and newlines dropped,
// `\` read as `/`, `//host` and `/\host` are other hosts, `javascript:` is another origin).
const ORIGIN = 'http://bastion.invalid';
export const CONSOLE_HOME = '/ui/';

/** This server's origin as the browser addressed it (a full `next` on it is a path here). */
export function requestOrigin(request: { protocol: string; host: string }): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin; // `:80` over http is no port
  } catch {
    return undefined;
  }
}

/**
 * The same-origin path (path + query + hash, as the parser serialised it, so the browser follows
 * exactly what was checked), or `fallback`. A full URL is taken only on `ownOrigin`, the origin the
 * browser reached this server by (an element's sign-in link names its host page so): its path is
 * then judged like any other.
 */
export function safeNext(value: unknown, fallback: string = CONSOLE_HOME, ownOrigin?: string): string {
  if (typeof value !== 'string' || value.length > 2048) return fallback;
  if (ownOrigin && /^https?:\/\//i.test(value)) {
    let full: URL;
    try {
      full = new URL(value);
    } catch {
      return fallback;
    }
    if (full.origin !== ownOrigin || full.username || full.password) return fallback;
    return safeNext(`${full.pathname}${full.search}${full.hash}`, fallback);
  }
  // Browsers trim leading C0 controls and spaces before parsing; the rest must start as a path.
  if (!/^[\u0000-\u0020]*[/\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, `${ORIGIN}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  // What is checked is the serialised path, which the browser parses again from the Location header:
  // dot segments (`/./`, `/a/../`, `/%2e/`) can leave it starting with `//`, another host there.
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? fallback : path;
}

/**
 * The console's logout sends its hash route (`/dashboard`) as next; signing back in should reopen
 * that console page, so a path outside the server's own pages becomes `/ui/#<path>`.
 */
export function consoleNext(value: unknown): string {
  const path = safeNext(value, CONSOLE_HOME);
  if (path === '/ui' || path.startsWith('/ui/') || path.startsWith('/ui?') || path.startsWith('/ui#')) return path;
  if (/^\/(core|api|static|media|luna|koko|docs)(\/|$)/.test(path) || path === '/') return CONSOLE_HOME;
  return `${CONSOLE_HOME}#${path}`;
}

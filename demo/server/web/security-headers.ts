// Security headers on every response (API, console files, login page, errors), set in one place by
// @fastify/helmet: a Content-Security-Policy without inline or eval'd script, nosniff, same-origin
// referrers, and framing limited to this origin unless BASTION_FRAME_ANCESTORS names a portal.
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** `'self'`: only this origin's pages may frame the console. */
export const DEFAULT_FRAME_ANCESTORS = ["'self'"];

// A CSP source as an operator would write it: a keyword, a scheme (`https:`) or an origin with an
// optional `*.` and port. Nothing that could end the directive (`;`, `,`) or add another.
const SOURCE =
  /^(?:'self'|'none'|[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[a-z0-9.-]+(?::(?:\d{1,5}|\*))?)$/i;

/**
 * The `frame-ancestors` sources of BASTION_FRAME_ANCESTORS (space-separated, e.g.
 * `'self' https://portal.example.com`); unset or blank gives the default. Throws on a value the
 * header could not carry as written, so a typo stops the server instead of silently opening framing.
 */
export function parseFrameAncestors(value: string | undefined): string[] {
  const sources = (value ?? '').trim().split(/\s+/).filter(Boolean);
  if (sources.length === 0) return DEFAULT_FRAME_ANCESTORS;
  const bad = sources.filter((s) => !SOURCE.test(s));
  if (bad.length) throw new Error(`BASTION_FRAME_ANCESTORS: not a CSP source: ${bad.join(' ')}`);
  return sources;
}

/**
 * `portalOrigins` (BASTION_CORS_ORIGINS) join form-action: a portal's popup sign-in ends, after the
 * login form's POST, in redirects back to the portal's redirect URI, and Chromium holds every redirect
 * of a form submission to the form-action of the page that sent it.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  frameAncestors = DEFAULT_FRAME_ANCESTORS,
  portalOrigins: readonly string[] = [],
): Promise<void> {
  const onlySelf = frameAncestors.length === 1 && frameAncestors[0] === "'self'";
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Every script is a file of this origin: no inline script, no eval. The console's bootstrap
        // data is a `<script type="application/json">` block, which is data and never executed.
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Styles: Shoelace and lit adopt constructable stylesheets and React sets `style` through
        // the CSSOM, neither of which CSP restricts; the host pages' own `<style>` blocks are
        // static, but xterm's DOM renderer (task-log page) writes `<style>` elements at run time
        // from measured cell sizes, which no hash or nonce can name. So `<style>` elements are
        // allowed ('unsafe-inline' in style-src-elem; injected CSS cannot run script, and server
        // strings are always rendered as text), while `style="…"` attributes in markup are not.
        styleSrc: ["'self'", "'unsafe-inline'"],
        styleSrcElem: ["'self'", "'unsafe-inline'"],
        styleSrcAttr: ["'none'"],
        // Shoelace's icons are fetched SVG (connect-src), its built-in ones (caret, check) as
        // data: URLs; a data: URL is content already in the page, nothing leaves through it.
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...portalOrigins],
        frameAncestors,
      },
    },
    // X-Frame-Options can only say SAMEORIGIN or DENY: sent when it agrees with frame-ancestors,
    // left out when a portal is allowed (browsers that know CSP follow frame-ancestors anyway).
    frameguard: onlySelf ? { action: 'sameorigin' } : false,
    referrerPolicy: { policy: 'same-origin' },
    // HTTPS is decided by whoever terminates TLS in front of this server, not by the server itself.
    strictTransportSecurity: false,
    // Cross-Origin-Opener-Policy: same-origin puts the page in a new browsing-context group, so
    // Chromium starts a new renderer process for any navigation from a page without it (a portal's
    // link, a same-site app, a fresh tab's about:blank): measured ~400 ms more before the console's
    // first script request on a cold load. Left out; the CSP is what guards the page's content.
    crossOriginOpenerPolicy: false,
  });
}

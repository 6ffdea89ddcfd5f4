// The demo portal (`npm start` serves it on PORTAL_HOST:PORTAL_PORT, 127.0.0.2:8081 by default): a
// plain site on another origin than the bastion, whose page embeds <bastion-asset-list> and
// <bastion-session-replay> from the bastion's origin. Its CSP is its own: scripts from itself and the
// bastion, API calls to the bastion only, no inline script. Plain Node (no framework, no build).
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

const FILES = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/index.html': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/callback.html': { file: 'callback.html', type: 'text/html; charset=utf-8' },
  '/portal.js': { file: 'portal.js', type: 'text/javascript; charset=utf-8' },
  '/portal.css': { file: 'portal.css', type: 'text/css; charset=utf-8' },
  // The same portal signing in with oidc-client-ts, as a portal with its own OIDC client would.
  '/oidc.html': { file: 'oidc.html', type: 'text/html; charset=utf-8' },
  '/oidc-portal.js': { file: 'oidc-portal.js', type: 'text/javascript; charset=utf-8' },
  '/oidc-callback.html': { file: 'oidc-callback.html', type: 'text/html; charset=utf-8' },
  '/oidc-callback.js': { file: 'oidc-callback.js', type: 'text/javascript; charset=utf-8' },
  // Its browser build (not in the package's exports map: found beside its package.json).
  // The same list with a token from the portal's own back end (PORTAL_ACCESS_KEY, PORTAL_USER).
  '/backend.html': { file: 'backend.html', type: 'text/html; charset=utf-8' },
  '/backend.js': { file: 'backend.js', type: 'text/javascript; charset=utf-8' },
  '/vendor/oidc-client-ts.min.js': {
    file: join(dirname(require.resolve('oidc-client-ts/package.json')), 'dist/browser/oidc-client-ts.min.js'),
    type: 'text/javascript; charset=utf-8',
  },
};
// The bastion registers both callback pages for the demo client (demo/server/portal/clients.ts).

/** The demo portal's OAuth client, registered by the bastion when BASTION_DEMO_PORTAL names its redirect URI. */
export const DEMO_CLIENT_ID = 'bastion-demo-portal';

const attribute = (text) =>
  String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function csp(bastion) {
  return [
    "default-src 'self'",
    `script-src 'self' ${bastion}`,
    "script-src-attr 'none'",
    // Shoelace and the list adopt constructable sheets; the replay's terminal writes <style> elements.
    "style-src 'self' 'unsafe-inline'",
    "style-src-attr 'none'",
    `connect-src 'self' ${bastion}`,
    `img-src 'self' ${bastion} data:`,
    `font-src 'self' ${bastion} data:`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * GET /token: the portal's back end asks the bastion for a token for its user, with its access key
 * (`Authorization: Token <key>`: a super admin's private token; Sign or Signature keys work the same).
 */
async function backendToken(response, { bastion, clientId, backend }) {
  const send = (status, body) =>
    response
      .writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
      .end(JSON.stringify(body));
  if (!backend.accessKey || !backend.username)
    return send(503, { detail: 'The portal has no access key (start it with PORTAL_ACCESS_KEY and PORTAL_USER).' });
  try {
    const answer = await fetch(`${bastion}/api/v1/authentication/portal-tokens/`, {
      method: 'POST',
      headers: { Authorization: `Token ${backend.accessKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: clientId, username: backend.username }),
    });
    const body = await answer.json().catch(() => ({}));
    if (!answer.ok) return send(502, { detail: `The bastion refused: ${answer.status} ${JSON.stringify(body)}` });
    return send(200, { access_token: body.access_token, expires_in: body.expires_in, username: backend.username });
  } catch (error) {
    return send(502, { detail: `The bastion did not answer: ${error.message}` });
  }
}

/**
 * Starts the portal on `host:port` (port 0: any free one); `bastion` is the bastion's origin; `backend`
 * ({accessKey, username}, settable later through the answer's `backend`) is what its server asks tokens
 * with. Resolves to `{ origin, redirectUri, backend, close() }`.
 */
export function startPortal({ host = '127.0.0.2', port = 8081, bastion, clientId = DEMO_CLIENT_ID, backend = {} }) {
  const dir = new URL('./', import.meta.url);
  return new Promise((resolve, reject) => {
    let origin = '';
    const server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://portal.invalid').pathname;
      if (path === '/token' && request.method === 'GET')
        return void backendToken(response, { bastion, clientId, backend });
      const entry = FILES[path];
      if (!entry || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      let body = readFileSync(entry.file.startsWith('/') ? entry.file : new URL(entry.file, dir), 'utf8');
      if (entry.file.endsWith('.html')) {
        body = body
          .replaceAll('%BASTION_ORIGIN%', attribute(bastion))
          .replaceAll('%CLIENT_ID%', attribute(clientId))
          .replaceAll('%REDIRECT_URI%', attribute(`${origin}/callback.html`))
          .replaceAll('%ORIGIN%', attribute(origin));
      }
      response.writeHead(200, {
        'Content-Type': entry.type,
        'Cache-Control': 'no-cache',
        'Content-Security-Policy': csp(bastion),
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    });
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      origin = `http://${host}:${address.port}`;
      resolve({
        origin,
        redirectUri: `${origin}/callback.html`,
        backend,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

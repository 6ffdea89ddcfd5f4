// The browser must see the API, the login pages and the built console on the test page's origin, or
// the session and csrftoken cookies would not be sent. Status, headers (Set-Cookie, Location) and
// body are passed through untouched.
import { request } from 'node:http';
import { referenceServer } from './reference-server.mjs';

// /embed: the host page /embed.html and its script, so a test sees the server's headers (CSP) too.
// /luna: the web terminal page (its socket's upgrades: web-terminal-fixture.mjs); /koko/: the file manager's page and requests.
export const PROXIED_PREFIXES = ['/api/', '/core/', '/static/', '/ui/', '/embed', '/luna', '/koko/'];

export function proxyToReferenceServer(ctx, next) {
  if (!PROXIED_PREFIXES.some((prefix) => ctx.path.startsWith(prefix))) return next();
  if (!referenceServer.port) {
    ctx.status = 503;
    ctx.body = 'The reference server is not running (see the test output).';
    return undefined;
  }
  ctx.respond = false; // we write the raw response ourselves
  return new Promise((resolve) => {
    const upstream = request(
      { host: '127.0.0.1', port: referenceServer.port, method: ctx.method, path: ctx.url, headers: ctx.req.headers },
      (response) => {
        ctx.res.writeHead(response.statusCode ?? 502, response.rawHeaders);
        response.pipe(ctx.res);
        response.on('end', resolve);
      },
    );
    upstream.on('error', (error) => {
      if (!ctx.res.headersSent) ctx.res.writeHead(502, { 'content-type': 'text/plain' });
      ctx.res.end(`proxy error: ${error.message}`);
      resolve();
    });
    ctx.req.pipe(upstream);
  });
}

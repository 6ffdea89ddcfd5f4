// The real Lina 2.3.1 (a build of jumpserver/lina at v2.3.1, made by hand: /work/shared/TOOLING.md) in
// front of a reference server, as JumpServer 2.3's web container put it: Lina's files at /ui/ (every
// address without a file is index.html: hash routes), gzip-compressed as that nginx did, and
// everything else passed to the server with the browser's Host header kept, WebSocket upgrades too.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort } from '../lib/free-port.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};
// What 2.3's nginx compressed (gzip_types); images and fonts are sent as they are.
const COMPRESSED = new Set(['.html', '.js', '.css', '.json', '.svg']);

/** A file of Lina's build, read and compressed once. */
function fileServer(dist) {
  const cache = new Map();
  return (urlPath) => {
    const relative = normalize(decodeURIComponent(urlPath.replace(/^\/ui\/?/, ''))).replace(/^(\.\.[/\\])+/, '');
    let file = join(dist, relative);
    if (!relative || relative === '.' || !existsSync(file) || statSync(file).isDirectory())
      file = join(dist, 'index.html');
    if (!cache.has(file)) {
      const body = readFileSync(file);
      const ext = extname(file);
      cache.set(file, {
        body,
        gzip: COMPRESSED.has(ext) ? gzipSync(body, { level: 6 }) : null,
        type: TYPES[ext] ?? 'application/octet-stream',
      });
    }
    return cache.get(file);
  };
}

/** Starts the proxy on a free loopback port; resolves `{ base, close() }`. */
export async function startLinaProxy({ dist, upstream }) {
  if (!existsSync(join(dist, 'index.html')))
    throw new Error(`LINA_DIST=${dist} holds no index.html (a Lina build's dist/)`);
  const target = new URL(upstream);
  const files = fileServer(dist);
  const server = createServer((req, res) => {
    const path = req.url.split('?')[0];
    if (path === '/ui' || path.startsWith('/ui/')) {
      const file = files(path);
      const gzip = file.gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      res.writeHead(200, {
        'Content-Type': file.type,
        'Content-Length': (gzip ? file.gzip : file.body).length,
        ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
        Vary: 'Accept-Encoding',
      });
      res.end(gzip ? file.gzip : file.body);
      return;
    }
    // /api, /core, /ws, /koko, /luna, /static, /media and the rest: the server, Host kept.
    const forward = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  server.on('upgrade', (req, socket, head) => {
    const out = connect(Number(target.port), target.hostname, () => {
      const lines = [
        `${req.method} ${req.url} HTTP/1.1`,
        ...Object.entries(req.headers).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${k}: ${x}`)),
      ];
      out.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) out.write(head);
      out.pipe(socket).pipe(out);
    });
    const close = () => {
      out.destroy();
      socket.destroy();
    };
    out.on('error', close);
    socket.on('error', close);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

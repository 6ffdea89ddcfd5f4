// deploy/nginx/bastion-console.conf, the configuration operators put in front of JumpServer 2.3: it
// passes `nginx -t` as shipped (Luna kept, or the web terminal page instead; with and without the
// brotli module), routes each address where JumpServer 2.3's web container does (checked against
// upstreams that say who they are), passes WebSockets on /ws/ and /koko/, and serves a console build
// as the reference server does: the build's own .br/.gz bytes, its cache lifetimes, its security
// headers, index.html for the console's addresses and a 404 for a missing chunk. A real nginx
// (Debian's, scripts/ensure-nginx.mjs) runs on a free loopback port (scripts/lib/nginx.mjs).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { type TestContext } from 'node:test';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { WebSocket, WebSocketServer } from 'ws';
import {
  PLACEHOLDERS,
  SITE_TEMPLATE,
  brotliModuleInstalled,
  checkConfig,
  renderSite,
  startNginx,
  writeConfig,
  type Nginx,
} from '../../../scripts/lib/nginx.mjs';
import { build } from '../helpers.ts';

const template = readFileSync(SITE_TEMPLATE, 'utf8');
const BROTLI = brotliModuleInstalled();
/** What @fastify/helmet sends with every answer of the reference server (demo/server/web/security-headers.ts). */
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const YEAR = 'public, max-age=31536000, immutable';

function tempDir(t: TestContext, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Values as an operator on one host would fill them in (nginx -t resolves upstream names, so addresses). */
const hostValues = (uiDir: string, lunaDir: string) => ({
  BASTION_LISTEN: '127.0.0.1:8081',
  BASTION_UI_DIR: `${uiDir}/`,
  JUMPSERVER_CORE: '127.0.0.1:8080',
  JUMPSERVER_CORE_WS: '127.0.0.1:8070',
  JUMPSERVER_KOKO: '127.0.0.1:5000',
  JUMPSERVER_LUNA_DIR: `${lunaDir}/`,
});

/** A small console build: index.html, an entry, a hashed chunk and an icon, each script and icon with its .br/.gz. */
function fakeBuild(t: TestContext): string {
  const dist = tempDir(t, 'bastion-nginx-dist-');
  mkdirSync(join(dist, 'shoelace/assets/icons'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="./bastion-console.js"></script></head><body><bastion-console></bastion-console></body></html>\n',
  );
  const files: Record<string, string> = {
    'bastion-console.js': `import "./define-Ab3dEfG1.js";\n${'export const entry = "console";\n'.repeat(40)}`,
    'define-Ab3dEfG1.js': `${'export const shared = "chunk of the build";\n'.repeat(60)}`,
    // Lower-case only: an entry's name, not a hash, though it has the shape of one.
    'bastion-settings.js': 'export const settings = 1;\n'.repeat(50),
    'shoelace/assets/icons/gear.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h16v16H0z"/>'.repeat(30)}</svg>`,
  };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dist, name), content);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(content));
    // Level 9: nginx's own gzip works at level 1, so these bytes tell the build's copy from a per-request one.
    writeFileSync(join(dist, `${name}.gz`), gzipSync(content, { level: 9 }));
  }
  return dist;
}

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request with its body as sent (no decompression), unlike fetch. */
function raw(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

/**
 * An upstream that answers every request with who it is and what it received (path and the headers
 * nginx set), and accepts WebSocket upgrades whose frames it echoes with its name.
 */
async function upstream(t: TestContext, name: string): Promise<string> {
  const server: Server = createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ upstream: name, url: req.url, headers: req.headers }));
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) =>
    sockets.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (data) => ws.send(`${name}: ${String(data)} (${req.url}, Host ${req.headers.host})`));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        // Upgraded sockets are no longer the HTTP server's: ended here, or close() would wait for them.
        for (const ws of sockets.clients) ws.terminate();
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  return `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function nginxFor(t: TestContext, options: Parameters<typeof startNginx>[0]): Promise<Nginx> {
  const nginx = await startNginx(options);
  t.after(() => nginx.stop());
  return nginx;
}

test('the template names its placeholders and fills in to a configuration with none left', (t) => {
  const header = template.slice(0, template.indexOf('map '));
  const used = [...new Set([...template.matchAll(/\$\{([A-Z_]+)\}/g)].map((m) => m[1]))].sort();
  assert.deepEqual(used, [...PLACEHOLDERS].sort(), 'the renderer knows every placeholder the file uses');
  for (const name of PLACEHOLDERS)
    assert.match(header, new RegExp(`^#\\s+${name}\\s+\\S`, 'm'), `${name} is explained at the top`);
  const rendered = renderSite(hostValues('/opt/bastion-console/ui', '/opt/luna'));
  assert.doesNotMatch(rendered, /\$\{/);
  assert.match(rendered, /alias \/opt\/bastion-console\/ui\/;/);
  assert.throws(() => renderSite({ ...hostValues('/a', '/b'), JUMPSERVER_KOKO: '' }), /JUMPSERVER_KOKO/);
  // The renderer fills in what README.md's envsubst command does, character for character.
  const envsubst = spawnSync('envsubst', [PLACEHOLDERS.map((name) => `\${${name}}`).join(' ')], {
    input: template,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...hostValues('/opt/bastion-console/ui', '/opt/luna') },
  });
  if (envsubst.error) t.diagnostic('no envsubst here (Debian: gettext-base): its output was not compared');
  else assert.equal(envsubst.stdout, rendered);
  // The switch README.md describes: Luna's location out, the web terminal page's in.
  const active = (text: string) =>
    text
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n');
  assert.match(active(rendered), /location \/luna\/ \{\s+alias \/opt\/luna\/;/);
  const webTerminal = active(renderSite(hostValues('/a', '/b'), { webTerminal: true }));
  assert.match(webTerminal, /location \/luna\/ \{\s+proxy_pass http:\/\/127\.0\.0\.1:8080;\s+\}/);
  assert.doesNotMatch(webTerminal, /alias \/b\//);
});

test('nginx -t accepts it: Luna or the web terminal page, with or without the brotli module', (t) => {
  const uiDir = fakeBuild(t);
  const lunaDir = tempDir(t, 'bastion-nginx-luna-');
  const cases = [false, true].flatMap((webTerminal) =>
    [false, ...(BROTLI ? [true] : [])].map((brotli) => ({ webTerminal, brotli })),
  );
  for (const { webTerminal, brotli } of cases) {
    const dir = tempDir(t, 'bastion-nginx-t-');
    const conf = writeConfig(dir, { site: renderSite(hostValues(uiDir, lunaDir), { webTerminal }), brotli });
    const result = checkConfig(conf);
    assert.ok(result.ok, `webTerminal=${webTerminal} brotli=${brotli}: ${result.output}`);
    assert.match(result.output, /test is successful/);
  }
  if (!BROTLI)
    t.diagnostic('libnginx-mod-http-brotli-static is not installed: only the configuration without it was checked');
});

test("routes as JumpServer 2.3's web container: the core, its WebSockets, koko, Luna", async (t) => {
  const [core, coreWs, koko] = await Promise.all([upstream(t, 'core'), upstream(t, 'core-ws'), upstream(t, 'koko')]);
  const lunaDir = tempDir(t, 'bastion-nginx-luna-');
  writeFileSync(join(lunaDir, 'index.html'), '<title>Luna</title>\n');
  const nginx = await nginxFor(t, { core, coreWs, koko, uiDir: fakeBuild(t), lunaDir });
  const answer = async (path: string, headers: Record<string, string> = {}) => {
    const response = await raw(`${nginx.origin}${path}`, headers);
    return {
      status: response.status,
      ...(JSON.parse(response.body.toString()) as { upstream: string; url: string; headers: IncomingHttpHeaders }),
    };
  };
  for (const path of [
    '/api/v1/users/profile/',
    '/core/auth/login/?next=/ui/',
    '/static/img/logo.png',
    '/media/replay/x.cast.gz',
    '/',
    '/embed.html',
    '/api/health/',
  ]) {
    const reply = await answer(path);
    assert.deepEqual([reply.upstream, reply.url], ['core', path], path);
  }
  const files = await answer('/koko/elfinder/sftp/');
  assert.deepEqual([files.upstream, files.url], ['koko', '/koko/elfinder/sftp/']);
  const taskLog = await answer('/ws/ops/tasks/log/');
  assert.deepEqual([taskLog.upstream, taskLog.url], ['core-ws', '/ws/ops/tasks/log/']);

  // What the core is told: the Host the browser asked (its port too: the socket's Origin check and
  // Django's CSRF check compare it), and the caller's address as nginx saw it, not the one it claims.
  const seen = (await answer('/api/v1/users/profile/', { 'X-Forwarded-For': '127.9.9.9', 'X-Real-IP': '127.9.9.9' }))
    .headers;
  assert.equal(seen.host, `127.0.0.1:${nginx.port}`);
  assert.equal(seen['x-forwarded-for'], '127.0.0.1');
  assert.equal(seen['x-real-ip'], '127.0.0.1');
  assert.equal(seen['x-forwarded-proto'], 'http');
  assert.equal(seen.upgrade, undefined, 'no Upgrade on a plain request');

  // Luna's files where the web container serves them, its page for its own routes.
  const luna = await raw(`${nginx.origin}/luna/?login_to=x`);
  assert.equal(luna.status, 200);
  assert.match(luna.body.toString(), /<title>Luna<\/title>/);
  assert.equal((await raw(`${nginx.origin}/luna/connect/asset`)).body.toString(), luna.body.toString());
});

test('WebSockets pass through on /koko/ and /ws/, with the Host the browser asked', async (t) => {
  const [core, koko] = await Promise.all([upstream(t, 'core'), upstream(t, 'koko')]);
  const nginx = await nginxFor(t, { core, koko, uiDir: fakeBuild(t), webTerminal: true });
  for (const [path, name] of [
    ['/koko/ws/terminal/?token=t1&cols=80&rows=24', 'koko'],
    ['/ws/ops/tasks/log/', 'core'],
  ]) {
    const socket = new WebSocket(`ws://127.0.0.1:${nginx.port}${path}`, {
      origin: nginx.origin,
      handshakeTimeout: 5000,
    });
    try {
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const reply = new Promise<string>((resolve, reject) => {
        socket.once('message', (data) => resolve(String(data)));
        setTimeout(() => reject(new Error(`no answer on ${path}`)), 5000);
      });
      socket.send('ping');
      assert.equal(await reply, `${name}: ping (${path}, Host 127.0.0.1:${nginx.port})`);
    } finally {
      socket.terminate();
    }
  }
  // The web terminal page in place of Luna is the core's.
  const page = JSON.parse((await raw(`${nginx.origin}/luna/?login_to=abc`)).body.toString());
  assert.deepEqual([page.upstream, page.url], ['core', '/luna/?login_to=abc']);
});

for (const brotli of [false, ...(BROTLI ? [true] : [])]) {
  test(`serves a console build as the reference server does (${brotli ? 'with' : 'without'} the brotli module)`, async (t) => {
    const dist = fakeBuild(t);
    const app = await build(t, { distDir: dist });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const core = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const nginx = await nginxFor(t, { core, uiDir: dist, brotli });
    const get = (path: string, encoding = 'br, gzip') => raw(`${nginx.origin}${path}`, { 'Accept-Encoding': encoding });

    // Each script and icon: the build's own copy, chosen by Accept-Encoding, never compressed again.
    for (const file of [
      'bastion-console.js',
      'define-Ab3dEfG1.js',
      'bastion-settings.js',
      'shoelace/assets/icons/gear.svg',
    ]) {
      const copies = [
        ...(brotli
          ? [{ accept: 'gzip, deflate, br', encoding: 'br', bytes: readFileSync(join(dist, `${file}.br`)) }]
          : []),
        { accept: 'gzip', encoding: 'gzip', bytes: readFileSync(join(dist, `${file}.gz`)) },
        { accept: 'identity', encoding: undefined, bytes: readFileSync(join(dist, file)) },
      ];
      for (const { accept, encoding, bytes } of copies) {
        const response = await get(`/ui/${file}`, accept);
        assert.equal(response.status, 200, `${file} ${accept}`);
        assert.equal(response.headers['content-encoding'], encoding, `${file} ${accept}`);
        assert.ok(
          response.body.equals(bytes),
          `${file} (${accept}) is the build's ${encoding ?? 'plain'} file as it is`,
        );
        assert.match(String(response.headers.vary), /Accept-Encoding/, file);
      }
    }
    if (!brotli)
      assert.equal(
        (await get('/ui/bastion-console.js', 'br')).headers['content-encoding'],
        undefined,
        'no brotli without the module',
      );

    // Cache lifetimes, as the reference server sets them for the same files.
    const cacheOf = async (path: string) => (await get(path)).headers['cache-control'];
    assert.equal(await cacheOf('/ui/define-Ab3dEfG1.js'), YEAR);
    assert.equal(await cacheOf('/ui/bastion-console.js'), 'no-cache');
    assert.equal(await cacheOf('/ui/bastion-settings.js'), 'no-cache');
    assert.equal(await cacheOf('/ui/shoelace/assets/icons/gear.svg'), 'public, max-age=86400');
    for (const path of ['/ui/define-Ab3dEfG1.js', '/ui/bastion-console.js', '/ui/shoelace/assets/icons/gear.svg']) {
      const reference = await app.inject({ method: 'GET', url: path });
      assert.equal(reference.headers['cache-control'], await cacheOf(path), `${path}: the reference server agrees`);
    }

    // index.html as it is (no bootstrap data: the console asks for it), for every console address.
    const index = readFileSync(join(dist, 'index.html'));
    for (const path of ['/ui/', '/ui/index.html', '/ui/users/users/', '/ui/some/page']) {
      const page = await get(path, 'identity');
      assert.equal(page.status, 200, path);
      assert.ok(page.body.equals(index), `${path} is dist/index.html`);
      assert.equal(page.headers['cache-control'], 'no-cache', path);
      assert.match(String(page.headers['content-type']), /^text\/html/, path);
    }
    // A chunk that is not there (an older build's) is a 404, and one that is not kept.
    for (const path of ['/ui/Gone-Zz9YxW8v.js', '/ui/bastion-nothing.js', '/ui/shoelace/assets/icons/none.svg']) {
      const missing = await get(path);
      assert.equal(missing.status, 404, path);
      assert.equal(missing.headers['cache-control'], 'no-cache', path);
    }

    // The same security headers as the reference server's, on files, the page and errors alike.
    const reference = await app.inject({ method: 'GET', url: '/ui/bastion-console.js' });
    for (const path of [
      '/ui/bastion-console.js',
      '/ui/define-Ab3dEfG1.js',
      '/ui/',
      '/ui/shoelace/assets/icons/gear.svg',
      '/ui/Gone-Zz9YxW8v.js',
    ]) {
      const response = await get(path);
      for (const name of SECURITY_HEADERS) {
        assert.equal(typeof reference.headers[name], 'string', `the reference server sends ${name}`);
        assert.equal(response.headers[name], reference.headers[name], `${path}: ${name}`);
      }
      assert.equal(response.headers.server, 'nginx', `${path}: no version`);
    }
    const csp = String(reference.headers['content-security-policy']);
    assert.match(csp, /(^|;)script-src 'self'(;|$)/, 'scripts only from this origin');
    assert.doesNotMatch(csp, /unsafe-eval/);
    assert.match(csp, /frame-ancestors 'self'/);

    // Everything else is the core's, with the core's own headers.
    const settings = await raw(`${nginx.origin}/api/v1/settings/public/`);
    assert.equal(settings.status, 200);
    assert.equal(settings.headers['content-type'], 'application/json; charset=utf-8');
    const home = await raw(`${nginx.origin}/`);
    assert.deepEqual([home.status, home.headers.location], [302, '/ui/']);
    assert.equal(nginx.errorLog().match(/\[(emerg|alert|crit)\]/g), null, nginx.errorLog());
  });
}

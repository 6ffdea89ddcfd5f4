// The web terminal's socket (`/koko/ws/...`) as a browser meets it: the server passes it through to
// the terminal component's port frame for frame, both ways, with the caller's address and id signed
// for the terminal; it refuses a signed-out or cross-site upgrade, or another user's connection token,
// before the terminal ever hears of it.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { test, type TestContext } from 'node:test';
import { WebSocket, WebSocketServer } from 'ws';
import { tokenHash } from '../../../demo/server/core/secrets/token-hash.ts';
import { terminalProxySecret } from '../../../demo/server/terminal/proxy-secret.ts';
import { verifyUpgrade } from '../../../demo/shared/proxy-signature.ts';
import { terminalHttpHost } from '../../../demo/server/web/terminal-socket-proxy.ts';
import { bearer, build, loginSession, orgId, userId } from '../helpers.ts';

interface Upstream {
  port: number;
  requests: IncomingMessage[];
  received: string[];
  sockets: WebSocket[];
}

/** A stand-in terminal on a loopback port: records each handshake and frame, echoes data frames. */
async function startUpstream(t: TestContext, host = '127.0.0.1'): Promise<Upstream> {
  const server = new WebSocketServer({ host, port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const upstream: Upstream = {
    port: (server.address() as { port: number }).port,
    requests: [],
    received: [],
    sockets: [],
  };
  server.on('connection', (socket, request) => {
    upstream.requests.push(request);
    upstream.sockets.push(socket);
    socket.on('message', (data, binary) => {
      const text = binary ? `binary:${Buffer.from(data as Buffer).toString('hex')}` : data.toString();
      upstream.received.push(text);
      if (!binary && JSON.parse(text).type === 'data')
        socket.send(JSON.stringify({ type: 'data', data: `echo:${JSON.parse(text).data}` }));
      if (binary) socket.send(data, { binary: true });
    });
  });
  // Its sockets end first: a test that failed halfway must not keep the server waiting for them.
  t.after(
    () =>
      new Promise((resolve) => {
        for (const socket of server.clients) socket.terminate();
        server.close(resolve);
      }),
  );
  return upstream;
}

async function startServer(t: TestContext, terminalHttpPort: number) {
  const app = await build(t, { terminalHttpPort });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return { app, port, origin: `http://127.0.0.1:${port}` };
}

/** Opens a socket; resolves once open, or with the HTTP status of a refused handshake. */
function connect(
  url: string,
  headers: Record<string, string>,
): Promise<{
  socket: WebSocket;
  status: number;
  frames: unknown[];
  closed: Promise<{ code: number; reason: string }>;
}> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const frames: unknown[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.on('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    socket.on('message', (data, binary) =>
      frames.push(binary ? Buffer.from(data as Buffer) : JSON.parse(data.toString())),
    );
    socket.on('open', () => resolve({ socket, status: 101, frames, closed }));
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => {
        frames.push(JSON.parse(body));
        resolve({ socket, status: response.statusCode ?? 0, frames, closed });
      });
    });
    socket.on('error', (error) => {
      if (socket.readyState === WebSocket.CONNECTING) reject(error);
    });
  });
}

async function until<T>(read: () => T | undefined, what: string, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const PATH = '/koko/ws/terminal/?token=abc&cols=80&rows=24';

test('a signed-in page of this origin talks to the terminal through the proxy, frames both ways', async (t) => {
  const upstream = await startUpstream(t);
  const { app, port, origin } = await startServer(t, upstream.port);
  const session = await loginSession(app, 'user');
  const client = await connect(`ws://127.0.0.1:${port}${PATH}`, {
    cookie: session.cookie,
    origin,
    'x-forwarded-for': '127.66.0.9',
  });
  assert.equal(client.status, 101);

  // Sent at once: the proxy holds frames until the terminal has answered, in order.
  client.socket.send(JSON.stringify({ type: 'data', data: 'echo hello\r' }));
  client.socket.send(JSON.stringify({ type: 'resize', cols: 120, rows: 40 }));
  client.socket.send(Buffer.from([0, 1, 255]), { binary: true });
  await until(() => upstream.received.length === 3 || undefined, 'three frames at the terminal');
  assert.deepEqual(upstream.received, [
    '{"type":"data","data":"echo hello\\r"}',
    '{"type":"resize","cols":120,"rows":40}',
    'binary:0001ff',
  ]);
  await until(() => client.frames.length === 2 || undefined, 'the echoes');
  assert.deepEqual(client.frames[0], { type: 'data', data: 'echo:echo hello\r' });
  assert.deepEqual(client.frames[1], Buffer.from([0, 1, 255]));

  // The terminal sees the path and query the page asked for, the caller's own address (not what the
  // caller claimed) and id, signed with the terminals' key, and neither the session cookie nor the
  // browser's origin.
  const [handshake] = upstream.requests;
  assert.equal(handshake.url, PATH);
  assert.equal(handshake.headers['x-forwarded-for'], '127.0.0.1');
  assert.deepEqual(verifyUpgrade(terminalProxySecret(app.bastion.db), handshake.headers, PATH, Date.now()), {
    user: userId(app, 'user'),
    forwardedFor: '127.0.0.1',
  });
  assert.equal(verifyUpgrade('another key', handshake.headers, PATH, Date.now()), null);
  assert.equal(handshake.headers.cookie, undefined);
  assert.equal(handshake.headers.origin, undefined);

  // The terminal ends the session: its close message and close code reach the page.
  upstream.sockets[0].send(JSON.stringify({ type: 'close', reason: 'Session terminated by admin' }));
  upstream.sockets[0].close(4001, 'killed');
  const closed = await client.closed;
  assert.deepEqual(client.frames[2], { type: 'close', reason: 'Session terminated by admin' });
  assert.deepEqual(closed, { code: 4001, reason: 'killed' });
});

test('closing the page closes the terminal socket', async (t) => {
  const upstream = await startUpstream(t);
  const { app, port, origin } = await startServer(t, upstream.port);
  const session = await loginSession(app, 'user');
  const client = await connect(`ws://127.0.0.1:${port}${PATH}`, { cookie: session.cookie, origin });
  const socket = await until(() => upstream.sockets[0], 'the terminal connection');
  const upstreamClosed = new Promise((resolve) => socket.on('close', resolve));
  client.socket.close(1000);
  await upstreamClosed;
  assert.equal(socket.readyState, WebSocket.CLOSED);
});

test('a signed-out, bearer-token or cross-site upgrade is refused before the terminal hears of it', async (t) => {
  const upstream = await startUpstream(t);
  const { app, port, origin } = await startServer(t, upstream.port);
  const session = await loginSession(app, 'user');
  const url = `ws://127.0.0.1:${port}${PATH}`;

  const signedOut = await connect(url, { origin });
  assert.equal(signedOut.status, 401);
  assert.match(String((signedOut.frames[0] as { detail: string }).detail), /认证|authentic/i);

  // A browser cannot put a bearer token on a WebSocket; the terminal is for signed-in browsers.
  const token = await connect(url, { origin, ...(await bearer(app, 'user')) });
  assert.equal(token.status, 401);

  const crossSite = await connect(url, { cookie: session.cookie, origin: 'http://evil.example' });
  assert.equal(crossSite.status, 403);
  assert.deepEqual(crossSite.frames[0], { detail: '拒绝连接：该请求来自其他站点。' });
  const otherPort = await connect(url, { cookie: session.cookie, origin: `http://127.0.0.1:${port + 1}` });
  assert.equal(otherPort.status, 403);
  const noOrigin = await connect(url, { cookie: session.cookie });
  assert.equal(noOrigin.status, 403);
  const english = await connect(url, { cookie: `${session.cookie}; django_language=en`, origin: 'null' });
  assert.deepEqual(english.frames[0], { detail: 'Connection refused: the request came from another site.' });

  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(upstream.requests.length, 0);
});

test("another user's connection token is refused before the upgrade, and stays unspent", async (t) => {
  const upstream = await startUpstream(t);
  const { app, port, origin } = await startServer(t, upstream.port);
  const db = app.bastion.db;
  const eng = orgId(app, 'Engineering');
  const asset = db.prepare('SELECT id FROM assets WHERE hostname = ? AND org_id = ?').pluck().get('bj-api-01', eng);
  const systemUser = db.prepare('SELECT id FROM system_users WHERE name = ? AND org_id = ?').pluck().get('deploy', eng);
  const owner = await loginSession(app, 'user');
  const made = await app.inject({
    method: 'POST',
    url: '/api/v1/users/connection-token/',
    headers: owner.headers,
    payload: { asset, system_user: systemUser },
  });
  assert.equal(made.statusCode, 201, made.body);
  const token = made.json().token as string;
  const path = `/koko/ws/terminal/?token=${token}&cols=80&rows=24`;

  const other = await loginSession(app, 'orgadmin');
  const refused = await connect(`ws://127.0.0.1:${port}${path}`, { cookie: other.cookie, origin });
  assert.equal(refused.status, 403);
  assert.deepEqual(refused.frames[0], { detail: '拒绝连接：该连接令牌属于其他用户。' });
  // The token the terminal would read is the first one: a second `token` does not hide it.
  const doubled = await connect(`ws://127.0.0.1:${port}${path}&token=mine`, { cookie: other.cookie, origin });
  assert.equal(doubled.status, 403);
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(upstream.requests.length, 0, 'the terminal never heard of it');
  assert.ok(db.prepare('SELECT 1 FROM connection_tokens WHERE token_hash = ?').get(tokenHash(token)), 'not spent');

  const mine = await connect(`ws://127.0.0.1:${port}${path}`, { cookie: owner.cookie, origin });
  assert.equal(mine.status, 101);
  await until(() => upstream.requests[0], 'the owner reaching the terminal');
  assert.equal(upstream.requests[0].headers['x-bastion-user'], userId(app, 'user'));
  mine.socket.close();
});

test('the proxy reaches the terminal on TERMINAL_HTTP_HOST', async (t) => {
  assert.equal(terminalHttpHost(undefined), '127.0.0.1');
  assert.equal(terminalHttpHost('0.0.0.0'), '127.0.0.1', 'a terminal on every interface is reached over loopback');
  assert.equal(terminalHttpHost('::'), '::1');
  assert.equal(terminalHttpHost('127.0.0.3'), '127.0.0.3');
  assert.throws(() => terminalHttpHost('bad host/x'), /TERMINAL_HTTP_HOST/);

  const upstream = await startUpstream(t, '127.0.0.3');
  const saved = process.env.TERMINAL_HTTP_HOST;
  process.env.TERMINAL_HTTP_HOST = '127.0.0.3';
  t.after(() => {
    if (saved === undefined) delete process.env.TERMINAL_HTTP_HOST;
    else process.env.TERMINAL_HTTP_HOST = saved;
  });
  const { app, port, origin } = await startServer(t, upstream.port);
  const session = await loginSession(app, 'user');
  const client = await connect(`ws://127.0.0.1:${port}${PATH}`, { cookie: session.cookie, origin });
  assert.equal(client.status, 101);
  await until(() => upstream.requests[0], 'the terminal on 127.0.0.3');
  client.socket.close();
});

test('a terminal that is not running: the page is told so in a close message', async (t) => {
  // A port nothing listens on: one a server held a moment ago.
  const probe = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => probe.once('listening', resolve));
  const closedPort = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));

  const { app, port, origin } = await startServer(t, closedPort);
  const session = await loginSession(app, 'user');
  const client = await connect(`ws://127.0.0.1:${port}${PATH}`, {
    cookie: `${session.cookie}; django_language=en`,
    origin,
  });
  const closed = await client.closed;
  assert.deepEqual(client.frames, [
    { type: 'close', reason: 'The terminal service cannot be reached; please try again later.' },
  ]);
  assert.equal(closed.code, 1011);
});

test('the socket path answers a plain request with a message, never a page or a 5xx', async (t) => {
  const app = await build(t, { terminalHttpPort: 1 });
  const session = await loginSession(app, 'user');
  const plain = await app.inject({ method: 'GET', url: PATH, headers: { cookie: session.cookie } });
  assert.equal(plain.statusCode, 400);
  assert.deepEqual(plain.json(), { detail: '此地址只接受 WebSocket 连接。' });
  const anonymous = await app.inject({ method: 'GET', url: PATH });
  assert.equal(anonymous.statusCode, 401);
});

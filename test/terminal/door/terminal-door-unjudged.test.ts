// The door tells the truth about sign-ins the server did not judge: the terminal talks to the server
// through a proxy here that can answer its sign-in calls busy (429), fail them (500) or drop them. Busy is
// asked again and passes when the server catches up, counted nowhere as a wrong password; a failure or no
// answer is said to the user as such (a banner, both languages), and the sign-in still fails.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, type TestContext } from 'node:test';
import { Client } from 'ssh2';
import { startTerminal } from '../../../demo/terminal/terminal.ts';
import { PASSWORD } from '../../server/helpers.ts';
import { BOOTSTRAP_TOKEN, terminalWorld, type TerminalWorld } from '../../server/support/terminal-world.ts';

type Mode = { kind: 'pass' } | { kind: 'busy'; times: number } | { kind: 'fail' } | { kind: 'drop' };

const SIGN_IN = '/api/v1/authentication/tokens/';

/** A proxy to the server whose answers to the door's sign-in calls the test chooses; every other call passes. */
async function proxyTo(t: TestContext, base: string) {
  const state = { mode: { kind: 'pass' } as Mode, signIns: 0 };
  const forward = async (request: IncomingMessage, response: ServerResponse, body: Buffer) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
    ) as Record<string, string>;
    const answer = await fetch(`${base}${request.url}`, {
      method: request.method,
      headers,
      body: body.length ? new Uint8Array(body) : undefined,
    });
    const out: Record<string, string | string[]> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) out[name] = value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length) out['set-cookie'] = cookies;
    response.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      if (request.url?.startsWith(SIGN_IN)) {
        state.signIns += 1;
        const { mode } = state;
        if (mode.kind === 'busy' && mode.times > 0) {
          mode.times -= 1;
          response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"error":"busy"}');
          return;
        }
        if (mode.kind === 'fail')
          return void response.writeHead(500, { 'content-type': 'application/json' }).end('{"detail":"boom"}');
        if (mode.kind === 'drop') return void request.socket.destroy();
      }
      forward(request, response, body).catch(() => response.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state };
}

/** The world's terminal again, talking to the server through the proxy (same data dir: same key). */
async function terminalVia(t: TestContext, world: TerminalWorld, apiBase: string): Promise<number> {
  await world.terminal.stop();
  const terminal = await startTerminal({
    apiBase,
    bootstrapToken: BOOTSTRAP_TOKEN,
    name: `td-${process.pid}`,
    dataDir: world.dataDir,
    host: '127.0.0.1',
    sshPort: 0,
    httpPort: 0,
    heartbeatInterval: 1,
    allowedTargets: '127.0.0.0/8',
    log: () => {},
  });
  t.after(() => terminal.stop());
  return terminal.sshPort;
}

function signIn(port: number, username: string): Promise<{ ok: boolean; banners: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const client = new Client();
    let banners = '';
    client.on('banner', (message: string) => {
      banners += message;
    });
    client.once('ready', () => {
      client.end();
      resolve({ ok: true, banners, ms: Date.now() - started });
    });
    client.once('error', () => resolve({ ok: false, banners, ms: Date.now() - started }));
    client.connect({
      host: '127.0.0.1',
      port,
      username,
      password: PASSWORD,
      readyTimeout: 120_000,
      tryKeyboard: false,
    });
  });
}

const failures = (world: TerminalWorld, username: string) =>
  world.app.bastion.db
    .prepare('SELECT COUNT(*) FROM login_logs WHERE username = ? AND status = 0')
    .pluck()
    .get(username) as number;

test('busy sign-ins are asked again until the server takes them, and never count as wrong passwords', async (t) => {
  const world = await terminalWorld(t);
  const proxy = await proxyTo(t, world.base);
  const port = await terminalVia(t, world, proxy.url);
  proxy.state.mode = { kind: 'busy', times: 3 };
  const answer = await signIn(port, world.user.username);
  assert.equal(answer.ok, true, 'signed in once the server caught up');
  assert.equal(answer.banners, '');
  assert.equal(proxy.state.signIns, 4, 'three busy answers, then the one that counted');
  assert.equal(failures(world, world.user.username), 0);
});

test('a server that fails or does not answer is said at the door, in both languages, and the sign-in fails', async (t) => {
  const world = await terminalWorld(t);
  const proxy = await proxyTo(t, world.base);
  const port = await terminalVia(t, world, proxy.url);

  proxy.state.mode = { kind: 'fail' };
  const failed = await signIn(port, world.user.username);
  assert.equal(failed.ok, false);
  assert.match(
    failed.banners,
    /The bastion's server failed while checking your sign-in \(this is not a wrong password\)/,
  );
  assert.match(failed.banners, /堡垒机服务器出错/);

  proxy.state.mode = { kind: 'drop' };
  const silent = await signIn(port, world.user.username);
  assert.equal(silent.ok, false);
  assert.match(silent.banners, /The bastion's server did not answer, so your sign-in could not be checked/);

  // A wrong password is still just that: no banner, refused.
  proxy.state.mode = { kind: 'pass' };
  const wrong = await new Promise<{ ok: boolean; banners: string }>((resolve) => {
    const client = new Client();
    let banners = '';
    client.on('banner', (message: string) => {
      banners += message;
    });
    client.once('ready', () => {
      client.end();
      resolve({ ok: true, banners });
    });
    client.once('error', () => resolve({ ok: false, banners }));
    client.connect({
      host: '127.0.0.1',
      port,
      username: world.user.username,
      password: 'not-the-password',
      readyTimeout: 30_000,
      tryKeyboard: false,
    });
  });
  assert.deepEqual(wrong, { ok: false, banners: '' });
  assert.equal(failures(world, world.user.username), 1, 'only the wrong password counted');
});

test("a server busy past the door's wait is said as busy, not as a wrong password", { timeout: 120_000 }, async (t) => {
  const world = await terminalWorld(t);
  const proxy = await proxyTo(t, world.base);
  const port = await terminalVia(t, world, proxy.url);
  proxy.state.mode = { kind: 'busy', times: Number.MAX_SAFE_INTEGER };
  const busy = await signIn(port, world.user.username);
  assert.equal(busy.ok, false);
  assert.match(
    busy.banners,
    /The bastion's server is too busy to check your sign-in right now \(this is not a wrong password\)/,
  );
  assert.ok(busy.ms >= 25_000 && busy.ms < 60_000, `asked again for about 30 s: ${busy.ms} ms`);
  assert.equal(failures(world, world.user.username), 0);
});

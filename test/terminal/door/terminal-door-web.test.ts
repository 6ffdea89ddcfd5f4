// The web terminal socket of the terminal component (contract §3), as a browser reaches it: through the
// server's proxy, which vouches for the signed-in user and their address. A connection token the user
// got from the server opens the same recorded, filtered session as SSH, with login_from WT and the user
// named as the SSH door names them; the terminal's own port refuses anyone but the server.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { tokenHash } from '../../../demo/server/core/secrets/token-hash.ts';
import { terminalProxySecret } from '../../../demo/server/terminal/proxy-secret.ts';
import { signUpgrade } from '../../../demo/shared/proxy-signature.ts';
import { optionsFromEnv } from '../../../demo/terminal/config.ts';
import { startTerminal } from '../../../demo/terminal/terminal.ts';
import { bearer, PASSWORD } from '../../server/helpers.ts';
import { sshScreen, webScreen } from '../../server/support/terminal-screen.ts';
import { BOOTSTRAP_TOKEN, eventually, terminalWorld } from '../../server/support/terminal-world.ts';

const DISPLAY_NAME = 'Alice Doe';

test('the web terminal socket runs a recorded, filtered session', async (t) => {
  const world = await terminalWorld(t, { userName: DISPLAY_NAME });
  const label = `${DISPLAY_NAME}(${world.user.username})`;
  const alice = await world.browser(world.user.username);
  const url = (token: string, size = 'cols=80&rows=24') => `${world.proxyUrl}?token=${token}&${size}`;
  const direct = `ws://127.0.0.1:${world.terminal.httpPort}/koko/ws/terminal/`;
  const asUser = await bearer(world.app, world.user.username);
  const ticket = async () => {
    const response = await world.app.inject({
      method: 'POST',
      url: '/api/v1/users/connection-token/',
      headers: asUser,
      payload: { user: world.user.id, asset: world.ids.target, system_user: world.ids.systemUser },
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json().token as string;
  };
  const unspent = (token: string) =>
    !!world.app.bastion.db.prepare('SELECT 1 FROM connection_tokens WHERE token_hash = ?').get(tokenHash(token));
  const webSessions = async () => (await world.admin('GET', '/api/v1/terminal/sessions/?login_from=WT')).json as any[];

  await t.test('an unknown token gets a close frame with the reason', async () => {
    const screen = await webScreen(url('nope'), alice);
    await screen.closed;
    assert.match(screen.closeReasons.join(), /token is invalid or expired/);
  });

  let webLabel = '';
  await t.test('a command runs, a denied one does not, and the session is recorded as WT', async () => {
    // The address the browser claims is its own word; the server names the one it sees.
    const screen = await webScreen(url(await ticket(), 'cols=90&rows=20'), {
      ...alice,
      'x-forwarded-for': '127.9.9.9',
    });
    t.after(() => screen.close());
    await screen.waitFor(/\$ $/);
    const [online] = await eventually(async () => {
      const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0&login_from=WT');
      return answer.json.length ? answer.json : null;
    });
    assert.equal(online.remote_addr, '127.0.0.1');
    assert.equal(online.asset, 'td-target');
    assert.equal(online.user, label, 'Name(username), from the token answer');
    webLabel = online.user;
    screen.mark();
    screen.send('echo ws-$((2+3))\r');
    await screen.waitFor(/ws-5\r\n.*\$ $/s);
    screen.mark();
    screen.send('rm -rf /tmp/td-web\r');
    // The refusal interrupts the shell; keys sent before its new prompt would be flushed with the line.
    await screen.waitFor(/forbidden.*\$ $/s);
    screen.mark();
    screen.send('exit\r');
    await screen.closed;
    assert.match(screen.closeReasons.join(), /closed|ended/);

    const finished = await eventually(
      async () => {
        const answer = await world.admin('GET', `/api/v1/terminal/sessions/?is_finished=1&login_from=WT`);
        return answer.json.find((row: any) => row.id === online.id);
      },
      5000,
      'the WT session to finish',
    );
    assert.equal(finished.has_replay, true);
    const commands = await eventually(
      async () => {
        const answer = await world.admin('GET', `/api/v1/terminal/commands/?session_id=${online.id}`);
        return answer.json.length >= 3 ? answer.json : null;
      },
      5000,
      'the WT commands',
    );
    assert.deepEqual(commands.map((c: any) => [c.input, c.risk_level]).sort(), [
      ['echo ws-$((2+3))', 0],
      ['exit', 0],
      ['rm -rf /tmp/td-web', 5],
    ]);
    assert.deepEqual([...new Set(commands.map((c: any) => c.user))], [label]);
    const meta = await world.admin('GET', `/api/v1/terminal/sessions/${online.id}/replay/`);
    const cast = await world.admin('GET', meta.json.src);
    const [header, ...events] = cast.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual([header.version, header.width, header.height], [2, 90, 20]);
    assert.match(events.map((e) => e[2]).join(''), /ws-5/);
  });

  await t.test('the SSH door names the user exactly as the web door does', async () => {
    const screen = await sshScreen(world.terminal.sshPort, { username: world.user.username, password: PASSWORD });
    t.after(() => screen.close());
    await screen.waitFor('Opt> ');
    screen.send('1\r');
    await screen.waitFor(/\$ $/);
    const [online] = await eventually(async () => {
      const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0&login_from=ST');
      return answer.json.length ? answer.json : null;
    });
    assert.equal(online.user, label);
    assert.equal(online.user, webLabel);
    screen.close();
    await screen.closed;
  });

  await t.test('a token is single use', async () => {
    const token = await ticket();
    const first = await webScreen(url(token), alice);
    await first.waitFor(/\$ $/);
    const second = await webScreen(url(token), alice);
    await second.closed;
    assert.match(second.closeReasons.join(), /invalid or expired/);
    first.close();
    await first.closed;
  });

  await t.test("another user's browser cannot spend the token; its owner still can", async () => {
    const token = await ticket();
    const before = (await webSessions()).length;
    const orgadmin = await world.browser('orgadmin');
    await assert.rejects(webScreen(url(token), orgadmin), /403/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal((await webSessions()).length, before, 'no session opened');
    assert.ok(unspent(token), 'the token is not spent');

    const screen = await webScreen(url(token), alice);
    await screen.waitFor(/\$ $/);
    screen.close();
    await screen.closed;
  });

  await t.test("the terminal's web port believes only the server", async () => {
    const token = await ticket();
    const before = (await webSessions()).length;
    const path = `/koko/ws/terminal/?token=${token}&cols=80&rows=24`;
    const secret = terminalProxySecret(world.app.bastion.db);
    const vouched = { user: world.user.id, forwardedFor: '127.9.9.9' };
    // A direct socket with a valid token and the address it likes, unsigned or signed wrongly: refused
    // before the token is read.
    await assert.rejects(
      webScreen(`${direct}?token=${token}&cols=80&rows=24`, { 'x-forwarded-for': '127.9.9.9' }),
      /401/,
    );
    await assert.rejects(
      webScreen(`${direct}?token=${token}&cols=80&rows=24`, signUpgrade('not-the-secret', vouched, path, Date.now())),
      /401/,
    );
    await assert.rejects(
      webScreen(
        `${direct}?token=${token}&cols=80&rows=24`,
        signUpgrade(secret, vouched, path, Date.now() - 5 * 60_000),
      ),
      /401/,
      'stale',
    );
    await assert.rejects(
      webScreen(
        `${direct}?token=${token}&cols=80&rows=24`,
        signUpgrade(secret, vouched, path.replace('cols=80', 'cols=81'), Date.now()),
      ),
      /401/,
      'another path',
    );
    const forged = { ...signUpgrade(secret, vouched, path, Date.now()), 'x-forwarded-for': '127.8.8.8' };
    await assert.rejects(
      webScreen(`${direct}?token=${token}&cols=80&rows=24`, forged),
      /401/,
      'an address changed after signing',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal((await webSessions()).length, before, 'no session opened');
    assert.ok(unspent(token), 'the token is not spent');

    // The server's key makes the difference: signed with it, the terminal opens the session. What the
    // server records as its address is its own knowledge, though: the address the token was asked from
    // (its socket proxy would have vouched for the browser's), not what an upgrade signed with the shared
    // key claims — every terminal holds that key.
    const signedPath = `/koko/ws/terminal/?token=${await ticket()}&cols=80&rows=24`;
    const signed = await webScreen(
      `ws://127.0.0.1:${world.terminal.httpPort}${signedPath}`,
      signUpgrade(secret, vouched, signedPath, Date.now()),
    );
    await signed.waitFor(/\$ $/);
    const byServer = await eventually(
      async () => (await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0&login_from=WT')).json[0],
    );
    assert.equal(byServer.remote_addr, '127.0.0.1');
    signed.close();
    await signed.closed;
    await eventually(
      async () =>
        (await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0&login_from=WT')).json.length === 0,
      5000,
      'the signed session to end',
    );

    // Through the server the first token opens, under the browser's own address.
    const screen = await webScreen(url(token), { ...alice, 'x-forwarded-for': '127.9.9.9' });
    await screen.waitFor(/\$ $/);
    const online = await eventually(
      async () => (await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0&login_from=WT')).json[0],
    );
    assert.equal(online.remote_addr, '127.0.0.1');
    screen.close();
    await screen.closed;
  });

  await t.test('the web door refuses what it does not serve, and ignores frames it cannot read', async () => {
    const http = `http://127.0.0.1:${world.terminal.httpPort}`;
    assert.equal((await fetch(`${http}/koko/ws/other/`)).status, 404);
    await eventually(
      async () => (await (await fetch(`${http}/koko/health/`)).json()).sessions === 0,
      5000,
      'no session open',
    );
    // Signed, but not the terminal socket: the terminal's 404 reaches the page as a close message.
    const elsewhere = await webScreen(`${world.proxyUrl.replace('/terminal/', '/elsewhere/')}?token=x`, {
      ...alice,
      cookie: `${alice.cookie}; django_language=en`,
    });
    await elsewhere.closed;
    assert.match(elsewhere.closeReasons.join(), /HTTP 404/);
    const screen = await webScreen(url(await ticket(), 'cols=99999&rows=-4'), alice);
    t.after(() => screen.close());
    await screen.waitFor(/\$ $/);
    for (const frame of [
      'not json',
      '[]',
      'null',
      '{"type":"data","data":42}',
      '{"type":"resize","cols":"x"}',
      '{"type":"nope"}',
    ])
      screen.sendRaw(frame);
    screen.resize(Number.NaN, 5);
    screen.mark();
    screen.send('stty size\r');
    assert.match(await screen.waitFor(/\d+ \d+\r\n/), /24 80/, 'out-of-range sizes fall back to 80x24');
    screen.close();
    await screen.closed;
  });

  await t.test('the web door listens on TERMINAL_HTTP_HOST, apart from the SSH door', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bastion-terminal-host-'));
    const other = await startTerminal({
      apiBase: world.base,
      bootstrapToken: BOOTSTRAP_TOKEN,
      name: `td-host-${process.pid}`,
      dataDir,
      host: '127.0.0.1',
      sshPort: 0,
      httpHost: '127.0.0.2',
      httpPort: 0,
      heartbeatInterval: 1,
      log: () => {},
    });
    t.after(async () => {
      await other.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    assert.equal((await fetch(`http://127.0.0.2:${other.httpPort}/koko/health/`)).status, 200);
    await assert.rejects(fetch(`http://127.0.0.1:${other.httpPort}/koko/health/`), 'not on the SSH door address');
  });
});

test('TERMINAL_HTTP_HOST is its own setting, loopback by default', () => {
  assert.equal(optionsFromEnv({}).httpHost, '127.0.0.1');
  assert.equal(
    optionsFromEnv({ TERMINAL_HOST: '0.0.0.0' }).httpHost,
    '127.0.0.1',
    'an SSH door on every interface leaves the web door on loopback',
  );
  assert.equal(optionsFromEnv({ TERMINAL_HOST: '0.0.0.0', TERMINAL_HTTP_HOST: '127.0.0.5' }).httpHost, '127.0.0.5');
});

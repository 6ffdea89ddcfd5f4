// The terminal component's life around its sessions: an asset behind a domain gateway, an asset with
// several granted system users, a clean stop that closes and uploads what is open, a restart that closes
// what an earlier run left open, and the real process (demo/terminal/main.ts) reusing its stored key and
// stopping on SIGTERM.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { uuid } from '../../../demo/server/core/lib/ids.ts';
import { isoAt } from '../../../demo/server/core/lib/time.ts';
import { seal } from '../../../demo/server/core/secrets/vault.ts';
import { PASSWORD } from '../../server/helpers.ts';
import { world as perms } from '../../server/perms/perms-world.ts';
import { orgRoot } from '../../../demo/server/assets/node-tree.ts';
import { sshScreen } from '../../server/support/terminal-screen.ts';
import { BOOTSTRAP_TOKEN, eventually, terminalWorld, type TerminalWorld } from '../../server/support/terminal-world.ts';

const PROMPT = /\$ $/;

async function session(world: TerminalWorld, id: string): Promise<any> {
  const answer = await world.admin('GET', `/api/v1/terminal/sessions/${id}/`);
  assert.equal(answer.status, 200, answer.body);
  return answer.json;
}

test('gateways, system user choice, stop and restart', async (t) => {
  const world = await terminalWorld(t);
  const db = world.app.bastion.db;
  const stamp = isoAt(Date.now());
  const w = perms(db, Date.now());
  // td-behind: reachable only through the domain's gateway (the same sshd, tunnelling to itself).
  const domain = uuid();
  db.prepare('INSERT INTO domains (id, name, date_created) VALUES (?, ?, ?)').run(domain, 'td-domain', stamp);
  const gateway = uuid();
  db.prepare(
    `INSERT INTO gateways (id, name, ip, port, username, password, domain, date_created, date_updated)
    VALUES (?, 'td-gw', '127.0.0.1', ?, ?, ?, ?, ?, ?)`,
  ).run(gateway, world.sshd.port, world.sshd.username, seal(db, 'wrong-password'), domain, stamp, stamp);
  const behind = w.asset('td-behind', [orgRoot(db, '')], { protocols: `ssh/${world.sshd.port}` });
  db.prepare("UPDATE assets SET ip = '127.0.0.1', domain = ? WHERE id = ?").run(domain, behind);
  const second = w.systemUser('td-ssh-b', 'ssh', 10);
  db.prepare('UPDATE system_users SET username = ?, password = ? WHERE id = ?').run(
    world.sshd.username,
    seal(db, world.sshd.password),
    second,
  );
  const manual = w.systemUser('td-manual', 'ssh', 5);
  db.prepare("UPDATE system_users SET username = ?, login_mode = 'manual' WHERE id = ?").run(
    world.sshd.username,
    manual,
  );
  w.permission('td-grant-behind', {
    users: [world.user.id],
    assets: [behind],
    systemUsers: [world.ids.systemUser, second, manual],
  });
  const login = { username: world.user.username, password: PASSWORD };

  await t.test('an asset with several system users asks which; its gateway carries the connection', async () => {
    const screen = await sshScreen(world.terminal.sshPort, login);
    t.after(() => screen.close());
    await screen.waitFor('Opt> ');
    screen.mark();
    screen.send('td-behind\r');
    const choice = await screen.waitFor('System user number');
    assert.match(choice, /1\s+td-ssh \(/);
    assert.match(choice, /2\s+td-ssh-b \(/, 'by priority, highest first');
    screen.mark();
    screen.send('2\r');
    // The gateway's password is wrong: the connection cannot be made, so it does go through the gateway.
    assert.match(await screen.waitFor('Opt> '), /Could not connect to td-behind/);
    db.prepare('UPDATE gateways SET password = ? WHERE id = ?').run(seal(db, world.sshd.password), gateway);
    screen.mark();
    screen.send('td-behind\r');
    await screen.waitFor('System user number');
    screen.send('2\r');
    await screen.waitFor(PROMPT);
    screen.mark();
    screen.send('echo via-$((40+2))\r');
    await screen.waitFor(/via-42\r\n/);
    const [online] = await eventually(async () => {
      const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0');
      return answer.json.length ? answer.json : null;
    });
    assert.equal(online.system_user, 'td-ssh-b');
    assert.equal(online.asset, 'td-behind');
    screen.send('exit\r');
    await screen.waitFor('Opt> ');
  });

  await t.test('a manual-login system user asks for the password, without echoing it', async () => {
    const screen = await sshScreen(world.terminal.sshPort, login);
    t.after(() => screen.close());
    await screen.waitFor('Opt> ');
    screen.send('td-behind\r');
    assert.match(await screen.waitFor('System user number'), /3\s+td-manual \(/);
    screen.mark();
    screen.send('3\r');
    await screen.waitFor(`Password for ${world.sshd.username}@td-behind: `);
    screen.send('wrong\r');
    const refused = await screen.waitFor('Opt> ');
    assert.match(refused, /Could not connect to td-behind/);
    assert.doesNotMatch(refused, /wrong/, 'the password is not echoed');
    screen.mark();
    screen.send('td-behind\r');
    await screen.waitFor('System user number');
    screen.send('3\r');
    await screen.waitFor('Password for');
    screen.send(`${world.sshd.password}\r`);
    await screen.waitFor(PROMPT);
    assert.doesNotMatch(screen.text(), new RegExp(world.sshd.password));
    screen.send('exit\r');
    await screen.waitFor('Opt> ');
  });

  await t.test('stopping the terminal closes its open sessions, with their recordings', async () => {
    const screen = await sshScreen(world.terminal.sshPort, login);
    t.after(() => screen.close());
    await screen.waitFor('Opt> ');
    screen.send('td-target\r');
    await screen.waitFor(PROMPT);
    screen.send('echo before-stop\r');
    await screen.waitFor(/before-stop\r\n/);
    const [id] = [...world.terminal.services.sessions.keys()];
    assert.equal((await session(world, id)).is_finished, false);
    // A session the server knows as open but this run does not hold (as after a crash).
    const orphan = randomUUID();
    await world.terminal.services.api.post('/api/v1/terminal/sessions/', {
      id: orphan,
      user: 'td-alice(td-alice)',
      asset: 'td-target',
      system_user: 'td-ssh',
      user_id: world.user.id,
      asset_id: world.ids.target,
      system_user_id: world.ids.systemUser,
      login_from: 'ST',
      remote_addr: '127.0.0.1',
      protocol: 'ssh',
      org_id: '',
    });
    screen.mark();
    await world.terminal.stop();
    await screen.waitFor('terminal service is stopping');
    const closed = await session(world, id);
    assert.equal(closed.is_finished, true);
    assert.equal(closed.has_replay, true);
    assert.ok(closed.date_end);
    assert.equal((await session(world, orphan)).is_finished, false);

    // The next run (same data dir: the stored key, no new registration) closes what was left open.
    const terminals = (await world.admin('GET', '/api/v1/terminal/terminals/')).json.length;
    const again = await world.restartTerminal();
    assert.equal(
      (await world.admin('GET', '/api/v1/terminal/terminals/')).json.length,
      terminals,
      'the stored key is reused',
    );
    const leftover = await session(world, orphan);
    assert.equal(leftover.is_finished, true);
    assert.ok(leftover.date_end);
    await again.stop();
  });

  await t.test('the real process: reuses its key, serves, and SIGTERM closes its sessions and exits 0', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'demo/terminal/main.ts'], {
      env: {
        ...process.env,
        BASTION_API: world.base,
        BOOTSTRAP_TOKEN,
        TERMINAL_DATA_DIR: world.dataDir,
        TERMINAL_SSH_PORT: '0',
        TERMINAL_HTTP_PORT: '0',
        TERMINAL_HEARTBEAT_INTERVAL: '1',
        TERMINAL_NAME: `td-${process.pid}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    t.after(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let out = '';
    child.stdout.on('data', (data) => {
      out += data;
    });
    child.stderr.on('data', (data) => {
      out += data;
    });
    const port = Number(
      (await eventually(() => /SSH on 127\.0\.0\.1:(\d+)/.exec(out), 20_000, `the terminal to listen: ${out}`))[1],
    );
    const screen = await sshScreen(port, login);
    t.after(() => screen.close());
    await screen.waitFor('Opt> ');
    screen.send('td-target\r');
    await screen.waitFor(PROMPT);
    const [online] = await eventually(async () => {
      const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0');
      return answer.json.length ? answer.json : null;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0, out);
    const closed = await session(world, online.id);
    assert.equal(closed.is_finished, true);
    assert.equal(closed.has_replay, true);
  });
});

test('the terminal connects only inside BASTION_ALLOWED_TARGETS', async (t) => {
  const world = await terminalWorld(t, { allowedTargets: '10.0.0.0/8' });
  const screen = await sshScreen(world.terminal.sshPort, { username: world.user.username, password: PASSWORD });
  t.after(() => screen.close());
  await screen.waitFor('Opt> ');
  screen.mark();
  screen.send('td-target\r');
  assert.match(
    await screen.waitFor('Opt> '),
    /Could not connect to td-target: Refused by the allow-list: 127\.0\.0\.1 is outside/,
  );
  const answer = await world.admin('GET', '/api/v1/terminal/sessions/');
  assert.equal(answer.json.length, 0, 'nothing reached, nothing recorded');
});

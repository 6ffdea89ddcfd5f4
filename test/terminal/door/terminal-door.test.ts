// End to end through the terminal component: the reference server, the terminal (registered with the
// bootstrap token, talking to the server only over HTTP) and a real sshd as the asset. A granted user
// signs in over SSH, picks the asset from the menu, runs commands; the filter blocks `rm -rf`; the
// session, its commands and its asciicast replay are what the API then shows.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { PASSWORD } from '../../server/helpers.ts';
import { sshScreen } from '../../server/support/terminal-screen.ts';
import { eventually, terminalWorld, type TerminalWorld } from '../../server/support/terminal-world.ts';

const PROMPT = /\$ $/;

async function sessionsOf(world: TerminalWorld, query: string): Promise<any[]> {
  const answer = await world.admin('GET', `/api/v1/terminal/sessions/?${query}`);
  assert.equal(answer.status, 200, answer.body);
  return Array.isArray(answer.json) ? answer.json : answer.json.results;
}

async function replayOf(world: TerminalWorld, sessionId: string): Promise<{ header: any; events: any[] }> {
  const meta = await world.admin('GET', `/api/v1/terminal/sessions/${sessionId}/replay/`);
  assert.equal(meta.status, 200, meta.body);
  assert.equal(meta.json.type, 'json');
  const file = await world.admin('GET', meta.json.src);
  assert.equal(file.status, 200);
  const [header, ...events] = file.body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  return { header, events };
}

test('an SSH session through the terminal: menu, commands, filter, recording', async (t) => {
  const world = await terminalWorld(t);
  const { terminal } = world;
  const marker = `td-${randomBytes(4).toString('hex')}`;

  await t.test('a wrong password is refused at the door', async () => {
    await assert.rejects(
      sshScreen(terminal.sshPort, { username: world.user.username, password: 'not-the-password' }),
      /authentication/i,
    );
  });

  let sessionId = '';
  await t.test('password sign-in: the menu lists the granted asset only, a number opens it', async () => {
    const screen = await sshScreen(terminal.sshPort, { username: world.user.username, password: PASSWORD });
    t.after(() => screen.close());
    await screen.waitFor('Opt> ');
    screen.mark();
    screen.send('p\r');
    const listing = await screen.waitFor(/asset\.\r\n.*Opt> $/s);
    assert.match(listing, /1\s+td-target\s+127\.0\.0\.1/);
    assert.doesNotMatch(listing, /td-hidden/, 'an asset not granted is not offered');
    screen.mark();
    screen.send('/td-hidden\r');
    assert.match(await screen.waitFor('Opt> '), /No granted asset matches/);

    screen.mark();
    screen.send('1\r');
    await screen.waitFor(PROMPT);
    const online = await sessionsOf(world, 'is_finished=0');
    assert.equal(online.length, 1, 'the session is online while open');
    sessionId = online[0].id;
    assert.equal(online[0].is_finished, false);
    assert.equal(online[0].login_from, 'ST');
    assert.equal(online[0].asset, 'td-target');
    assert.equal(online[0].protocol, 'ssh');
    assert.equal(online[0].remote_addr, '127.0.0.1');

    screen.mark();
    screen.send(`mkdir -p /tmp/${marker} && echo made-$((6*7))\r`);
    await screen.waitFor(/made-42\r\n.*\$ $/s);
    // Typed key by key, as a person does: the command is read from the shell's echo.
    screen.mark();
    for (const key of 'echo typed-one') {
      screen.send(key);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await screen.waitFor('echo typed-one');
    screen.send('\r');
    await screen.waitFor(/typed-one\r\n.*\$ $/s);

    screen.mark();
    screen.send(`rm -rf /tmp/${marker}\r`);
    const refusal = await screen.waitFor(/forbidden.*\$ $/s);
    assert.match(refusal, /rm -rf/);
    screen.mark();
    screen.send(`test -d /tmp/${marker} && echo still-there\r`);
    await screen.waitFor(/still-there\r\n/);
    await screen.waitFor(PROMPT);

    screen.mark();
    screen.send('exit\r');
    await screen.waitFor('Opt> ');
    screen.mark();
    screen.send('q\r');
    await screen.closed;
  });

  await t.test('after it ends the session is finished, with its commands and replay', async () => {
    assert.ok(sessionId);
    const [finished] = await eventually(
      async () => {
        const rows = (await sessionsOf(world, 'is_finished=1')).filter((row) => row.id === sessionId);
        return rows.length ? rows : null;
      },
      5000,
      'the session to finish',
    );
    assert.equal(finished.is_finished, true);
    assert.ok(finished.date_end);

    const commands = await eventually(
      async () => {
        const answer = await world.admin('GET', `/api/v1/terminal/commands/?session_id=${sessionId}`);
        const rows = Array.isArray(answer.json) ? answer.json : (answer.json?.results ?? []);
        return rows.length >= 4 ? rows : null;
      },
      5000,
      'the commands',
    );
    const byInput = new Map(commands.map((c: any) => [c.input, c]));
    const made = byInput.get(`mkdir -p /tmp/${marker} && echo made-$((6*7))`) as any;
    assert.ok(made, `commands: ${JSON.stringify(commands.map((c: any) => c.input))}`);
    assert.equal(made.risk_level, 0);
    assert.match(made.output, /made-42/);
    assert.equal((byInput.get('echo typed-one') as any)?.risk_level, 0);
    const denied = byInput.get(`rm -rf /tmp/${marker}`) as any;
    assert.equal(denied?.risk_level, 5, 'the refused command is recorded dangerous');
    assert.equal(denied.user, `${world.user.username}(${world.user.username})`);

    const { header, events } = await replayOf(world, sessionId);
    assert.equal(header.version, 2);
    assert.equal(header.width, 120);
    assert.equal(header.height, 40);
    const output = events
      .filter((e) => e[1] === 'o')
      .map((e) => e[2])
      .join('');
    assert.match(output, /made-42/);
    assert.match(output, /still-there/);
    assert.match(output, /forbidden/);
  });

  await t.test(
    'key sign-in: a hostname opens at once, and a kill task ends the session within a heartbeat',
    async () => {
      const screen = await sshScreen(terminal.sshPort, {
        username: world.user.username,
        privateKey: world.user.privateKey,
      });
      t.after(() => screen.close());
      await screen.waitFor('Opt> ');
      screen.send('td-target\r');
      await screen.waitFor(PROMPT);
      const [online] = await eventually(async () => {
        const rows = await sessionsOf(world, 'is_finished=0');
        return rows.length ? rows : null;
      });
      screen.mark();
      screen.resize(100, 30);
      screen.send('stty size\r');
      await screen.waitFor(/30 100/);
      screen.mark();
      const killed = await world.admin('POST', '/api/v1/terminal/tasks/kill-session/', [online.id]);
      assert.equal(killed.status, 200, killed.body);
      const started = Date.now();
      await screen.waitFor('terminated by an administrator', 3000);
      assert.ok(Date.now() - started < 2500, 'within one heartbeat (1 s) and its round trip');
      await screen.waitFor('Opt> ');
      await eventually(
        async () => (await sessionsOf(world, 'is_finished=1')).some((row) => row.id === online.id),
        5000,
        'the killed session to finish',
      );
      const { events } = await replayOf(world, online.id);
      assert.ok(
        events.some((e) => e[1] === 'r' && e[2] === '100x30'),
        'the window change is recorded',
      );
      screen.close();
    },
  );
});

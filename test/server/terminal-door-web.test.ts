// The web terminal socket of the terminal component (contract §3): a connection token the user got from
// the server opens the same recorded, filtered session as SSH, with login_from WT.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer } from './helpers.ts';
import { webScreen } from './support/terminal-screen.ts';
import { eventually, terminalWorld } from './support/terminal-world.ts';

test('the web terminal socket runs a recorded, filtered session', async (t) => {
  const world = await terminalWorld(t);
  const base = `ws://127.0.0.1:${world.terminal.httpPort}/koko/ws/terminal/`;
  const asUser = await bearer(world.app, world.user.username);
  const ticket = async () => {
    const response = await world.app.inject({
      method: 'POST', url: '/api/v1/users/connection-token/', headers: asUser,
      payload: { user: world.user.id, asset: world.ids.target, system_user: world.ids.systemUser },
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json().token as string;
  };

  await t.test('an unknown token gets a close frame with the reason', async () => {
    const screen = await webScreen(`${base}?token=nope&cols=80&rows=24`);
    await screen.closed;
    assert.match(screen.closeReasons.join(), /token is invalid or expired/);
  });

  await t.test('a command runs, a denied one does not, and the session is recorded as WT', async () => {
    const screen = await webScreen(`${base}?token=${await ticket()}&cols=90&rows=20`, { 'x-forwarded-for': '127.9.9.9' });
    t.after(() => screen.close());
    await screen.waitFor(/\$ $/);
    const [online] = await eventually(async () => {
      const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0&login_from=WT');
      return answer.json.length ? answer.json : null;
    });
    assert.equal(online.remote_addr, '127.9.9.9');
    assert.equal(online.asset, 'td-target');
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

    const finished = await eventually(async () => {
      const answer = await world.admin('GET', `/api/v1/terminal/sessions/?is_finished=1&login_from=WT`);
      return answer.json.find((row: any) => row.id === online.id);
    }, 5000, 'the WT session to finish');
    assert.equal(finished.has_replay, true);
    const commands = await eventually(async () => {
      const answer = await world.admin('GET', `/api/v1/terminal/commands/?session_id=${online.id}`);
      return answer.json.length >= 3 ? answer.json : null;
    }, 5000, 'the WT commands');
    assert.deepEqual(commands.map((c: any) => [c.input, c.risk_level]).sort(), [['echo ws-$((2+3))', 0], ['exit', 0], ['rm -rf /tmp/td-web', 5]]);
    const meta = await world.admin('GET', `/api/v1/terminal/sessions/${online.id}/replay/`);
    const cast = await world.admin('GET', meta.json.src);
    const [header, ...events] = cast.body.trim().split('\n').map((line) => JSON.parse(line));
    assert.deepEqual([header.version, header.width, header.height], [2, 90, 20]);
    assert.match(events.map((e) => e[2]).join(''), /ws-5/);
  });

  await t.test('a token is single use', async () => {
    const token = await ticket();
    const first = await webScreen(`${base}?token=${token}&cols=80&rows=24`);
    await first.waitFor(/\$ $/);
    const second = await webScreen(`${base}?token=${token}&cols=80&rows=24`);
    await second.closed;
    assert.match(second.closeReasons.join(), /invalid or expired/);
    first.close();
    await first.closed;
  });

  await t.test('the web door refuses what it does not serve, and ignores frames it cannot read', async () => {
    const http = `http://127.0.0.1:${world.terminal.httpPort}`;
    assert.equal((await fetch(`${http}/koko/ws/other/`)).status, 404);
    assert.deepEqual(await (await fetch(`${http}/koko/health/`)).json(), { sessions: 0 });
    await assert.rejects(webScreen(`ws://127.0.0.1:${world.terminal.httpPort}/koko/ws/elsewhere/?token=x`), /404/);
    const screen = await webScreen(`${base}?token=${await ticket()}&cols=99999&rows=-4`);
    t.after(() => screen.close());
    await screen.waitFor(/\$ $/);
    for (const frame of ['not json', '[]', 'null', '{"type":"data","data":42}', '{"type":"resize","cols":"x"}', '{"type":"nope"}']) screen.sendRaw(frame);
    screen.resize(Number.NaN, 5);
    screen.mark();
    screen.send('stty size\r');
    assert.match(await screen.waitFor(/\d+ \d+\r\n/), /24 80/, 'out-of-range sizes fall back to 80x24');
    screen.close();
    await screen.closed;
  });
});

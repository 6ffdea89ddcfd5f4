// Database apps through the door, against a private MariaDB (Debian's mariadbd, its own datadir on a
// free loopback port): My apps → Connect (a web token for the app) and the SSH door's `d` menu open a
// recorded SQL session as the granted system user, statements are judged by its command filter (a deny
// rule on `drop`), recorded with their output, and the session is listed with protocol mysql and replays.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { databaseWorld } from '../../server/support/database-world.ts';
import { sshScreen, webScreen } from '../../server/support/terminal-screen.ts';
import { eventually, terminalWorld } from '../../server/support/terminal-world.ts';

test('database apps open recorded, filtered SQL sessions through the door', async (t) => {
  const world = await terminalWorld(t);
  const { appId, otherApp, systemUser, ticket, commandsOf, rows } = await databaseWorld(t, world);
  const sessionOf = async (loginFrom: string) =>
    eventually(
      async () => {
        const answer = await world.admin('GET', `/api/v1/terminal/sessions/?login_from=${loginFrom}&protocol=mysql`);
        return answer.json.find((row: any) => row.asset === 'td-shop');
      },
      10_000,
      `the ${loginFrom} mysql session`,
    );

  await t.test('a token names an app granted with that system user, and only such', async () => {
    assert.equal((await ticket({ application: otherApp, system_user: systemUser })).statusCode, 403);
    assert.equal(
      (await ticket({ application: appId, asset: world.ids.target, system_user: systemUser })).statusCode,
      400,
    );
    assert.equal((await ticket({ application: 'nope', system_user: systemUser })).statusCode, 400);
    assert.equal((await ticket({ application: appId, system_user: systemUser })).statusCode, 201);
  });

  await t.test('My apps → Connect: statements run, a denied one does not, all recorded (WT)', async () => {
    const token = (await ticket({ user: world.user.id, application: appId, system_user: systemUser })).json().token;
    const screen = await webScreen(
      `${world.proxyUrl}?token=${token}&cols=100&rows=30`,
      await world.browser(world.user.username),
    );
    t.after(() => screen.close());
    await screen.waitFor('MariaDB [shop]> ');
    screen.mark();
    screen.send('select 1; show databases;\r');
    const shown = await screen.waitFor(/show databases.*\| shop +\|.*MariaDB \[shop\]> $/s);
    assert.match(shown, /\| 1 \|/);
    screen.mark();
    screen.send('DROP TABLE t;\r');
    await screen.waitFor(/forbidden.*MariaDB \[shop\]> $/s);
    assert.equal(await rows(), 3, 'the table is still there');
    screen.mark();
    screen.send('select name from t where id = 2\\G\r');
    await screen.waitFor(/name: beta/);
    screen.send('exit\r');
    await screen.closed;

    const session = await sessionOf('WT');
    assert.equal(session.protocol, 'mysql');
    assert.equal(session.system_user, 'td-mysql');
    const commands = await commandsOf(session.id, 4);
    assert.deepEqual(commands.map((c: any) => [c.input, c.risk_level]).sort(), [
      ['DROP TABLE t', 5],
      ['select 1', 0],
      ['select name from t where id = 2', 0],
      ['show databases', 0],
    ]);
    assert.match(commands.find((c: any) => c.input === 'show databases').output, /shop/);
    const finished = await eventually(
      async () => {
        const answer = await world.admin('GET', `/api/v1/terminal/sessions/${session.id}/`);
        return answer.json.is_finished && answer.json.has_replay ? answer.json : null;
      },
      10_000,
      'the session to close with its replay',
    );
    assert.equal(finished.has_command, true);
    const replay = await world.admin('GET', `/api/v1/terminal/sessions/${session.id}/replay/`);
    assert.equal(replay.status, 200, replay.body);
    // The recording replays what the user saw: the statements as typed, the rows, the refusal.
    const cast = await world.admin('GET', replay.json.src);
    const replayed = cast.body
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line)[2])
      .join('');
    assert.match(replayed, /select 1; show databases;/);
    assert.match(replayed, /\| shop +\|/);
    assert.match(replayed, /DROP TABLE t;.*forbidden/s);
  });

  await t.test('the SSH door lists database apps with d and opens one with d<number> (ST)', async () => {
    const screen = await sshScreen(world.terminal.sshPort, {
      username: world.user.username,
      privateKey: world.user.privateKey,
    });
    t.after(() => screen.close());
    await screen.waitFor('Opt> ');
    screen.mark();
    screen.send('d\r');
    const listed = await screen.waitFor(/Opt> $/);
    assert.match(listed, /d1 +td-shop +127\.0\.0\.1:\d+\/shop/);
    assert.doesNotMatch(listed, /td-other/, 'an app not granted is not listed');
    screen.mark();
    screen.send('d1\r');
    await screen.waitFor('MariaDB [shop]> ');
    screen.mark();
    // A paste of two statements and a drop hidden in an executable comment: the drop is refused.
    screen.send('\x1b[200~select count(*) from t;\n/*!DROP*/ TABLE t;\x1b[201~\r');
    await screen.waitFor(/forbidden.*MariaDB \[shop\]> $/s);
    assert.match(screen.text(), /\| +3 \|/);
    assert.equal(await rows(), 3);
    screen.mark();
    screen.send('\\q\r');
    await screen.waitFor('Opt> ');
    const session = await sessionOf('ST');
    const commands = await commandsOf(session.id, 2);
    assert.deepEqual(commands.map((c: any) => [c.input, c.risk_level]).sort(), [
      ['/*!DROP*/ TABLE t', 5],
      ['select count(*) from t', 0],
    ]);
  });

  await t.test('hostile input: every statement sent is judged and recorded exactly, none with drop runs', async () => {
    const screen = await sshScreen(world.terminal.sshPort, {
      username: world.user.username,
      privateKey: world.user.privateKey,
    });
    t.after(() => screen.close());
    await screen.waitFor('Opt> ');
    screen.send('d1\r');
    await screen.waitFor('MariaDB [shop]> ');
    const PROMPT = /MariaDB \[shop\]> $/;
    const run = async (keys: string | string[], expect: RegExp) => {
      screen.mark();
      for (const key of Array.isArray(keys) ? keys : [keys]) screen.send(key);
      return screen.waitFor(new RegExp(`${expect.source}.*${PROMPT.source}`, 's'), 15_000);
    };
    // [what is typed, what the screen says, the statements recorded: input and risk]
    const cases: [string, string | string[], RegExp, [string, number][]][] = [
      ['a burst, one key per write at 0 ms', [...'drop table t;\r'], /forbidden/, [['drop table t', 5]]],
      [
        'editing keys: the line is what the editor holds, not what was first typed',
        'xrop table t;\x1b[H\x1b[3~d\x1b[F\r',
        /forbidden/,
        [['drop table t', 5]],
      ],
      [
        'a paste over lines, the drop on its own lines',
        '\x1b[200~select 1,\n2;\nDROP\nTABLE t;\x1b[201~\r',
        /forbidden/,
        [
          ['select 1,', 0],
          ['2', 0],
          ['DROP', 5],
          ['TABLE t', 5],
        ],
      ],
      ['a versioned executable comment', '/*!50000 DROP TABLE t */;\r', /forbidden/, [['/*!50000 DROP TABLE t */', 5]]],
      ['mixed case around a comment', 'DrOp/**/TABLE t;\r', /forbidden/, [['DrOp/**/TABLE t', 5]]],
      [
        'two statements on one line, the second a drop',
        'select 2; drop table t\r;\r',
        /forbidden/,
        [
          ['select 2', 0],
          ['drop table t', 5],
        ],
      ],
      [
        'SQL built when it runs',
        "SET @q = 'DR' 'OP TABLE t'; PREPARE s FROM @q; EXECUTE s;\r",
        /cannot be checked.*not run/s,
        [
          ["SET @q = 'DR' 'OP TABLE t'", 0],
          ['PREPARE s FROM @q', 5],
        ],
      ],
      [
        'keys typed while a statement runs wait for the prompt and are judged',
        ['select sleep(0.5);\r', 'drop table t;\r'],
        /forbidden/,
        [
          ['select sleep(0.5)', 0],
          ['drop table t', 5],
        ],
      ],
      ['a line cleared with \\c never runs', 'drop table t \\c\r', /t \\c\r\n/, []],
      [
        'a local file is never sent for LOAD DATA',
        "LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE t;\r",
        /ERROR/,
        [["LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE t", 0]],
      ],
    ];
    const session = await eventually(
      async () => {
        const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0&protocol=mysql');
        return answer.json[0];
      },
      10_000,
      'the open session',
    );
    const expected: [string, number][] = [];
    for (const [why, keys, shown, recorded] of cases) {
      await run(keys, shown).catch((error) => {
        throw new Error(`${why}: ${error.message}`);
      });
      expected.push(...recorded);
    }
    // Ctrl-C stops a long statement on the server (KILL QUERY), and the session goes on.
    const started = Date.now();
    screen.mark();
    screen.send('select sleep(30);\r');
    await new Promise((resolve) => setTimeout(resolve, 300));
    screen.send('\x03');
    await screen.waitFor(/asked to stop.*MariaDB \[shop\]> $/s, 10_000);
    assert.ok(Date.now() - started < 10_000, 'the statement was stopped');
    expected.push(['select sleep(30)', 0]);
    assert.equal(await rows(), 3, 'no drop ran, no row was loaded');
    screen.send('exit\r');
    await screen.waitFor('Opt> ');
    const commands = await commandsOf(session.id, expected.length);
    assert.deepEqual(commands.map((c: any) => [c.input, c.risk_level]).sort(), expected.sort());
  });

  await t.test('a kill ends a database session with a message to its user', async () => {
    const token = (await ticket({ application: appId, system_user: systemUser })).json().token;
    const screen = await webScreen(`${world.proxyUrl}?token=${token}`, await world.browser(world.user.username));
    t.after(() => screen.close());
    await screen.waitFor('MariaDB [shop]> ');
    const online = await eventually(
      async () => {
        const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0&protocol=mysql');
        return answer.json[0];
      },
      10_000,
      'the open session',
    );
    const killed = await world.admin('POST', '/api/v1/terminal/tasks/kill-session/', [online.id]);
    assert.ok(killed.status < 300, killed.body);
    await screen.waitFor(/terminated by an administrator/, 15_000);
    await screen.closed;
  });
});

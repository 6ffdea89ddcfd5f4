// One line, one decision, one record: the hostile cases of the issue "Trust the door", through both doors
// (SSH, and the web terminal over its real WebSocket through the server's proxy) to a real bash on a
// private sshd, with a deny rule `rm -rf` on the system user. Each case makes a directory, then tries to
// remove it: the directory must still exist on the target, and the command log must hold the attempt
// with risk level 5 and exactly the line the shell would have run. Allowed lines are stored exactly.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { commandsOf as storedCommands, DOORS, PROMPT, runLine } from '../../server/support/door-session.ts';
import { eventually, terminalWorld, type TerminalWorld } from '../../server/support/terminal-world.ts';

const REFUSED = /(forbidden|could not be read with certainty|cannot be checked)[^]*\$ $/;
/** Newest first, as the API lists them (the cases below reverse them). */
const commandsOf = async (world: TerminalWorld, sessionId: string, atLeast: number) =>
  (await storedCommands(world, sessionId, atLeast)).reverse();

interface Case {
  name: string;
  /** Run first, allowed (e.g. putting the line in the shell's history). `M` is the case's directory. */
  setup?: (dir: string) => string;
  /** What the user sends; each string is one write (one SSH packet, one WebSocket frame). */
  keys: (dir: string) => string[];
  /** The line the shell would have run, as the command log must hold it. */
  recorded: (dir: string) => string;
}

const rm = (dir: string) => `rm -rf ${dir}`;
const oneWrite = (prefix: string) => (dir: string) => [`${prefix}${rm(dir)}\r`];

export const CASES: Case[] = [
  { name: 'a paste with its Enter', keys: oneWrite(''), recorded: rm },
  { name: 'space and Backspace, then a paste', keys: oneWrite(' \x7f'), recorded: rm },
  { name: 'Tab, then a paste', keys: oneWrite('\t'), recorded: rm },
  { name: 'Left arrow, then a paste', keys: oneWrite('\x1b[D'), recorded: rm },
  { name: 'Ctrl-L, then a paste', keys: oneWrite('\x0c'), recorded: rm },
  { name: 'Ctrl-C, then a paste', keys: oneWrite('\x03'), recorded: rm },
  { name: 'Ctrl-U, then a paste', keys: oneWrite('\x15'), recorded: rm },
  {
    name: 'prefix keys in their own write, then a paste',
    keys: (dir) => [' \x7f\t\x1b[D', `${rm(dir)}\r`],
    recorded: rm,
  },
  { name: 'a bracketed paste, then Enter', keys: (dir) => [`\x1b[200~${rm(dir)}\x1b[201~`, '\r'], recorded: rm },
  { name: 'a bracketed paste and Enter in one write', keys: (dir) => [`\x1b[200~${rm(dir)}\x1b[201~\r`], recorded: rm },
  { name: 'a burst, one key per write', keys: (dir) => [...`${rm(dir)}\r`], recorded: rm },
  { name: 'Enter as Ctrl-J', keys: (dir) => [`${rm(dir)}\n`], recorded: rm },
  {
    name: 'a multi-line paste with the denied line in the middle',
    keys: (dir) => [`echo before\r${rm(dir)}\recho after\r`],
    recorded: rm,
  },
  {
    name: 'arrow editing: a comment uncommented',
    keys: (dir) => [`# ${rm(dir)}`, '\x01\x1b[3~\x1b[3~\r'],
    recorded: rm,
  },
  { name: 'arrow editing in one write', keys: (dir) => [`rm -rf ${dir}x\x1b[D\x1b[3~\r`], recorded: rm },
  {
    name: 'Tab completion of the path',
    keys: (dir) => [`rm -rf ${dir.slice(0, -3)}\t\r`],
    recorded: (dir) => `${rm(dir)}/`,
  },
  {
    name: 'Up arrow recalls it from history',
    setup: (dir) => `history -s "$(printf 'r%sm -rf %s' '' ${dir})"`,
    keys: () => ['\x1b[A\r'],
    recorded: rm,
  },
  {
    name: 'Ctrl-R finds it in history',
    setup: (dir) => `history -s "$(printf 'r%sm -rf %s' '' ${dir})"`,
    keys: () => ['\x12rm -r', '\r'],
    recorded: rm,
  },
  {
    // The shell is busy (a slow completion) when the Enter comes: quiet on the door's side is not proof
    // that it has read the keys, and the search it has yet to run finds the denied line.
    name: 'a slow completion, then Ctrl-R finds it in history after the Enter came',
    setup: (dir) =>
      `_td_slow() { sleep 0.6; }; complete -F _td_slow td-slow; history -s "$(printf 'r%sm -rf %s' '' ${dir})"`,
    keys: () => ['td-slow \t\x15\x12rm -r', '\r'],
    recorded: rm,
  },
  { name: 'quoting: r\\m', keys: (dir) => [`r\\m -rf ${dir}\r`], recorded: (dir) => `r\\m -rf ${dir}` },
  { name: "quoting: r''m", keys: (dir) => [`r''m -rf ${dir}\r`], recorded: (dir) => `r''m -rf ${dir}` },
  {
    name: 'variables: a=r; b=m; $a$b',
    keys: (dir) => [`a=r; b=m; $a$b -rf ${dir}\r`],
    recorded: (dir) => `a=r; b=m; $a$b -rf ${dir}`,
  },
  {
    name: "command substitution: $(printf '\\x72\\x6d')",
    keys: (dir) => [`$(printf '\\x72\\x6d') -rf ${dir}\r`],
    recorded: (dir) => `$(printf '\\x72\\x6d') -rf ${dir}`,
  },
  { name: 'bash -c', keys: (dir) => [`bash -c 'rm -rf ${dir}'\r`], recorded: (dir) => `bash -c 'rm -rf ${dir}'` },
  { name: 'a line continuation', keys: (dir) => [`r\\\rm -rf ${dir}\r`], recorded: (dir) => `m -rf ${dir}` },
  {
    // Last: the shell goes on drawing its prompts in the alternate screen.
    name: 'a command printed the alternate-screen switch, then history recalls it',
    setup: (dir) => `printf '\\e[?1049h'; history -s "$(printf 'r%sm -rf %s' '' ${dir})"`,
    keys: () => ['\x1b[A\r'],
    recorded: rm,
  },
];

const run = runLine;

for (const [doorName, open] of Object.entries(DOORS)) {
  test(`hostile lines through the ${doorName} door: refused, not run, recorded exactly`, async (t) => {
    const world = await terminalWorld(t);
    const screen = await open(world, t);
    const [session] = await eventually(async () => {
      const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0');
      return answer.json.length ? answer.json : null;
    });
    const expected: { input: string; risk: number }[] = [];
    const tag = randomBytes(3).toString('hex');
    for (const [index, each] of CASES.entries()) {
      // Unique up to its last characters, so a completion of all but those has one answer.
      const dir = `/tmp/td-${tag}-case${String(index).padStart(2, '0')}-${randomBytes(3).toString('hex')}`;
      await run(screen, `mkdir -p ${dir}`);
      expected.push({ input: `mkdir -p ${dir}`, risk: 0 });
      if (each.setup) {
        await run(screen, each.setup(dir));
        expected.push({ input: each.setup(dir), risk: 0 });
      }
      screen.mark();
      for (const write of each.keys(dir)) screen.send(write);
      const shown = await screen.waitFor(REFUSED).catch((error: Error) => {
        throw new Error(`${each.name}: no refusal\n${error.message}`);
      });
      assert.ok(existsSync(dir), `${each.name}: the directory is gone:\n${shown}`);
      expected.push({ input: each.recorded(dir), risk: 5 });
      if (each.name.startsWith('a multi-line paste'))
        expected.splice(expected.length - 1, 0, { input: 'echo before', risk: 0 });
      if (each.name.startsWith('a line continuation'))
        expected.splice(expected.length - 1, 0, { input: 'r\\', risk: 0 });
    }
    screen.send('exit\r');
    await eventually(
      async () => {
        const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=1');
        return answer.json.some((row: { id: string }) => row.id === session.id);
      },
      10_000,
      'the session to end',
    );
    screen.close();
    const rows = await commandsOf(world, session.id, expected.length);
    const stored = rows.map((row) => ({ input: row.input, risk: row.risk_level })).reverse();
    const refused = stored.filter((row) => row.risk === 5);
    assert.deepEqual(
      refused.map((row) => row.input),
      expected.filter((row) => row.risk === 5).map((row) => row.input),
      `stored: ${JSON.stringify(stored, null, 1)}`,
    );
  });
}

/** Allowed lines as people type and paste them; what the command log must then hold, in order. */
/** `waits[i]`: what the screen shows before the next write, as a person waits for a program to start.
 * `done`: what the screen shows once the case is over (default: a prompt). Lines typed together show a
 * prompt after each; the next case waits for the last one, or it would be typed ahead of it. */
const ALLOWED: { keys: string[]; waits?: (RegExp | null)[]; done?: RegExp; rows: [input: string, output: RegExp][] }[] =
  [
    { keys: [...'ls /', '\r'], rows: [['ls /', /\bbin\b[^]*\betc\b/]] },
    { keys: ['echo after-rm\r'], rows: [['echo after-rm', /^after-rm$/]] },
    {
      keys: ['echo one\recho two\recho three\r'],
      done: /[\r\n]three\r?\n[^]*\$ $/,
      rows: [
        ['echo one', /^one$/],
        ['echo two', /^two$/],
        ['echo three', /^three$/],
      ],
    },
    {
      keys: ['\x1b[200~echo p1\recho p2\x1b[201~', '\r'],
      done: /[\r\n]p2\r?\n[^]*\$ $/,
      rows: [
        ['echo p1', /^$/],
        ['echo p2', /^p1\np2$/],
      ],
    },
    { keys: ['ech\t', 'tab-$((40+2))\r'], rows: [['echo tab-$((40+2))', /^tab-42$/]] },
    { keys: ['echo x\x7fy z\x1b[D\x1b[D\x1b[3~\r'], rows: [['echo yz', /^yz$/]] },
    // A full-screen editor reads its own keys: text mentioning a denied command, then quitting it.
    {
      keys: ['vim -u NONE -N /tmp/td-vim.txt\r', 'ihello rm -rf there\x1b', ':q!\r'],
      waits: [/~/, /hello rm -rf there/, null],
      rows: [['vim -u NONE -N /tmp/td-vim.txt', /[^]*/]],
    },
    // A password typed to a program is not echoed, so it is not a command line.
    {
      keys: ['read -s secret; echo got-${#secret}\r', 'hunter2\r'],
      rows: [['read -s secret; echo got-${#secret}', /got-7/]],
    },
  ];

for (const [doorName, open] of Object.entries(DOORS)) {
  test(`allowed lines through the ${doorName} door are stored exactly, with their output`, async (t) => {
    const world = await terminalWorld(t);
    const screen = await open(world, t);
    const [session] = await eventually(async () => {
      const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0');
      return answer.json.length ? answer.json : null;
    });
    for (const each of ALLOWED) {
      screen.mark();
      for (const [index, write] of each.keys.entries()) {
        screen.send(write);
        const wait = each.waits?.[index];
        if (wait) await screen.waitFor(wait);
        // A key at a time as a person types; a paste is one write.
        if (write.length === 1) await new Promise((resolve) => setTimeout(resolve, 5));
        if (write === 'hunter2\r' || write === 'ech\t') continue;
      }
      await screen.waitFor(each.done ?? PROMPT);
    }
    screen.send('exit\r');
    await eventually(
      async () => {
        const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=1');
        return answer.json.some((row: { id: string }) => row.id === session.id);
      },
      10_000,
      'the session to end',
    ).catch((error: Error) => {
      throw new Error(`${error.message}; the screen:\n${screen.text().slice(-1500)}`);
    });
    screen.close();
    const expected = [...ALLOWED.flatMap((each) => each.rows), ['exit', /^/] as [string, RegExp]];
    const rows = (await commandsOf(world, session.id, expected.length)).reverse();
    assert.deepEqual(
      rows.map((row) => row.input),
      expected.map(([input]) => input),
    );
    for (const [index, [input, output]] of expected.entries()) {
      assert.match(rows[index].output, output, `output of ${input}: ${JSON.stringify(rows[index].output)}`);
      assert.equal(rows[index].risk_level, 0);
    }
    assert.ok(!rows.some((row) => row.input.includes('hunter2')), 'the password is not a command');
  });
}

test('a key bound to run lines by a script the door cannot read: the line it ran is recorded dangerous and the session ends (a limit: it did run)', async (t) => {
  const world = await terminalWorld(t);
  const screen = await DOORS.ssh(world, t);
  const [session] = await eventually(async () => {
    const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0');
    return answer.json.length ? answer.json : null;
  });
  const dir = `/tmp/td-bind-${randomBytes(3).toString('hex')}`;
  const rc = `${dir}.rc`;
  await run(screen, `mkdir -p ${dir}`);
  // Binding the key at the prompt is refused now (a binding that runs the line); a startup file is not read.
  writeFileSync(rc, `bind '"\\C-t": accept-line'\n`, { mode: 0o644 });
  t.after(() => rmSync(rc, { force: true }));
  screen.mark();
  screen.send(`bash --rcfile ${rc}\r`);
  await screen.waitFor(PROMPT);
  screen.mark();
  screen.send(`rm -rf ${dir}`);
  await screen.waitFor(`rm -rf ${dir}`);
  screen.send('\x14');
  await screen.waitFor(/did not see submitted[^]*cannot go on/);
  await eventually(
    async () => {
      const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=1');
      return answer.json.some((row: { id: string }) => row.id === session.id);
    },
    10_000,
    'the session to end',
  );
  const rows = await commandsOf(world, session.id, 3);
  assert.deepEqual(
    rows.filter((row) => row.risk_level === 5).map((row) => row.input),
    [`rm -rf ${dir}`],
  );
});

test('a Ctrl-C that interrupts a completion: bash drops the next key it shows, so the line typed then is refused, not run', async (t) => {
  const world = await terminalWorld(t);
  const screen = await DOORS.ssh(world, t);
  const [session] = await eventually(async () => {
    const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0');
    return answer.json.length ? answer.json : null;
  });
  const dir = `/tmp/td-drop-${randomBytes(3).toString('hex')}`;
  await run(screen, `mkdir -p ${dir}`);
  // Completing a command name reads every directory of PATH: with this one, Tab on an empty line takes
  // seconds, and the door's Ctrl-C for the refused line below comes while bash completes.
  await run(screen, `PATH=$(printf '/usr/bin:%.0s' {1..200})/bin`);
  screen.mark();
  screen.send(`\t${rm(dir)}\r`);
  await screen.waitFor(REFUSED);
  // bash shows the `x`, but drops it: the line it has is `rm -rf …`, the screen and the keys say `xrm -rf …`.
  screen.mark();
  screen.send(`x${rm(dir)}\r`);
  const shown = await screen.waitFor(REFUSED).catch((error: Error) => {
    throw new Error(`no refusal (the directory ${existsSync(dir) ? 'is still there' : 'is gone'})\n${error.message}`);
  });
  assert.ok(existsSync(dir), `the directory is gone:\n${shown}`);
  const rows = (await commandsOf(world, session.id, 4)).reverse();
  assert.deepEqual(
    rows.filter((row) => row.risk_level === 5).map((row) => row.input),
    [rm(dir), `x${rm(dir)}`],
  );
});

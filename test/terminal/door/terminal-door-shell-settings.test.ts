// Trust the door, round two — what passed the line gate without being judged as what it is: code kept in
// shell settings (it ran later, stored as a plain assignment at risk 0), readline's own keys that run a
// line (Ctrl-X Ctrl-E with EDITOR=true), a line past the command log's 128 characters (stored cut), a glob
// against a regex rule, and history recalled in typeahead (refused, never recorded). Each row is tried on
// a real bash over the private sshd through the SSH door: the canary file must still be there (it did not
// run), and the command log must hold exactly what was typed, refused attempts at risk level 5.
// Deny rules as in the issue: `rm`, `reboot`, and the regex `mkfs|dd\s+if=`.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import {
  commandsOf,
  DOORS,
  endSession,
  ISSUE_RULES,
  openSession,
  PROMPT,
  REFUSED,
  runLine,
} from '../../server/support/door-session.ts';
import { terminalWorld } from '../../server/support/terminal-world.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Row {
  name: string;
  /** Lines run first, allowed (`F`: the canary file, `G`: a file the attempt would create). */
  setup?: string[];
  /** The attempt, as writes; the door must refuse it. */
  attempt: string[];
  /** What the command log holds for the attempt, at risk level 5 (one entry per row of the log). */
  recorded: string[];
  /** What used to run the stored code afterwards, as writes (each waits for the prompt when it ends with Enter). */
  trigger?: string[];
  /** The trigger's lines as recorded (risk 0). */
  triggerRecorded?: string[];
}

const A130 = 'a'.repeat(130);
const long = `echo ${A130} >/dev/null; rm F`;
const ROWS: Row[] = [
  {
    name: 'PROMPT_COMMAND',
    attempt: [`PROMPT_COMMAND='r""m F'\r`],
    recorded: [`PROMPT_COMMAND='r""m F'`],
    trigger: ['true\r'],
    triggerRecorded: ['true'],
  },
  {
    name: 'PS1 command substitution',
    attempt: [`PS1='$(r""m F)\\$ '\r`],
    recorded: [`PS1='$(r""m F)\\$ '`],
    trigger: ['true\r'],
    triggerRecorded: ['true'],
  },
  {
    name: 'PS0 command substitution',
    attempt: [`PS0='$(r""m F)'\r`],
    recorded: [`PS0='$(r""m F)'`],
    trigger: ['true\r'],
    triggerRecorded: ['true'],
  },
  {
    name: 'complete -C, then Tab',
    attempt: [`complete -C 'r""m F' x\r`],
    recorded: [`complete -C 'r""m F' x`],
    trigger: ['x /etc/hostn\t', '\x03'],
  },
  {
    name: 'bind -x, then its key',
    attempt: [`bind -x '"\\C-t": r""m F'\r`],
    recorded: [`bind -x '"\\C-t": r""m F'`],
    trigger: ['\x14'],
  },
  {
    name: 'EDITOR=true, then Ctrl-X Ctrl-E',
    setup: ['EDITOR=true'],
    attempt: ['rm F', '\x18\x05'],
    recorded: ['rm F'],
  },
  {
    name: 'Ctrl-O (operate-and-get-next) loads the next history line; its Enter is judged',
    setup: ["history -s 'echo one'", `history -s "$(printf 'r%sm %s' '' F)"`],
    attempt: ['\x1b[A\x1b[A', '\x0f', '\r'],
    recorded: ['rm F'],
  },
  {
    name: 'a refused line past 128 characters',
    attempt: [`${long}\r`],
    recorded: [`echo ${A130} >/dev/null; rm F`.slice(0, 128), `echo ${A130} >/dev/null; rm F`.slice(128)],
  },
  { name: 'a glob against a regex rule', attempt: ['/sbin/mk?s -V; touch G\r'], recorded: ['/sbin/mk?s -V; touch G'] },
  {
    name: 'history recalled in typeahead',
    setup: [`history -s "$(printf 'r%sm %s' '' F)"`],
    attempt: ['sleep 2\r', '\x1b[A\r'],
    recorded: ['^[[A'],
  },
];

test('shell settings, readline keys, long lines, globs and typeahead through the ssh door: refused, not run, recorded whole', async (t) => {
  const world = await terminalWorld(t, { rules: ISSUE_RULES });
  const screen = await DOORS.ssh(world, t);
  const session = await openSession(world);
  const tag = randomBytes(3).toString('hex');
  const expected: [string, number][] = [];
  for (const [index, row] of ROWS.entries()) {
    const canary = `/tmp/td-set-${tag}-${index}`;
    const created = `${canary}-created`;
    const fill = (text: string) => text.replaceAll('F', canary).replaceAll('G', created);
    await runLine(screen, `touch ${canary}`);
    expected.push([`touch ${canary}`, 0]);
    for (const line of row.setup ?? []) {
      await runLine(screen, fill(line));
      expected.push([fill(line), 0]);
    }
    screen.mark();
    for (const write of row.attempt) {
      screen.send(fill(write));
      await sleep(300);
    }
    await screen.waitFor(REFUSED).catch((error: Error) => {
      throw new Error(`${row.name}: not refused: ${error.message}`);
    });
    await screen.waitFor(PROMPT);
    if (row.name === 'Ctrl-O (operate-and-get-next) loads the next history line; its Enter is judged')
      expected.push(['echo one', 0]);
    if (row.name === 'history recalled in typeahead') expected.push(['sleep 2', 0]);
    for (const line of row.recorded) expected.push([fill(line), 5]);
    for (const write of row.trigger ?? []) {
      screen.mark();
      screen.send(write);
      await (write.endsWith('\r') || write === '\x03' ? screen.waitFor(PROMPT) : sleep(500));
    }
    for (const line of row.triggerRecorded ?? []) expected.push([line, 0]);
    await sleep(300);
    assert.ok(existsSync(canary), `${row.name}: the canary is gone: it ran`);
    assert.ok(!existsSync(created), `${row.name}: the refused line ran`);
  }
  // An allowed line past 128 characters is stored whole, as consecutive rows.
  const hidden = `/tmp/td-set-${tag}-hidden`;
  const allowed = `echo ${A130} >/dev/null; touch ${hidden}`;
  await runLine(screen, allowed);
  assert.ok(existsSync(hidden));
  expected.push([allowed.slice(0, 128), 0], [allowed.slice(128), 0]);
  await endSession(world, screen, session.id);
  const stored = (await commandsOf(world, session.id, expected.length + 1)).map((row) => [row.input, row.risk_level]);
  assert.deepEqual(stored, [...expected, ['exit', 0]], JSON.stringify(stored, null, 1));
});

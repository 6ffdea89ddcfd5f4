// Trust the door, round two — full-screen programs: a shell escape a deny rule refuses must leave nothing
// behind in the program. Before, vim's `:!rm FILE⏎` was refused but its command line still held the text,
// and the next ⏎ ran it (also in less, man, through vim's history, with `r\m`, and through the web
// terminal). Each row opens a program on a real bash over the private sshd, tries to remove a canary file
// through the program's own command line, presses Enter again (what used to run it), leaves the program and
// checks the canary is still there; the command log must hold exactly the attempt, at risk level 5.
// Deny rules as in the issue: `rm`, `reboot`, and the regex `mkfs|dd\s+if=`.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
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
  /** The shell line that opens the program (`F`: the canary file; `T`: a text file of the row's own). */
  open: string;
  /** What the screen shows once the program reads keys. */
  ready: RegExp;
  /** The attempts, each one write; every one must be refused. */
  attempts: string[];
  /** What the command log must hold for them, at risk level 5. */
  recorded: string[];
  /** Keys that used to run what was left in the program (sent after the refusals). */
  again: string[];
  /** Keys that leave the program. */
  quit: string[];
}

const VIM_QUIT = ['\x1b', ':q!\r'];
const ROWS: Row[] = [
  {
    name: 'vim :!rm F, then Enter',
    open: 'vim T',
    ready: /\d+,\d+/,
    attempts: [':!rm F\r'],
    recorded: [':!rm F'],
    again: ['\r', '\r'],
    quit: VIM_QUIT,
  },
  {
    name: 'vim :!r\\m F, then Enter',
    open: 'vim T',
    ready: /\d+,\d+/,
    attempts: [':!r\\m F\r'],
    recorded: [':!r\\m F'],
    again: ['\r'],
    quit: VIM_QUIT,
  },
  {
    name: "vim's history: : and Up after a refused line",
    open: 'vim T',
    ready: /\d+,\d+/,
    attempts: [':!rm F\r', ':\x1b[A\r'],
    recorded: [':!rm F', ':'],
    again: ['\r'],
    quit: VIM_QUIT,
  },
  {
    name: 'vim :r !rm F',
    open: 'vim T',
    ready: /\d+,\d+/,
    attempts: [':r !rm F\r'],
    recorded: [':r !rm F'],
    again: ['\r'],
    quit: VIM_QUIT,
  },
  {
    name: 'vim filter through a motion: !jrm F',
    open: 'vim T',
    ready: /\d+,\d+/,
    attempts: ['!jrm F\r'],
    recorded: ['!jrm F'],
    again: ['\r'],
    quit: VIM_QUIT,
  },
  {
    name: "vim's expression register: Ctrl-R = system()",
    open: 'vim T',
    ready: /\d+,\d+/,
    attempts: ["i\x12=system('rm F')\r"],
    recorded: ["=system('rm F')"],
    again: ['\r'],
    quit: VIM_QUIT,
  },
  {
    name: 'vim :terminal',
    open: 'vim T',
    ready: /\d+,\d+/,
    attempts: [':terminal\r'],
    recorded: [':terminal'],
    again: ['\r'],
    quit: VIM_QUIT,
  },
  {
    name: 'vi :!rm F',
    open: 'vi T',
    ready: /\d+,\d+/,
    attempts: [':!rm F\r'],
    recorded: [':!rm F'],
    again: ['\r'],
    quit: VIM_QUIT,
  },
  {
    name: 'view :!rm F',
    open: 'view /etc/hostname',
    ready: /\d+,\d+/,
    attempts: [':!rm F\r'],
    recorded: [':!rm F'],
    again: ['\r'],
    quit: VIM_QUIT,
  },
  {
    name: 'less !rm F, then Enter',
    open: 'less /etc/services',
    ready: /services/,
    attempts: ['!rm F\r'],
    recorded: ['!rm F'],
    again: ['\r', '\r'],
    quit: ['q'],
  },
  {
    name: 'less |.rm F (pipe to a command)',
    open: 'less /etc/services',
    ready: /services/,
    attempts: ['|.rm F\r'],
    recorded: ['|.rm F'],
    again: ['\r'],
    quit: ['q'],
  },
  {
    name: 'man !rm F, then Enter',
    open: 'man -l M',
    ready: /TDPAGE/,
    attempts: ['!rm F\r'],
    recorded: ['!rm F'],
    again: ['\r'],
    quit: ['q'],
  },
  {
    name: "nano's Execute (Ctrl-T) rm F, then Enter",
    open: 'nano T',
    ready: /GNU nano/,
    attempts: ['\x14rm F\r'],
    recorded: ['rm F'],
    again: ['\r'],
    quit: ['\x18', 'n'],
  },
  {
    name: "nano's Insert File, then Execute (Ctrl-R Ctrl-X)",
    open: 'nano T',
    ready: /GNU nano/,
    attempts: ['\x12\x18rm F\r'],
    recorded: ['rm F'],
    again: ['\r'],
    quit: ['\x18'],
  },
];

for (const [doorName, open] of Object.entries(DOORS)) {
  test(`full-screen programs through the ${doorName} door: a refused escape leaves nothing to run`, async (t) => {
    const world = await terminalWorld(t, { rules: ISSUE_RULES });
    const screen = await open(world, t);
    const session = await openSession(world);
    const tag = randomBytes(3).toString('hex');
    const manPage = `/tmp/td-fs-${tag}.1`;
    writeFileSync(
      manPage,
      '.TH TDPAGE 1\n.SH NAME\ntdpage \\- a page for the door test\n.SH DESCRIPTION\nLines to page through.\n',
      { mode: 0o644 },
    );
    t.after(() => rmSync(manPage, { force: true }));
    const expected: [string, number][] = [];
    for (const [index, row] of ROWS.entries()) {
      const canary = `/tmp/td-fs-${tag}-${index}`;
      const text = `/tmp/td-fs-${tag}-${index}.txt`;
      const fill = (keys: string) => keys.replaceAll('F', canary).replaceAll('T', text).replaceAll('M', manPage);
      await runLine(screen, `touch ${canary}`);
      expected.push([`touch ${canary}`, 0]);
      screen.mark();
      screen.send(`${fill(row.open)}\r`);
      await screen.waitFor(row.ready).catch((error: Error) => {
        throw new Error(`${row.name}: the program did not start: ${error.message}`);
      });
      expected.push([fill(row.open), 0]);
      await sleep(300);
      for (const attempt of row.attempts) {
        screen.mark();
        screen.send(fill(attempt));
        await screen.waitFor(REFUSED).catch((error: Error) => {
          throw new Error(`${row.name}: ${JSON.stringify(attempt)} was not refused: ${error.message}`);
        });
      }
      for (const key of row.again) {
        screen.send(key);
        await sleep(150);
      }
      await sleep(400);
      screen.mark();
      for (const key of row.quit) {
        screen.send(key);
        await sleep(150);
      }
      await screen.waitFor(PROMPT).catch((error: Error) => {
        throw new Error(`${row.name}: the program did not end: ${error.message}`);
      });
      assert.ok(existsSync(canary), `${row.name}: the canary is gone: it ran`);
      for (const line of row.recorded) expected.push([fill(line), 5]);
    }
    await endSession(world, screen, session.id);
    const rows = await commandsOf(world, session.id, expected.length + 1);
    const stored = rows.map((row) => [row.input, row.risk_level]);
    assert.deepEqual(stored, [...expected, ['exit', 0]], JSON.stringify(stored, null, 1));
  });
}

// The command line's gate without a server or a shell: keys are read as a line editor reads them, the
// line is known from the keys and from the screen, and the Enter goes only when the screen shows the line
// (the test plays the shell: it writes the echo and bash 5's prompt markers itself).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CommandFilter, isIncomplete, ready } from '../../../demo/shared/command-filter/command-filter.ts';
import { KeyModel } from '../../../demo/terminal/line/key-model.ts';
import { KeyReader } from '../../../demo/terminal/line/keys.ts';
import { LineGate, type LineRecord, type Refusal } from '../../../demo/terminal/line/line-gate.ts';
import { ScreenLine } from '../../../demo/terminal/line/screen-line.ts';
import { programLineVerdict } from '../../../demo/terminal/session/program-line.ts';

const PROMPT = '\x1b[?2004h\x1b]0;u@h: ~\x07u@h:~$ ';
const ACCEPTED = '\r\n\x1b[?2004l\r';

test('keys: sequences whole, a bracketed paste as text over several chunks, every key that runs a line', () => {
  const reader = new KeyReader();
  assert.deepEqual(
    reader.read('ls\x1b[D\x7f\r').map((k) => [k.kind, k.start, k.end]),
    [
      ['text', 0, 2],
      ['left', 2, 5],
      ['erase', 5, 6],
      ['accept', 6, 7],
    ],
  );
  assert.deepEqual(
    reader.read('\n\x0f\x1bOM').map((k) => k.kind),
    ['accept', 'accept', 'accept'],
  );
  assert.deepEqual(
    reader.read('\x1b[200~a\rb\x1b[20').map((k) => [k.kind, k.text]),
    [['paste', 'a\rb']],
  );
  assert.deepEqual(
    reader.read('1~c\r').map((k) => [k.kind, k.text ?? '']),
    [
      ['text', 'c'],
      ['accept', ''],
    ],
    'the end marker split over two chunks',
  );
  assert.deepEqual(
    reader.read('\t\x12\x19\x1bb\x1b').map((k) => k.kind),
    ['other', 'other', 'other', 'other', 'other'],
  );
});

test('the key model follows the edits both bash and a terminal agree on, and knows when it cannot', () => {
  const model = new KeyModel();
  const reader = new KeyReader();
  for (const key of reader.read('echo x\x7fy z\x1b[D\x1b[D\x1b[3~')) model.apply(key);
  assert.equal(model.text, 'echo yz');
  assert.equal(model.certain, true);
  for (const key of reader.read('\x01# \x05\x0b')) model.apply(key);
  assert.equal(model.text, '# echo yz');
  for (const key of reader.read('\x1b[200~a\rb\x1b[201~')) model.apply(key);
  assert.equal(model.text, '# echo yza\nb');
  for (const key of reader.read('\t')) model.apply(key);
  assert.equal(model.certain, false, "completion is the shell's");
  model.reset();
  for (const key of reader.read('abc\x1b[D\x15')) model.apply(key);
  assert.equal(model.text, 'c');
  assert.equal(model.certain, false, 'Ctrl-U away from the end: bash and zsh disagree');
});

test('the screen line: wrapped rows, a redraw after Ctrl-L, a search prompt drawn over the line', async () => {
  const screen = new ScreenLine(20, 5);
  screen.begin('u@h:~$ ');
  screen.markLineStart();
  screen.write('echo 0123456789abcdefghij');
  assert.deepEqual(await screen.readSettled(), { text: 'echo 0123456789abcdefghij', found: true });
  screen.write('\x1b[H\x1b[2Ju@h:~$ echo 0123456789abcdefghij');
  assert.deepEqual(await screen.readSettled(), { text: 'echo 0123456789abcdefghij', found: true });
  screen.begin('u@h:~$ ');
  screen.markLineStart();
  screen.write("ls\r(reverse-i-search)`ls': ls -la\x1b[K");
  assert.deepEqual(await screen.readSettled(), { text: 'ls -la', found: true });
  screen.dispose();
});

interface Harness {
  gate: LineGate;
  sent: string[];
  records: LineRecord[];
  refusals: Refusal[];
  tampered: number[];
  toShell(): string;
}

async function harness(
  rules: { type: string; content: string; action: number }[] = [{ type: 'command', content: 'rm -rf', action: 0 }],
): Promise<Harness> {
  await ready();
  const filter = new CommandFilter(rules.map((rule) => ({ ...rule, priority: 50 })));
  const sent: string[] = [];
  const records: LineRecord[] = [];
  const refusals: Refusal[] = [];
  const tampered: number[] = [];
  const gate = new LineGate(
    {
      toTarget: (keys) => sent.push(keys),
      check: (line) => filter.check(line),
      isIncomplete,
      checkProgram: (line, shell) => programLineVerdict(filter, line, shell),
      hasDenyRules: rules.some((rule) => rule.action === 0),
      refused: (refusal) => refusals.push(refusal),
      record: (record) => records.push(record),
      inflight: () => null,
      tampered: () => tampered.push(1),
    },
    80,
    24,
  );
  return { gate, sent, records, refusals, tampered, toShell: () => sent.join('') };
}

const until = async (check: () => boolean, ms = 2000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

test('the Enter of a pasted line waits for its echo; the line the screen shows is judged and recorded', async () => {
  const h = await harness();
  h.gate.output(PROMPT);
  h.gate.input(' \x7f');
  h.gate.output(' \b\x1b[K');
  h.gate.input('rm -rf /tmp/x\r');
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(h.toShell(), ' \x7frm -rf /tmp/x', 'the Enter is held until the shell has drawn the line');
  h.gate.output('rm -rf /tmp/x');
  await until(() => h.refusals.length > 0);
  assert.equal(
    h.toShell(),
    ' \x7frm -rf /tmp/x\x05\x15\x03',
    'refused: the line is killed and interrupted, never entered',
  );
  assert.deepEqual(h.refusals, [{ kind: 'rule', line: 'rm -rf /tmp/x', rule: 'rm -rf' }]);
  assert.deepEqual(
    h.records.map((r) => [r.input, r.risk]),
    [['rm -rf /tmp/x', 5]],
  );

  h.gate.output(`^C\x1b[?2004l\r\x1b[?2004h\x1b[?2004l\r\r\n${PROMPT}`);
  h.sent.length = 0;
  h.gate.input('ls /\r');
  h.gate.output('ls /');
  await until(() => h.toShell().endsWith('\r'));
  h.gate.output(`${ACCEPTED}bin  etc\r\n${PROMPT}`);
  assert.deepEqual(
    h.records.slice(1).map((r) => [r.input, r.output, r.risk]),
    [['ls /', 'bin  etc', 0]],
  );
  h.gate.finish();
});

test('a line continued over two Enters is judged whole', async () => {
  const h = await harness();
  h.gate.output(PROMPT);
  h.gate.input('r\\\r');
  h.gate.output('r\\');
  await until(() => h.toShell().endsWith('\r'));
  h.gate.output(`${ACCEPTED}\x1b[?2004h> `);
  h.gate.input('m -rf /tmp/x\r');
  // Keys after an Enter wait for the shell's next prompt; the shell echoes them once they reach it.
  await until(() => h.toShell().endsWith('m -rf /tmp/x'));
  h.gate.output('m -rf /tmp/x');
  await until(() => h.refusals.length > 0);
  assert.equal(h.refusals[0].kind, 'rule');
  assert.ok(!h.toShell().endsWith('\r'));
  h.gate.finish();
});

test('a password typed to a program is not a command and its Enter is not held long', async () => {
  const h = await harness();
  h.gate.output(PROMPT);
  h.gate.input('sudo -k ls\r');
  h.gate.output('sudo -k ls');
  await until(() => h.toShell().endsWith('\r'));
  h.gate.output(`${ACCEPTED}[sudo] password for u: `);
  const started = Date.now();
  h.gate.input('hunter2\r');
  await until(() => h.toShell().endsWith('hunter2\r'));
  assert.ok(Date.now() - started < 400, `held ${Date.now() - started} ms`);
  h.gate.output(`\r\nbin\r\n${PROMPT}`);
  assert.deepEqual(
    h.records.map((r) => [r.input, r.output]),
    [['sudo -k ls', '[sudo] password for u: \nbin']],
  );
  h.gate.finish();
});

test('a line the shell runs without the door seeing its Enter is recorded dangerous and ends the session', async () => {
  const h = await harness();
  h.gate.output(PROMPT);
  h.gate.input('rm -rf /tmp/x');
  h.gate.output('rm -rf /tmp/x');
  // A key the door does not know runs lines (`"\C-t": accept-line` in an ~/.inputrc the user wrote).
  h.gate.input('\x14');
  h.gate.output(`${ACCEPTED}`);
  await until(() => h.tampered.length > 0);
  assert.deepEqual(
    h.records.map((r) => [r.input, r.risk]),
    [],
  );
  h.gate.finish();
  assert.deepEqual(
    h.records.map((r) => [r.input, r.risk]),
    [['rm -rf /tmp/x', 5]],
  );
});

test('history keys typed while a command runs are refused when deny rules apply; a full-screen program reads keys freely', async () => {
  const h = await harness();
  h.gate.output(PROMPT);
  h.gate.input('sleep 5\r');
  h.gate.output('sleep 5');
  await until(() => h.toShell().endsWith('\r'));
  h.gate.output(ACCEPTED);
  h.gate.input('\x1b[A\x1b[A\r');
  await until(() => h.refusals.length > 0);
  assert.deepEqual(h.refusals, [{ kind: 'typeahead', line: '^[[A^[[A' }]);
  assert.deepEqual(
    h.records.map((r) => [r.input, r.risk]),
    [
      ['sleep 5', 0],
      ['^[[A^[[A', 5],
    ],
    'the attempt is recorded as its keys',
  );
  assert.ok(h.toShell().endsWith('\x05\x15'), 'the typeahead is killed, the running command is not interrupted');
  h.gate.output(`\x1b[?1049h~\r\n~`);
  h.sent.length = 0;
  h.gate.input(':wq\r');
  assert.equal(h.toShell(), ':wq\r', 'a full-screen program gets its keys as they come');
  h.gate.input(':!rm -rf /tmp/x\r:q\r');
  assert.equal(h.toShell(), ':wq\r:q\r', 'but not the keys of a command line a deny rule refuses');
  assert.deepEqual(h.refusals.at(-1), { kind: 'rule', line: ':!rm -rf /tmp/x', rule: 'rm -rf' });
  h.gate.finish();
});

test("a shell prompt drawn in the alternate screen (printf '\\e[?1049h') is gated as a shell prompt", async () => {
  const h = await harness();
  h.gate.output(PROMPT);
  h.gate.input('ls\r');
  h.gate.output('ls');
  await until(() => h.toShell().endsWith('ls\r'));
  // The command printed the switch; the shell then draws its usual prompt there.
  h.gate.output(`${ACCEPTED}\x1b[?1049h${PROMPT}`);
  h.sent.length = 0;
  h.gate.input('\x1b[A\r');
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(h.toShell(), '\x1b[A', 'the Enter waits for the line, as at any prompt');
  h.gate.output('rm -rf /tmp/x');
  await until(() => h.refusals.length > 0);
  assert.equal(h.refusals[0].kind, 'rule');
  h.gate.finish();
});

test('history keys typed right after an Enter, before the shell acknowledged it, count as typed ahead', async () => {
  const h = await harness();
  h.gate.output(PROMPT);
  h.gate.input('sleep 5\r\x1b[A\x1b[A\r');
  h.gate.output('sleep 5');
  await until(() => h.toShell().includes('sleep 5\r'));
  h.gate.output(ACCEPTED);
  await until(() => h.refusals.length > 0);
  assert.deepEqual(h.refusals, [{ kind: 'typeahead', line: '^[[A^[[A' }]);
  assert.ok(!h.toShell().endsWith('\r'), 'the recalled line is never entered');
  h.gate.finish();
});

test('without prompt markers (an older shell) every Enter is gated on the echo the same way', async () => {
  const h = await harness();
  h.gate.output('Welcome\r\n$ ');
  h.gate.input('\x15rm -rf /tmp/x\r');
  h.gate.output('rm -rf /tmp/x');
  await until(() => h.refusals.length > 0);
  assert.equal(h.refusals[0].kind, 'rule');
  assert.ok(
    h.toShell().endsWith('\x05\x15'),
    'no Ctrl-C: without markers the door cannot tell a prompt from a program',
  );
  h.gate.output('\r\n$ ');
  h.gate.input('echo hi\r');
  h.gate.output('echo hi');
  await until(() => h.toShell().endsWith('echo hi\r'));
  h.gate.output('\r\nhi\r\n$ ');
  h.gate.input('e');
  assert.deepEqual(
    h.records.map((r) => [r.input, r.output, r.risk]),
    [
      ['rm -rf /tmp/x', '', 5],
      ['echo hi', 'hi', 0],
    ],
  );
  h.gate.finish();
});

const ISSUE_RULES = [
  { type: 'command', content: 'rm', action: 0 },
  { type: 'command', content: 'reboot', action: 0 },
  { type: 'regex', content: 'mkfs|dd\\s+if=', action: 0 },
];

test("a full-screen program's command line is held until its Enter is judged: a refused one never reaches it", async () => {
  const h = await harness(ISSUE_RULES);
  h.gate.output(PROMPT);
  h.gate.input('vim x\r');
  h.gate.output('vim x');
  await until(() => h.toShell().endsWith('\r'));
  h.gate.output(`${ACCEPTED}\x1b[?1049h~\r\n~`);
  await new Promise((resolve) => setTimeout(resolve, 300)); // keys after an Enter wait for the program's quiet
  h.sent.length = 0;
  h.gate.input('jj:');
  assert.equal(h.toShell(), 'jj', 'keys before a command line go at once; its keys wait');
  h.gate.input('!r\\m F');
  assert.equal(h.toShell(), 'jj');
  h.gate.input('\r');
  assert.equal(h.toShell(), 'jj', 'refused: the program never had the line, so the next Enter runs nothing');
  assert.deepEqual(h.refusals.at(-1), { kind: 'rule', line: ':!r\\m F', rule: 'rm' });
  h.gate.input('\r:w\x1b[O\x1b[I\r');
  assert.equal(h.toShell(), 'jj\r:w\x1b[O\x1b[I\r', 'focus reports are not keys of the line');
  // History recall and completion in the program's command line cannot be read: refused.
  h.gate.input(':\x1b[A\r');
  assert.equal(h.toShell(), 'jj\r:w\x1b[O\x1b[I\r');
  assert.deepEqual(h.refusals.at(-1), { kind: 'unsure', line: ':' });
  // less's `!` and `|`; vim's filter through a motion; nano's Execute; vim's expression register.
  for (const keys of [
    '!rm F\r',
    '|.rm F\r',
    '!jrm F\r',
    '\x14rm F\r',
    '\x12\x18rm F\r',
    'i\x12=system("rm F")\r',
    '\x1b:!rm F\r',
  ]) {
    h.sent.length = 0;
    const before = h.refusals.length;
    h.gate.input(keys);
    assert.equal(h.refusals.length, before + 1, JSON.stringify(keys));
    assert.ok(!/rm F/.test(h.toShell()), `${JSON.stringify(keys)}: sent ${JSON.stringify(h.toShell())}`);
  }
  // Erased back to nothing, the command line is the program's again; Escape and Ctrl-C are judged too.
  h.sent.length = 0;
  h.gate.input(':\x7fdd');
  assert.equal(h.toShell(), ':\x7fdd');
  h.gate.input(':!rm F\x1b:!rm F\x03');
  assert.equal(h.toShell(), ':\x7fdd');
  // A paste is held whole and ends the line with its last line break; its markers still reach the program.
  h.sent.length = 0;
  h.gate.input('\x1b[200~:!rm F\r\x1b[201~');
  assert.equal(h.toShell(), '\x1b[200~\x1b[201~');
  h.sent.length = 0;
  h.gate.input('\x1b[200~key: value\x1b[201~\x1b');
  assert.equal(h.toShell(), '\x1b[200~key: value\x1b[201~\x1b', 'text after a `:` in an editor is shown at its Escape');
  // Keys of a program the door does not know: an Enter spelling a denied line is dropped and cancelled.
  h.sent.length = 0;
  h.gate.input('rm F\r');
  assert.equal(h.toShell(), 'rm F\x03');
  h.gate.finish();
  assert.deepEqual(h.records.map((r) => [r.input, r.risk]).slice(0, 4), [
    ['vim x', 0],
    [':!r\\m F', 5],
    [':', 5],
    ['!rm F', 5],
  ]);
});

test('keys readline runs a line with other than Enter are refused while a deny rule is in force', async () => {
  const h = await harness(ISSUE_RULES);
  h.gate.output(PROMPT);
  h.gate.input('rm F');
  h.gate.output('rm F');
  h.gate.input('\x18');
  assert.equal(h.toShell(), 'rm F', 'Ctrl-X waits for the key after it');
  h.gate.input('\x05');
  await until(() => h.refusals.length > 0);
  assert.deepEqual(h.refusals, [{ kind: 'binding', line: 'rm F', key: 'Ctrl-X Ctrl-E (edit-and-execute-command)' }]);
  assert.equal(h.toShell(), 'rm F\x05\x15\x03', 'neither key reached the shell; the line is killed');
  assert.deepEqual(
    h.records.map((r) => [r.input, r.risk]),
    [['rm F', 5]],
  );
  h.gate.output(`^C\x1b[?2004l\r\x1b[?2004h\x1b[?2004l\r\r\n${PROMPT}`);
  h.sent.length = 0;
  h.gate.input('\x18\x18ls');
  assert.equal(h.toShell(), '\x18\x18ls', 'other Ctrl-X keys go on');
  for (const keys of ['\x1b#', '\x1b\x05', '\x18e', '\x18\x12']) {
    const before = h.refusals.length;
    h.gate.input(keys);
    await until(() => h.refusals.length > before);
    assert.equal(h.refusals.at(-1)?.kind, 'binding', JSON.stringify(keys));
    h.gate.output(`^C\x1b[?2004l\r\x1b[?2004h\x1b[?2004l\r\r\n${PROMPT}`);
  }
  h.gate.finish();
  const free = await harness([{ type: 'command', content: 'ls', action: 1 }]);
  free.gate.output(PROMPT);
  free.gate.input('\x18\x05');
  assert.equal(free.toShell(), '\x18\x05', 'without a deny rule nothing is refused');
  free.gate.finish();
});

test("a line longer than the command log's field is recorded whole (split where it is sent)", async () => {
  const h = await harness(ISSUE_RULES);
  h.gate.output(PROMPT);
  const line = `echo ${'a'.repeat(130)} >/dev/null; touch /tmp/hidden`;
  h.gate.input(`${line}\r`);
  h.gate.output(line);
  await until(() => h.toShell().endsWith('\r'));
  h.gate.output(`${ACCEPTED}${PROMPT}`);
  h.gate.input(`${line}; rm F\r`);
  h.gate.output(`${line}; rm F`);
  await until(() => h.refusals.length > 0);
  h.gate.finish();
  assert.deepEqual(
    h.records.map((r) => [r.input, r.risk]),
    [
      [line, 0],
      [`${line}; rm F`, 5],
    ],
  );
});

test("a full-screen program's held line past 64 KiB is refused unread; its paste markers still reach the program", async () => {
  const h = await harness(ISSUE_RULES);
  h.gate.output(`\x1b[?1049h~\r\n~`);
  h.gate.input(':');
  for (let i = 0; i < 40; i++) h.gate.input(`\x1b[200~${'ab!cd '.repeat(500)}\x1b[201~`);
  h.gate.input('\r');
  assert.equal(h.toShell(), '\x1b[200~\x1b[201~'.repeat(40), 'the text is dropped, the pastes still end');
  assert.equal(h.refusals.at(-1)?.kind, 'unsure');
  h.gate.finish();
});

test('an unsure line is read after a probe the shell draws behind its keys: a search it had yet to run is seen, judged and refused', async () => {
  const h = await harness();
  h.gate.output(PROMPT);
  // A slow completion: the shell has drawn the first keys only, and goes quiet.
  h.gate.input('td-slow \t\x15\x12rm -r');
  h.gate.output('td-slow ');
  h.gate.input('\r');
  await until(() => /\x1b\[200~#[0-9a-f]+\x1b\[201~$/.test(h.toShell()));
  const probe = /\x1b\[200~(#[0-9a-f]+)\x1b\[201~$/.exec(h.toShell())![1];
  assert.ok(h.toShell().endsWith(`\x05\x1b[200~${probe}\x1b[201~`), 'End, then the probe as a paste');
  assert.ok(!h.toShell().includes('\r'), 'the quiet screen ("td-slow") is not trusted: no Enter yet');
  // The shell catches up: its search found the denied line, End kept it, the probe follows it.
  h.gate.output(`\r\x1b[Ku@h:~$ rm -rf /tmp/x${probe}`);
  await until(() => h.refusals.length > 0);
  assert.deepEqual(h.refusals, [{ kind: 'rule', line: 'rm -rf /tmp/x', rule: 'rm -rf' }]);
  assert.ok(
    !h.toShell().includes('\r') && h.toShell().endsWith('\x05\x15\x03'),
    'refused: killed and interrupted, never entered',
  );
  assert.deepEqual(
    h.records.map((r) => [r.input, r.risk]),
    [['rm -rf /tmp/x', 5]],
  );
  h.gate.finish();
});

test('an allowed unsure line has its probe erased before the Enter; a probe the shell never draws refuses the line', async () => {
  const h = await harness();
  h.gate.output(PROMPT);
  h.gate.input('ls -\t');
  h.gate.output('ls -');
  h.gate.input('\r');
  await until(() => /\x1b\[200~#[0-9a-f]+\x1b\[201~$/.test(h.toShell()));
  const probe = /\x1b\[200~(#[0-9a-f]+)\x1b\[201~$/.exec(h.toShell())![1];
  h.gate.output(`l${probe}`);
  await until(() => h.toShell().endsWith('\x7f'.repeat(probe.length)));
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(!h.toShell().endsWith('\r'), 'the Enter waits until the probe is gone from the screen');
  h.gate.output(`${'\b'.repeat(probe.length)}\x1b[K`);
  await until(() => h.toShell().endsWith('\r'));
  assert.deepEqual(
    h.records.map((r) => [r.input, r.risk]),
    [],
  );
  h.gate.output(ACCEPTED);
  h.gate.output(PROMPT);
  assert.deepEqual(
    h.records.map((r) => [r.input, r.risk]),
    [['ls -l', 0]],
  );
  // The shell never draws the probe (busy, or a prompt of its own took the keys): refused, unsure.
  h.sent.length = 0;
  h.gate.input('ls\t');
  h.gate.output('ls');
  h.gate.input('\r');
  await until(() => h.refusals.length > 0, 5000);
  assert.deepEqual(h.refusals, [{ kind: 'unsure', line: 'ls' }]);
  assert.ok(!h.toShell().includes('\r'), 'never entered');
  h.gate.finish();
});

test('after a Ctrl-C at the prompt, a line waits for the shell to leave the old one; a shell that does not (bash interrupted in a completion) has it refused', async () => {
  const h = await harness();
  h.gate.output(PROMPT);
  h.gate.input('ls -l\x03');
  h.gate.output('ls -l^C\x1b[?2004l\r\x1b[?2004h\x1b[?2004l\r\r\n');
  h.gate.output(PROMPT);
  h.gate.input('echo ok\r');
  h.gate.output('echo ok');
  await until(() => h.toShell().endsWith('echo ok\r'));
  h.gate.output(ACCEPTED);
  h.gate.output(PROMPT);
  // Tab, then a refused line: the door's Ctrl-C comes while bash completes. It ends the completion, draws
  // its prompt again without leaving the line, and drops the next key it is sent, after showing it.
  h.gate.input('\trm -rf /tmp/x\r');
  await until(() => h.refusals.length === 1);
  assert.ok(h.toShell().endsWith('\x05\x15\x03'));
  h.gate.output('^C\x1b[?2004l\r\x1b[?2004h\x07u@h:~$ ');
  h.sent.length = 0;
  h.gate.input('xls\r');
  h.gate.output('xls');
  await until(() => h.refusals.length === 2, 5000);
  assert.deepEqual(h.refusals[1], { kind: 'unsure', line: 'xls' });
  assert.ok(!h.toShell().includes('\r'), 'never entered: the shell has `ls` or `xls`, the door cannot tell which');
  h.gate.finish();
});

// The terminal component's pieces that need no server: filter rules as 2.3 matches them, the command
// line read back from a shell's echo, the command/output split, and the asciicast recording.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { AsciicastRecorder } from '../../demo/terminal/asciicast.ts';
import { CommandFilter, ready } from '../../demo/terminal/command-filter.ts';
import { CommandParser, type ParsedCommand } from '../../demo/terminal/command-parser.ts';
import { plainText, renderLine } from '../../demo/terminal/line-screen.ts';

test('command rules are word-bounded with any blanks between words; the highest priority match decides', async () => {
  await ready(); // the shell parser (WebAssembly) loads asynchronously; checks are synchronous after it
  const filter = new CommandFilter([
    { type: 'command', content: 'rm -rf\nreboot', priority: 50, action: 0 },
    { type: 'regex', content: '^rm\\s+-rf\\s+/tmp/safe', priority: 90, action: 1 },
    { type: 'regex', content: '([', priority: 99, action: 0 },
  ]);
  assert.equal(filter.check('rm   -rf /tmp/x').allowed, false);
  assert.equal(filter.check('rm -rf /tmp/x').rule?.content, 'rm -rf\nreboot');
  assert.equal(filter.check('sudo reboot').allowed, false);
  assert.equal(filter.check('rebooted').allowed, true, 'a word ending in a letter needs its boundary');
  assert.equal(filter.check('rm -rf /tmp/safe/a').allowed, true, 'the allow rule has the higher priority');
  assert.equal(filter.check('ls -la').allowed, true, 'no match allows');
  assert.deepEqual(filter.check('rm -rf /tmp/x').matched, 'rm -rf');
});

test('the echoed line is read back through readline edits', () => {
  assert.equal(renderLine('$ ls -l\b\b\x1b[K-a'), '$ ls -a');
  assert.equal(renderLine('$ ecco\b\bho hi'), '$ echo hi');
  assert.equal(renderLine('$ hello\r$ world'), '$ world');
  assert.equal(renderLine('$ ab\x1b[1Dxc'), '$ axc');
  assert.equal(plainText('\x1b[01;34mdir\x1b[0m\r\nfile\x07'), 'dir\nfile');
});

test('commands pair the echoed input with the output up to the next prompt; pasted lines and passwords', () => {
  const seen: ParsedCommand[] = [];
  const parser = new CommandParser((command) => seen.push(command));
  parser.output('Welcome\r\nuser@host:~$ ');
  parser.typing('ech');
  parser.output('ech');
  parser.typing('o\tx');
  parser.output('o x');
  assert.equal(parser.enter(), 'echo x', 'the echo (completion included) is the command');
  parser.submitted('echo x');
  parser.output('\r\nx\r\nuser@host:~$ ');
  parser.typing('ls /tmp\r'.slice(0, -1), true);
  assert.equal(parser.enter(), 'ls /tmp', 'a line pasted with its Enter is read from the keys');
  parser.submitted('ls /tmp');
  parser.output('\r\na\r\nb\r\nuser@host:~$ ');
  parser.typing('s');
  parser.output('s');
  parser.flush();
  assert.deepEqual(seen.map((c) => [c.input, c.output]), [['echo x', 'x'], ['ls /tmp', 'a\nb']]);

  const quiet = new CommandParser(() => {});
  quiet.output('Password: ');
  quiet.typing('s');
  quiet.typing('ecret');
  assert.equal(quiet.enter(), '', 'keys the target did not echo are not a command');
});

test('output is cut to 1024 characters and full-screen programs are not parsed', () => {
  const seen: ParsedCommand[] = [];
  const parser = new CommandParser((command) => seen.push(command));
  parser.output('$ ');
  parser.typing('yes', false);
  parser.output('yes');
  parser.submitted(parser.enter());
  parser.output(`\r\n${'y\r\n'.repeat(2000)}`);
  parser.flush();
  assert.equal(seen[0].output.length, 1024);
  parser.output('$ ');
  parser.typing('vim');
  parser.output('vim');
  parser.submitted(parser.enter());
  parser.output('\x1b[?1049h~\r\n~');
  parser.typing(':wq');
  assert.equal(parser.enter(), '', 'keys inside vim are not commands');
  parser.output('\x1b[?1049l$ ');
  parser.typing('pwd');
  parser.output('pwd');
  assert.equal(parser.enter(), 'pwd');
});

test('the recording is asciicast v2: a header, output and resize events', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-cast-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const recorder = new AsciicastRecorder(join(dir, 'x.cast'), 100, 30);
  const euro = Buffer.from('€');
  recorder.output(Buffer.from('hello '));
  recorder.output(euro.subarray(0, 1));
  recorder.output(euro.subarray(1));
  recorder.resize(120, 40);
  await recorder.close();
  const [header, ...events] = readFileSync(join(dir, 'x.cast'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  assert.equal(header.version, 2);
  assert.equal(header.width, 100);
  assert.equal(header.height, 30);
  assert.equal(typeof header.timestamp, 'number');
  assert.deepEqual(events.map((e) => [e[1], e[2]]), [['o', 'hello '], ['o', '€'], ['r', '120x40']]);
  assert.ok(events.every((e) => typeof e[0] === 'number' && e[0] >= 0));
});

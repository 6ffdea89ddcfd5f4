// The terminal component's pieces that need no server: filter rules as 2.3 matches them and the asciicast
// recording (the command line's gate has its own file, terminal-line-units.test.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { AsciicastRecorder } from '../../../demo/terminal/recordings/asciicast.ts';
import { CommandFilter, ready } from '../../../demo/shared/command-filter/command-filter.ts';

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
  const [header, ...events] = readFileSync(join(dir, 'x.cast'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  assert.equal(header.version, 2);
  assert.equal(header.width, 100);
  assert.equal(header.height, 30);
  assert.equal(typeof header.timestamp, 'number');
  assert.deepEqual(
    events.map((e) => [e[1], e[2]]),
    [
      ['o', 'hello '],
      ['o', '€'],
      ['r', '120x40'],
    ],
  );
  assert.ok(events.every((e) => typeof e[0] === 'number' && e[0] >= 0));
});

test('the recording writes output bytes as JSON.stringify would write their text; bytes that are not UTF-8 become U+FFFD', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-cast-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // Every byte below 0x20, quotes, backslashes, DEL, and characters of two, three and four bytes.
  const every = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).join('');
  const texts = [every, '"quoted" \\ back\\slash \x7f', 'é € 𝄞 中文', `${'x'.repeat(70_000)}\r\n`, 'a\u2028b'];
  const recorder = new AsciicastRecorder(join(dir, 'bytes.cast'), 80, 24);
  // Each text cut into chunks of 1..7 bytes: characters split everywhere.
  for (const text of texts) {
    const bytes = Buffer.from(text);
    for (let at = 0, size = 1; at < bytes.length; at += size, size = (size % 7) + 1)
      recorder.output(bytes.subarray(at, at + size));
  }
  recorder.output(Buffer.from([0x61, 0xff, 0x62, 0xc3])); // invalid byte, then a lead byte cut by the close
  await recorder.close();
  const lines = readFileSync(join(dir, 'bytes.cast'), 'utf8').trim().split('\n').slice(1);
  const shown = lines
    .map((line) => JSON.parse(line))
    .filter((event) => event[1] === 'o')
    .map((event) => event[2])
    .join('');
  assert.equal(shown, `${texts.join('')}a\ufffdb\ufffd`);
  // The escapes are JSON.stringify's own.
  const file = lines.join('\n');
  for (const escape of ['\\u0000', '\\u001f', '\\b', '\\t', '\\n', '\\u000b', '\\f', '\\r', '\\"', '\\\\'])
    assert.ok(file.includes(escape), escape);
});

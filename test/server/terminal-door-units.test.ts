// The terminal component's pieces that need no server: filter rules as 2.3 matches them and the asciicast
// recording (the command line's gate has its own file, terminal-line-units.test.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { AsciicastRecorder } from '../../demo/terminal/asciicast.ts';
import { CommandFilter, ready } from '../../demo/terminal/command-filter.ts';

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
  const [header, ...events] = readFileSync(join(dir, 'x.cast'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  assert.equal(header.version, 2);
  assert.equal(header.width, 100);
  assert.equal(header.height, 30);
  assert.equal(typeof header.timestamp, 'number');
  assert.deepEqual(events.map((e) => [e[1], e[2]]), [['o', 'hello '], ['o', '€'], ['r', '120x40']]);
  assert.ok(events.every((e) => typeof e[0] === 'number' && e[0] >= 0));
});

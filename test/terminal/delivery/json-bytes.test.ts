// The recording's byte path must write what JSON.stringify writes for the same text, byte for byte: a
// replay player parses the file as JSON, and a difference would show as a wrong character or a broken event.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { completeUtf8, escapedMax, escapeJsonBytes } from '../../../demo/terminal/delivery/json-bytes.ts';

const escaped = (text: string) => {
  const source = Buffer.from(text, 'utf8');
  const target = Buffer.alloc(escapedMax(source.length) + 4);
  const end = escapeJsonBytes(source, target, 2);
  return target.subarray(2, end).toString('utf8');
};

test('writes every escape JSON.stringify writes, and copies the rest as it is', () => {
  const every = Array.from({ length: 0x80 }, (_, code) => String.fromCharCode(code)).join('');
  for (const text of [
    '',
    'plain',
    every,
    '"quoted" \\ back\\slash',
    'line\r\nnext\r\n',
    '中文 and é ✓ 😀',
    '\x1b[31mred\x1b[0m',
  ]) {
    assert.equal(escaped(text), JSON.stringify(text).slice(1, -1), JSON.stringify(text));
  }
});

test('matches JSON.stringify on random text of every kind of character', () => {
  const pieces = ['a', 'Z', ' ', '"', '\\', '\r', '\n', '\t', '\x00', '\x1b', '\x7f', 'é', '中', '😀', 'x'.repeat(200)];
  for (let round = 0; round < 300; round += 1) {
    let text = '';
    for (let k = Math.floor(Math.random() * 80); k > 0; k -= 1)
      text += pieces[Math.floor(Math.random() * pieces.length)];
    assert.equal(escaped(text), JSON.stringify(text).slice(1, -1), JSON.stringify(text));
  }
});

test('a character cut at the end of a chunk is left for the next one', () => {
  const bytes = Buffer.from('ab中', 'utf8'); // 中 is three bytes
  assert.equal(completeUtf8(bytes), bytes.length);
  assert.equal(completeUtf8(bytes.subarray(0, 4)), 2);
  assert.equal(completeUtf8(bytes.subarray(0, 3)), 2);
  assert.equal(completeUtf8(Buffer.from('😀', 'utf8').subarray(0, 3)), 0);
});

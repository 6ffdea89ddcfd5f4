// A one-hour asciicast v2 recording with heavy output (≥ 20 MB) and the commands typed in it, for the
// replay benchmark and the player's tests. Deterministic (seeded), so runs compare. A command every
// 30 s: the prompt, the typed input and a marker line at the command's second, then its output as coloured lines every 100 ms until the
// next one; every tenth command dumps a burst (~400 KB within a second), as `cat` of a big log does.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const COLS = 120;
const ROWS = 36;
const COMMAND_EVERY_S = 30;
const LINE_EVERY_S = 0.1;

function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS = [
  'kernel',
  'sshd',
  'nginx',
  'upstream',
  'timeout',
  'connect',
  'accepted',
  'session',
  'opened',
  'closed',
  'disk',
  'usage',
  'warning',
  'error',
  'retry',
  'backup',
  'rotate',
  'cron',
  'audit',
  'token',
  'cache',
  'miss',
  'hit',
];

function line(rand, n) {
  const words = [];
  while (words.join(' ').length < 96) words.push(WORDS[Math.floor(rand() * WORDS.length)]);
  const colour = 31 + (n % 6);
  return `\x1b[${colour}m${String(n).padStart(7, '0')}\x1b[0m ${words.join(' ').slice(0, 100)}\r\n`;
}

/** The marker line that opens command `index`'s output: tests look for it on the screen. */
export function outputMarker(index) {
  return `=== output of command ${index} ===`;
}

/**
 * Writes the cast to `file`; returns `{ bytes, duration, start (epoch s), commands: [{ input, output, offset }] }`.
 * `seconds` and the rates can be lowered for small test recordings.
 */
export async function writeCast(
  file,
  { seconds = 3600, start = 1_700_000_000, lineBytes = 1, burstEvery = 10, seed = 7 } = {},
) {
  const rand = random(seed);
  const out = createWriteStream(file);
  let bytes = 0;
  const emit = async (text) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await emit(
    `${JSON.stringify({ version: 2, width: COLS, height: ROWS, timestamp: start, env: { TERM: 'xterm-256color', SHELL: '/bin/bash' } })}\n`,
  );
  const event = (t, data) => emit(`${JSON.stringify([Number(t.toFixed(6)), 'o', data])}\n`);
  const commands = [];
  let n = 0;
  for (let index = 0; index * COMMAND_EVERY_S < seconds; index += 1) {
    const offset = 2 + index * COMMAND_EVERY_S;
    const input = `tail -n 200 /var/log/app-${index}.log`;
    // The prompt, then at the command's second the typed line and the first line of its output.
    await event(offset - 0.5, `\x1b[1;32mops@web-${index % 9}\x1b[0m:~$ `);
    await event(offset, `${input}\r\n${outputMarker(index)}\r\n`);
    const end = Math.min(seconds, offset + COMMAND_EVERY_S - 1);
    let output = '';
    if (lineBytes && index % burstEvery === burstEvery - 1) {
      // A burst: many lines within one second, in 16 KB writes as a pty delivers them.
      let chunk = '';
      for (let i = 0; i < 4000; i += 1) {
        chunk += line(rand, (n += 1));
        if (chunk.length > 16_000) {
          await event(offset + 0.6 + i / 8000, chunk);
          chunk = '';
        }
      }
      if (chunk) await event(offset + 1.1, chunk);
    }
    for (let t = offset + 1.2; t < end; t += LINE_EVERY_S) {
      let text = '';
      for (let i = 0; i < lineBytes * 5; i += 1) text += line(rand, (n += 1));
      if (text) await event(t, text);
      if (output.length < 1000) output += text;
    }
    commands.push({ input, output: `${outputMarker(index)}\n${output}`.slice(0, 1024), offset });
  }
  out.end();
  await once(out, 'finish');
  return { bytes, duration: seconds, start, commands };
}

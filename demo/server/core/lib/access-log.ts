// The request log (one line per answered request) reaches stdout in batches. Under `npm start` and the test
// runner stdout is a pipe, which Node writes synchronously: one write per request cost 0.7 s of the 17.5 s the
// server was busy while 150 door sessions opened, and stalled every request whenever the reader fell behind.
const FLUSH_AFTER_MS = 100;
const FLUSH_AT_BYTES = 64 * 1024;

let pending: string[] = [];
let pendingBytes = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

export function logRequest(line: string): void {
  pending.push(line);
  pendingBytes += line.length + 1;
  if (pendingBytes >= FLUSH_AT_BYTES) flushRequestLog();
  else if (!timer) {
    timer = setTimeout(flushRequestLog, FLUSH_AFTER_MS);
    timer.unref();
  }
}

export function flushRequestLog(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (pending.length === 0) return;
  const text = `${pending.join('\n')}\n`;
  pending = [];
  pendingBytes = 0;
  process.stdout.write(text);
}

// Lines still waiting when the process ends are written on the way out.
process.on('exit', flushRequestLog);

// What reaches a task log is shown by a terminal (xterm) on the task-log page, so a control sequence
// in data — a hostname, a command's output, a remote error — could clear the screen, recolour or
// rewrite earlier lines. Every line is made inert here; only the runner's own tone is then added
// as colour, outside the text, so the colours a reader sees are always the runner's.

/** The runner's own colouring of a line: outcome at a glance. */
export type LogTone = 'ok' | 'fail' | 'warn';

const SGR: Record<LogTone, string> = { ok: '\x1b[32m', fail: '\x1b[31m', warn: '\x1b[33m' };
const RESET = '\x1b[0m';

// C0 controls but tab, DEL, C1 controls, and the bidi embedding/override/isolate characters (which
// can make a line read differently from what it holds). Line breaks are split on before this runs.
const UNSAFE = /[\x00-\x08\x0a-\x1f\x7f\x80-\x9f\u202a-\u202e\u2066-\u2069]/g;

function visible(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`; // ESC → ^[, as `cat -v` shows it
  if (code === 0x7f) return '^?';
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** One log line with every control character shown as text instead of acted on. */
export function inert(line: string): string {
  return line.replace(UNSAFE, visible);
}

/** An inert line, coloured by the runner when it has a tone. */
export function logLine(line: string, tone?: LogTone): string {
  const safe = inert(line);
  return tone ? `${SGR[tone]}${safe}${RESET}` : safe;
}

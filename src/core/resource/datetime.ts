// Date-times in forms (spec: `YYYY-MM-DD HH:MM:SS`). The server renders `%Y-%m-%d %H:%M:%S %z` in
// the zone the console sends as X-TZ (this browser's), and accepts that format back; forms show the
// local wall time and send it with this browser's offset, so a value round-trips unchanged.

export const DATETIME_FORMAT = 'YYYY-MM-DD HH:MM:SS';

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');
const PATTERN = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Reads a server value ('2096-11-24 08:00:00 +0800', ISO) or what a user typed
 * ('2096-11-24 08:00:00', local time); null when it is not a real date-time in that shape
 * (Date alone would accept '2024-02-31' as March 2nd).
 */
export function parseDateTime(value: unknown): Date | null {
  const match = typeof value === 'string' ? PATTERN.exec(value.trim()) : null;
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const zone = match[7];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  let date: Date;
  if (zone) {
    const offset =
      zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
    date = new Date(Date.UTC(year, month - 1, day, hour, minute, second) - offset * 60000);
    // The wall time in that zone must exist (no day 31 of a 30-day month).
    const check = new Date(date.getTime() + offset * 60000);
    if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  } else {
    date = new Date(year, month - 1, day, hour, minute, second);
    if (date.getDate() !== day || date.getMonth() !== month - 1) return null;
  }
  return date;
}

/** `YYYY-MM-DD HH:MM:SS` in this browser's zone. */
export function formatLocal(date: Date): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** `YYYY-MM-DD HH:MM:SS +ZZZZ` with this browser's offset: the format the server renders and accepts. */
export function formatServer(date: Date): string {
  const offset = -date.getTimezoneOffset();
  return `${formatLocal(date)} ${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}${pad(Math.abs(offset) % 60)}`;
}

/** What a date-time field shows: a readable value as local `YYYY-MM-DD HH:MM:SS`, anything else as typed. */
export function displayDateTime(value: unknown): string {
  const date = parseDateTime(value);
  return date ? formatLocal(date) : value == null ? '' : String(value);
}

/** What a date-time field holds once a change is committed: the server format, or the text as typed when unreadable. */
export function commitDateTime(text: string): string | null {
  if (!text.trim()) return null;
  const date = parseDateTime(text);
  return date ? formatServer(date) : text;
}

/** The value of a native `<input type="datetime-local">` for the picker. */
export const toPickerValue = (value: unknown): string =>
  displayDateTime(parseDateTime(value) ? value : '').replace(' ', 'T');

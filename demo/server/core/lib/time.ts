// Datetimes are stored as UTC ISO-8601 text (sortable) and rendered the way JumpServer renders
// them: `YYYY-MM-DD HH:MM:SS +ZZZZ` in the caller's zone (header X-TZ).
export const DEFAULT_TZ = 'Asia/Shanghai';

/** Milliseconds since the epoch; injected so tests can move time (spm expiry, lockout). */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

export function isValidTimeZone(tz: string): boolean {
  if (!tz) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'longOffset',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall clock of `tz` at an instant, by part: year, month, day, hour, minute, second, timeZoneName ("GMT+08:00"). */
export function wallClockParts(at: number | Date, tz: string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(tz).formatToParts(at)) parts[p.type] = p.value;
  return parts;
}

/** `2020-09-16 19:55:18 +0800`; null/empty stays null. */
export function formatDateTime(iso: string | null | undefined, tz: string = DEFAULT_TZ): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  const at = date.getTime();
  if (Number.isNaN(at)) return null;
  const offset = steadyOffset(tz, Math.floor(at / DAY_MS));
  if (offset !== null) {
    const wall = new Date(at + offset * 60_000);
    const year = wall.getUTCFullYear();
    if (year >= 1000 && year <= 9999) {
      const abs = Math.abs(offset);
      return (
        `${year}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ` +
        `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())} ` +
        `${offset < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}${two(abs % 60)}`
      );
    }
  }
  const parts = wallClockParts(date, tz);
  // longOffset gives "GMT+08:00", or plain "GMT" for UTC itself.
  const match = /GMT([+-])(\d{2}):?(\d{2})/.exec(parts.timeZoneName ?? '');
  const zone = match ? `${match[1]}${match[2]}${match[3]}` : '+0000';
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${zone}`;
}

// Every list row renders several datetimes, and Intl's formatToParts is the slow part of that (a tenth of the
// server's work listing users in a crowd). A zone's offset is read once per UTC day (at its first and last
// millisecond): when both agree and are whole minutes, the day's wall clock is plain arithmetic; a day with a
// transition, or an offset in seconds (local mean time before 1900), takes Intl's path as before.
const DAY_MS = 86_400_000;
const OFFSETS_LIMIT = 4096;
const steadyOffsets = new Map<string, number | null>();
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

function steadyOffset(tz: string, day: number): number | null {
  const key = `${tz} ${day}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    const first = offsetMinutes(day * DAY_MS, tz);
    offset = first !== null && first === offsetMinutes(day * DAY_MS + DAY_MS - 1, tz) ? first : null;
    if (steadyOffsets.size >= OFFSETS_LIMIT) steadyOffsets.clear();
    steadyOffsets.set(key, offset);
  }
  return offset;
}

/** The zone's offset from UTC at an instant in whole minutes, or null when Intl names seconds too. */
function offsetMinutes(at: number, tz: string): number | null {
  const name = wallClockParts(at, tz).timeZoneName ?? '';
  if (name === 'GMT') return 0;
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!match) return null;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

const JMS_FORMAT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/;

/** Accepts ISO-8601 or the JumpServer output format; returns UTC ISO text or null if unparsable. */
export function parseDateTime(input: unknown): string | null {
  if (typeof input !== 'string' || !input.trim()) return null;
  const text = input.trim();
  const jms = JMS_FORMAT.exec(text);
  const iso = jms ? `${jms[1]}-${jms[2]}-${jms[3]}T${jms[4]}:${jms[5]}:${jms[6]}${jms[7]}${jms[8]}:${jms[9]}` : text;
  if (!/^\d{4}-\d{2}-\d{2}/.test(iso)) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/** JumpServer's default expiry for users and permissions: now + 70 × 365 days. */
export function defaultExpiry(nowMs: number): string {
  return isoAt(nowMs + 70 * 365 * 24 * 3600 * 1000);
}

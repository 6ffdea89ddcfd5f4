// Calendar days in the caller's time zone (header X-TZ): 2.3 cuts the dashboard's per-day figures at
// local midnight, and a day label ("MM-DD") must name the day the reader lives in, not the UTC one.
import { wallClockParts } from '../core/lib/time.ts';

const DAY_MS = 24 * 3600 * 1000;

function partsIn(ms: number, tz: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const p = wallClockParts(ms, tz);
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

/** How far `tz` is ahead of UTC at instant `ms` (whole seconds). */
function offsetAt(ms: number, tz: string): number {
  const p = partsIn(ms, tz);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant local midnight begins on the given calendar day (checked twice: the offset may change that day). */
function localMidnight(y: number, m: number, d: number, tz: string): number {
  const wall = Date.UTC(y, m - 1, d);
  const guess = wall - offsetAt(wall, tz);
  return wall - offsetAt(guess, tz);
}

export interface LocalDay {
  label: string;
  start: number;
  end: number;
}

/** The last `count` local days up to and including today, oldest first: `MM-DD` and [start, end) in ms. */
export function lastLocalDays(nowMs: number, count: number, tz: string): LocalDay[] {
  const today = partsIn(nowMs, tz);
  const days: LocalDay[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day - back));
    const next = new Date(day.getTime() + DAY_MS);
    const y = day.getUTCFullYear(),
      m = day.getUTCMonth() + 1,
      d = day.getUTCDate();
    days.push({
      label: `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
      start: localMidnight(y, m, d, tz),
      end: localMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), tz),
    });
  }
  return days;
}

// The list's date-range picker (spec §9): shortcuts, default times 00:00:01–23:59:59, ISO params.
// Bounds are kept and shown as `YYYY-MM-DD HH:MM:SS` in this browser's zone (the forms' format),
// never in the browser's locale format.
import { formatLocal, parseDateTime } from './datetime.ts';

const DAY_MS = 24 * 3600 * 1000;

export const DATE_SHORTCUTS = [
  { key: 'last24h', ms: DAY_MS },
  { key: 'lastWeek', ms: 7 * DAY_MS },
  { key: 'last30d', ms: 30 * DAY_MS },
  { key: 'last90d', ms: 90 * DAY_MS },
] as const;

export type ShortcutKey = (typeof DATE_SHORTCUTS)[number]['key'];

export interface DateRange {
  from: string;
  to: string;
}

export type RangeBound = keyof DateRange;

/** Spec §9: a day chosen without a time starts at 00:00:01 and ends at 23:59:59. */
export const DEFAULT_TIMES: Record<RangeBound, string> = { from: '00:00:01', to: '23:59:59' };

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function atTime(date: Date, h: number, m: number, s: number): Date {
  const copy = new Date(date);
  copy.setHours(h, m, s, 0);
  return copy;
}

/** The default range: `days` back from today, starting 00:00:01 and ending today 23:59:59. */
export function defaultRange(days: number, now = new Date()): DateRange {
  const start = new Date(now.getTime() - days * DAY_MS);
  return { from: formatLocal(atTime(start, 0, 0, 1)), to: formatLocal(atTime(now, 23, 59, 59)) };
}

export function shortcutRange(key: ShortcutKey, now = new Date()): DateRange {
  const shortcut = DATE_SHORTCUTS.find((s) => s.key === key) ?? DATE_SHORTCUTS[0];
  return { from: formatLocal(new Date(now.getTime() - shortcut.ms)), to: formatLocal(now) };
}

/**
 * What a typed or picked bound means: a date-time as typed, a bare day at the bound's default time;
 * '' for an emptied bound (no limit); null for text that is no real date (the picker ignores it).
 */
export function readBound(text: string, bound: RangeBound): string | null {
  const typed = text.trim();
  if (!typed) return '';
  const date = parseDateTime(DAY_ONLY.test(typed) ? `${typed} ${DEFAULT_TIMES[bound]}` : typed);
  return date ? formatLocal(date) : null;
}

/** `date_from`/`date_to` as ISO strings; a bound that is not a valid date is left out. */
export function rangeParams(range: Partial<DateRange>): Record<string, string> {
  const params: Record<string, string> = {};
  const from = parseDateTime(range.from);
  const to = parseDateTime(range.to);
  if (from) params.date_from = from.toISOString();
  if (to) params.date_to = to.toISOString();
  return params;
}

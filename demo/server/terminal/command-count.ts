// The total of a bare time window of commands (the list's default view, only the org besides): the whole
// hours inside it come from command_counts (migration 21, kept by triggers) and only the partial hours at its
// two edges are counted on the rows, so a 30-day window costs two small index ranges and a sum instead of
// a COUNT over every command in it.
import type { DB } from '../core/db/open.ts';
import { SEQ_SPAN } from './command-query.ts';
import { countHours, countSeqRange } from './command-list-store.ts';

const HOUR = 3600;

export function countWindow(db: DB, window: { orgId: string | null; low: number; high: number }): number {
  const { orgId, low, high } = window;
  const rows = (from: number, to: number) => (from > to ? 0 : countSeqRange(db, orgId, from, to));
  // seq = timestamp * SEQ_SPAN + n: the window is the seconds [fromSecond, toSecond].
  const fromSecond = Math.ceil(low / SEQ_SPAN);
  const toSecond = Math.floor((high + 1) / SEQ_SPAN) - 1;
  const firstHour = Math.ceil(fromSecond / HOUR);
  const lastHour = Math.floor((toSecond + 1) / HOUR) - 1;
  if (firstHour > lastHour) return rows(low, high);
  const hours = countHours(db, orgId, firstHour, lastHour);
  return rows(low, firstHour * HOUR * SEQ_SPAN - 1) + hours + rows((lastHour + 1) * HOUR * SEQ_SPAN, high);
}

// Whether a permission (asset or application) counts at `now`: active and inside [date_start,
// date_expired). Datetimes are stored as UTC ISO text, so the window compares as strings. The grant
// engines apply the same rule in SQL (`is_active = 1 AND date_start <= @now AND date_expired > @now`).
import type { Row } from '../engine/types.ts';
import { isoAt } from '../core/lib/time.ts';

export function permissionValidity(row: Row, nowMs: number): { is_valid: boolean; is_expired: boolean } {
  const at = isoAt(nowMs);
  const is_expired = !(String(row.date_start) <= at && at < String(row.date_expired));
  return { is_expired, is_valid: !!row.is_active && !is_expired };
}

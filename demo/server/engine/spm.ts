// The `spm` resource-id cache (§1.8): a list of ids saved for 300 s, then used as `?spm=` on lists.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';

export const SPM_TTL_SECONDS = 300;

/**
 * Saves `resources` as sent, whatever it is (2.3 caches any value: Lina's single selects send one id as a
 * string); only a list narrows a later `?spm=` list. Nothing is stored when it is undefined.
 */
export function cacheResources(db: DB, resources: unknown, nowMs: number): string {
  const spm = uuid();
  db.prepare('DELETE FROM resource_caches WHERE expires_at <= ?').run(nowMs);
  if (resources === undefined) return spm;
  db.prepare('INSERT INTO resource_caches (spm, ids, expires_at) VALUES (?, ?, ?)').run(
    spm,
    JSON.stringify(resources),
    nowMs + SPM_TTL_SECONDS * 1000,
  );
  return spm;
}

/** The cached ids, or null when the spm is unknown, expired or not a list (then the filter is silently dropped). */
export function resourcesForSpm(db: DB, spm: string, nowMs: number): string[] | null {
  const row = db.prepare('SELECT ids FROM resource_caches WHERE spm = ? AND expires_at > ?').get(spm, nowMs) as
    { ids: string } | undefined;
  const ids = row ? (JSON.parse(row.ids) as unknown) : null;
  return Array.isArray(ids) ? ids.map(String) : null;
}

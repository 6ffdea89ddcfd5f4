// The gathered_users table (accounts found on assets by 2.3's user gathering), written only here: the samples
// of a new database and an admin's delete of one row.
import type { DB } from '../core/db/open.ts';

export interface GatheredUserRow {
  id: string;
  asset_id: string;
  username: string;
  present: 0 | 1;
  date_last_login: string | null;
  ip_last_login: string;
  org_id: string;
  date_created: string;
  date_updated: string;
}

export function insertGatheredUser(db: DB, row: GatheredUserRow): void {
  db.prepare(
    `INSERT INTO gathered_users (id, asset_id, username, present, date_last_login, ip_last_login, org_id, date_created,
    date_updated) VALUES (@id, @asset_id, @username, @present, @date_last_login, @ip_last_login, @org_id, @date_created,
    @date_updated)`,
  ).run(row);
}

export function deleteGatheredUser(db: DB, id: string): void {
  db.prepare('DELETE FROM gathered_users WHERE id = ?').run(id);
}

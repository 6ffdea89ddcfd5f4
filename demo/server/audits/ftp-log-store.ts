// The ftp_logs table, written only here: a terminal's row (kept as first stored when sent twice; an org's
// seeded samples give way to its first real one) and the samples of a new database. FTP rows are audit records:
// nothing here changes or deletes a real one.
import type { DB } from '../core/db/open.ts';

export interface FtpLogRow {
  id: string;
  user: string;
  remote_addr: string | null;
  asset: string;
  system_user: string;
  operate: string;
  filename: string;
  is_success: 0 | 1;
  date_start: string;
  org_id: string;
}

const INSERT = `INSERT INTO ftp_logs (id, user, remote_addr, asset, system_user, operate, filename, is_success,
  date_start, org_id, is_sample) VALUES (@id, @user, @remote_addr, @asset, @system_user, @operate, @filename,
  @is_success, @date_start, @org_id, @is_sample) ON CONFLICT(id) DO NOTHING`;

export function insertFtpLog(db: DB, row: FtpLogRow): void {
  db.prepare('DELETE FROM ftp_logs WHERE is_sample = 1 AND org_id = ?').run(row.org_id);
  db.prepare(INSERT).run({ ...row, is_sample: 0 });
}

/** A sample row of a new database (seed/audits.ts): its file name says so. */
export function insertSampleFtpLog(db: DB, row: FtpLogRow): void {
  db.prepare(INSERT).run({ ...row, is_sample: 1 });
}

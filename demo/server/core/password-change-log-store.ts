// Password change logs (§2.9): one row each time a password is set — own change, admin set or reset,
// a user create/update carrying a password (2.3 logs in User.set_password). `user` and `change_by` are
// 2.3's "name(username)"; change_by is the caller, or the user themselves when nobody is signed in.
import type { FastifyRequest } from 'fastify';
import type { DB } from './db/open.ts';
import { uuid } from './lib/ids.ts';
import { isoAt } from './lib/time.ts';
import { userLabel } from './operate-log-store.ts';

export function recordPasswordChange(db: DB, request: FastifyRequest, userId: string, nowMs: number): void {
  const target = db.prepare('SELECT name, username FROM users WHERE id = ?').get(userId) as
    { name: string; username: string } | undefined;
  if (!target) return;
  const by = request.ctx.user ?? target;
  insertPasswordChangeLog(db, {
    user: userLabel(target),
    changeBy: userLabel(by),
    remoteAddr: request.ip ?? '',
    datetime: isoAt(nowMs),
  });
}

/** One row (this table's only insert): whose password, changed by whom, from where, when. */
export function insertPasswordChangeLog(
  db: DB,
  row: { user: string; changeBy: string; remoteAddr: string; datetime: string },
): void {
  db.prepare(
    'INSERT INTO password_change_logs (id, user, change_by, remote_addr, datetime) VALUES (?, ?, ?, ?, ?)',
  ).run(uuid(), row.user, row.changeBy, row.remoteAddr, row.datetime);
}

// The login_failures table, written only here: failed-login counters per (username, ip) (lockout.ts decides
// when they block).
import type { DB } from '../db/open.ts';

export function hasActiveBlock(db: DB, username: string, nowMs: number): boolean {
  return !!db
    .prepare('SELECT 1 FROM login_failures WHERE username = ? AND blocked_until > ? LIMIT 1')
    .get(username, nowMs);
}

export function failureStreak(
  db: DB,
  username: string,
  ip: string,
): { count: number; last_failed_at: number } | undefined {
  return db
    .prepare('SELECT count, last_failed_at FROM login_failures WHERE username = ? AND ip = ?')
    .get(username, ip) as { count: number; last_failed_at: number } | undefined;
}

export function saveFailureStreak(
  db: DB,
  username: string,
  ip: string,
  streak: { count: number; lastFailedAt: number; blockedUntil: number | null },
): void {
  db.prepare(
    `INSERT INTO login_failures (username, ip, count, last_failed_at, blocked_until) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT(username, ip) DO UPDATE SET count = excluded.count, last_failed_at = excluded.last_failed_at,
    blocked_until = excluded.blocked_until`,
  ).run(username, ip, streak.count, streak.lastFailedAt, streak.blockedUntil);
}

/** Every counter of the username, or only the one from `ip`. */
export function deleteFailures(db: DB, username: string, ip?: string): void {
  if (ip === undefined) db.prepare('DELETE FROM login_failures WHERE username = ?').run(username);
  else db.prepare('DELETE FROM login_failures WHERE username = ? AND ip = ?').run(username, ip);
}

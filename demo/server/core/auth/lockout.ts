// Failed-login counters per (username, ip) in SQLite, so an admin's "unblock" can clear them.
// Reaching SECURITY_LOGIN_LIMIT_COUNT failures blocks the username for SECURITY_LOGIN_LIMIT_TIME minutes.
import type { DB } from '../db/open.ts';

export interface LockoutPolicy {
  limitCount: number;
  limitMinutes: number;
}

export function isBlocked(db: DB, username: string, nowMs: number): boolean {
  const row = db
    .prepare('SELECT 1 FROM login_failures WHERE username = ? AND blocked_until > ? LIMIT 1')
    .get(username, nowMs);
  return !!row;
}

/** Records one failure and returns how many tries remain before the block (0 = now blocked). */
export function recordFailure(db: DB, username: string, ip: string, nowMs: number, policy: LockoutPolicy): number {
  const windowMs = policy.limitMinutes * 60_000;
  const existing = db
    .prepare('SELECT count, last_failed_at FROM login_failures WHERE username = ? AND ip = ?')
    .get(username, ip) as { count: number; last_failed_at: number } | undefined;
  // Like a cache key with a TTL: an old streak of failures is forgotten after the limit time.
  const count = existing && nowMs - existing.last_failed_at < windowMs ? existing.count + 1 : 1;
  const blockedUntil = count >= policy.limitCount ? nowMs + windowMs : null;
  db.prepare(
    `INSERT INTO login_failures (username, ip, count, last_failed_at, blocked_until) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT(username, ip) DO UPDATE SET count = excluded.count, last_failed_at = excluded.last_failed_at,
    blocked_until = excluded.blocked_until`,
  ).run(username, ip, count, nowMs, blockedUntil);
  return Math.max(policy.limitCount - count, 0);
}

export function clearFailures(db: DB, username: string, ip?: string): void {
  if (ip === undefined) db.prepare('DELETE FROM login_failures WHERE username = ?').run(username);
  else db.prepare('DELETE FROM login_failures WHERE username = ? AND ip = ?').run(username, ip);
}

// Failed-login counters per (username, ip) in SQLite, so an admin's "unblock" can clear them.
// Reaching SECURITY_LOGIN_LIMIT_COUNT failures blocks the username for SECURITY_LOGIN_LIMIT_TIME minutes.
import type { DB } from '../db/open.ts';
import { deleteFailures, failureStreak, hasActiveBlock, saveFailureStreak } from './login-failure-store.ts';

export interface LockoutPolicy {
  limitCount: number;
  limitMinutes: number;
}

export function isBlocked(db: DB, username: string, nowMs: number): boolean {
  return hasActiveBlock(db, username, nowMs);
}

/** Records one failure and returns how many tries remain before the block (0 = now blocked). */
export function recordFailure(db: DB, username: string, ip: string, nowMs: number, policy: LockoutPolicy): number {
  const windowMs = policy.limitMinutes * 60_000;
  const existing = failureStreak(db, username, ip);
  // Like a cache key with a TTL: an old streak of failures is forgotten after the limit time.
  const count = existing && nowMs - existing.last_failed_at < windowMs ? existing.count + 1 : 1;
  const blockedUntil = count >= policy.limitCount ? nowMs + windowMs : null;
  saveFailureStreak(db, username, ip, { count, lastFailedAt: nowMs, blockedUntil });
  return Math.max(policy.limitCount - count, 0);
}

export function clearFailures(db: DB, username: string, ip?: string): void {
  deleteFailures(db, username, ip);
}

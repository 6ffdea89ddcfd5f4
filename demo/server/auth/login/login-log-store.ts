import type { DB } from '../../core/db/open.ts';
import { uuid } from '../../core/lib/ids.ts';
import { isoAt } from '../../core/lib/time.ts';

export interface LoginAttempt {
  username: string;
  type: 'W' | 'T';
  ip: string;
  userAgent: string;
  reason: string;
  success: boolean;
  mfa?: number;
}

/** One row per attempt, successful or not (audits/login-logs reads it later). */
export function recordLogin(db: DB, attempt: LoginAttempt, nowMs: number): void {
  db.prepare(
    `INSERT INTO login_logs (id, username, type, ip, city, user_agent, mfa, reason, status, datetime)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    uuid(),
    attempt.username,
    attempt.type,
    attempt.ip,
    cityOf(attempt.ip),
    attempt.userAgent.slice(0, 254),
    attempt.mfa ?? 2,
    attempt.reason,
    attempt.success ? 1 : 0,
    isoAt(nowMs),
  );
}

/**
 * Successful sign-ins from `startIso` up to `endIso` (one local day on the dashboard); with `memberOf`, only those
 * of that real org's members (the clause audits/org-members-sql.ts gives the audit lists).
 */
export function countSuccessfulSignIns(db: DB, startIso: string, endIso: string, memberOf: string | null): number {
  const members =
    memberOf === null
      ? { sql: '1', params: [] }
      : {
          sql: 'username IN (SELECT u.username FROM org_members m JOIN users u ON u.id = m.user_id WHERE m.org_id = ?)',
          params: [memberOf],
        };
  const row = db
    .prepare(
      `SELECT COUNT(*) AS n FROM login_logs WHERE datetime >= ? AND datetime < ? AND status = 1 AND ${members.sql}`,
    )
    .get(startIso, endIso, ...members.params) as { n: number };
  return Number(row.n);
}

// No GeoIP database here; JumpServer shows "LAN" for private addresses and "Unknown" otherwise.
function cityOf(ip: string): string {
  return /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|::ffff:127\.)/.test(ip) ? 'LAN' : 'Unknown';
}

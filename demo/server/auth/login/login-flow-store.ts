// The login_flows table (login-flow.ts): one row per sign-in in progress, under the hash of its cookie, its data
// sealed by the caller.
import type { DB } from '../../core/db/open.ts';

/** The sealed data of a flow that has not expired. */
export function loginFlowData(db: DB, idHash: string, nowMs: number): string | undefined {
  return db.prepare('SELECT data FROM login_flows WHERE id_hash = ? AND expires_at > ?').pluck().get(idHash, nowMs) as
    string | undefined;
}

/** Drops the flows that are over, as a new one starts. */
export function sweepLoginFlows(db: DB, nowMs: number): void {
  db.prepare('DELETE FROM login_flows WHERE expires_at <= ?').run(nowMs);
}

export function insertLoginFlow(db: DB, idHash: string, data: string, expiresAt: number): void {
  db.prepare('INSERT INTO login_flows (id_hash, data, expires_at) VALUES (?, ?, ?)').run(idHash, data, expiresAt);
}

export function updateLoginFlow(db: DB, idHash: string, data: string, expiresAt: number): void {
  db.prepare('UPDATE login_flows SET data = ?, expires_at = ? WHERE id_hash = ?').run(data, expiresAt, idHash);
}

export function deleteLoginFlow(db: DB, idHash: string): void {
  db.prepare('DELETE FROM login_flows WHERE id_hash = ?').run(idHash);
}

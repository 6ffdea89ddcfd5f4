// The door_sign_ins table (migration 48): what each terminal's door authenticated, remembered for as long
// as the sign-in lives (door-sign-ins.ts says what it vouches for and who writes it).
import type { DB } from '../core/db/open.ts';

export type SignInKind = 'login' | 'token' | 'proxy';

export interface DoorSignIn {
  id: number;
  terminal_id: string | null;
  user_id: string;
  kind: SignInKind;
  asset_id: string;
  application_id: string;
  system_user_id: string;
  remote_addr: string;
  signed_in_at: number;
  expires_at: number;
  session_id: string | null;
}

export interface NewSignIn {
  terminalId: string | null;
  userId: string;
  kind: SignInKind;
  remoteAddr: string;
  assetId?: string;
  applicationId?: string;
  systemUserId?: string;
  nowMs: number;
  expiresAt: number;
}

/** A new sign-in, the expired ones cleared first. */
export function insertSignIn(db: DB, sign: NewSignIn): void {
  db.prepare('DELETE FROM door_sign_ins WHERE expires_at <= ?').run(sign.nowMs);
  db.prepare(
    `INSERT INTO door_sign_ins (terminal_id, user_id, kind, asset_id, application_id, system_user_id, remote_addr, signed_in_at, expires_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    sign.terminalId,
    sign.userId,
    sign.kind,
    sign.assetId ?? '',
    sign.applicationId ?? '',
    sign.systemUserId ?? '',
    sign.remoteAddr,
    sign.nowMs,
    sign.expiresAt,
  );
}

/** Moves on the proxy's vouching for the user at this address; answers whether there was one to move. */
export function moveVouch(db: DB, userId: string, remoteAddr: string, nowMs: number, expiresAt: number): boolean {
  return (
    db
      .prepare(
        "UPDATE door_sign_ins SET signed_in_at = ?, expires_at = ? WHERE kind = 'proxy' AND user_id = ? AND remote_addr = ?",
      )
      .run(nowMs, expiresAt, userId, remoteAddr).changes > 0
  );
}

/** The live sign-ins that let `terminalId` open a session for the user: its own logins and unused tokens, newest first. */
export function sessionSignIns(db: DB, terminalId: string, userId: string, nowMs: number): DoorSignIn[] {
  return db
    .prepare(
      `SELECT * FROM door_sign_ins WHERE user_id = ? AND terminal_id = ? AND expires_at > ? AND kind IN ('login', 'token')
    AND session_id IS NULL ORDER BY signed_in_at DESC, id DESC`,
    )
    .all(userId, terminalId, nowMs) as DoorSignIn[];
}

/** Whether `terminalId` may write file records for the user: one of its live sign-ins, or the proxy's vouching. */
export function mayRecordFilesFor(db: DB, terminalId: string, userId: string, nowMs: number): boolean {
  return !!db
    .prepare(
      `SELECT 1 FROM door_sign_ins WHERE user_id = ? AND expires_at > ? AND (terminal_id = ? OR kind = 'proxy') LIMIT 1`,
    )
    .get(userId, nowMs, terminalId);
}

/** A redeemed token opens one session: the first one spends it. */
export function spendSignIn(db: DB, signInId: number, sessionId: string): void {
  db.prepare("UPDATE door_sign_ins SET session_id = ? WHERE id = ? AND kind = 'token'").run(sessionId, signInId);
}

// What a terminal's door authenticated, remembered by the server (table door_sign_ins, migration 48), so
// that the records a terminal writes name only users it really let in: a session is created, and an FTP
// row written, only for a user this terminal signed in (authentication/tokens/, `login`), or a connection
// token it redeemed (`token`: that target, one session), or — for the web file manager — a user the
// server's own proxy vouched for (`proxy`). The SQL of the table is door-sign-in-store.ts's.
import type { DB } from '../core/db/open.ts';
import { insertSignIn, moveVouch, type NewSignIn } from './door-sign-in-store.ts';

export function rememberSignIn(db: DB, sign: NewSignIn): void {
  insertSignIn(db, sign);
}

/**
 * The proxy's vouching is one row per user and address, moved on with each request (a file manager makes
 * many): the rows of one user stay few.
 */
export function rememberVouch(db: DB, userId: string, remoteAddr: string, nowMs: number, expiresAt: number): void {
  if (!moveVouch(db, userId, remoteAddr, nowMs, expiresAt))
    rememberSignIn(db, { terminalId: null, userId, kind: 'proxy', remoteAddr, nowMs, expiresAt });
}

// A user's TOTP secret (`users.otp_secret_key`) is sealed at rest (secrets/vault.ts): whoever reads the
// database must not be able to compute the user's codes. Read and written only here; other code only
// asks whether one is set (a sealed value is as non-empty as the secret).
import type { DB } from '../../core/db/open.ts';
import { seal, unseal } from '../../core/secrets/vault.ts';

export function readOtpSecret(db: DB, userId: string): string | null {
  const stored = db.prepare('SELECT otp_secret_key FROM users WHERE id = ?').pluck().get(userId) as
    string | null | undefined;
  return unseal(db, stored ?? null);
}

/** 2.3's enable_mfa(): the new secret, and level 1 unless MFA is already forced (2) for the user. */
export function bindOtpSecret(db: DB, userId: string, secret: string): void {
  db.prepare(
    'UPDATE users SET otp_secret_key = ?, mfa_level = CASE WHEN mfa_level = 2 THEN 2 ELSE 1 END WHERE id = ?',
  ).run(seal(db, secret), userId);
}

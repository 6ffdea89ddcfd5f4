// TOTP (RFC 6238: HMAC-SHA1, 30 s steps, 6 digits) over the base32 `otp_secret_key` JumpServer stores,
// through otplib (audited noble/scure crypto, constant-time comparison of each candidate code).
import { createGuardrails, generateSecret, generateSync, generateURI, verifySync } from 'otplib';

const STEP_SECONDS = 30;
/** 2.3 made its secrets from 10 random bytes; otplib wants 16 unless told, so older secrets keep working. */
const GUARDRAILS = createGuardrails({ MIN_SECRET_BYTES: 10 });

/** 2.3's OTP_VALID_WINDOW default (pyotp `valid_window`): two 30 s steps either side of the server's clock. */
export const OTP_VALID_WINDOW = 2;
/** 2.3's OTP_ISSUER_NAME default: the name authenticator apps list the account under. */
export const OTP_ISSUER = 'JumpServer';

/** A new base32 secret (20 random bytes, RFC 4226's recommended length). */
export const newOtpSecret = (): string => generateSecret();

/** The code of the 30 s step holding `nowMs` (tests and the binding page's checks use it). */
export function totpCode(secret: string, nowMs: number, digits = 6): string {
  return generateSync({ secret, epoch: Math.floor(nowMs / 1000), digits, guardrails: GUARDRAILS });
}

/** pyotp's `verify(valid_window=N)` accepts the N steps either side: N × 30 s of epoch tolerance is the same set. */
export function verifyTotp(
  secret: string | null | undefined,
  code: string,
  nowMs: number,
  window = OTP_VALID_WINDOW,
): boolean {
  if (!secret || !/^\d{6}$/.test(code)) return false;
  try {
    return verifySync({
      secret,
      token: code,
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: window * STEP_SECONDS,
      guardrails: GUARDRAILS,
    }).valid;
  } catch {
    return false; // a stored secret that is not base32 (or too short) matches no code
  }
}

/** The otpauth:// URI an authenticator app scans (2.3's generate_otp_uri: label = username). */
export const otpUri = (username: string, secret: string): string =>
  generateURI({ issuer: OTP_ISSUER, label: username, secret });

// TOTP (RFC 6238: HMAC-SHA1, 30 s steps, 6 digits) over the base32 `otp_secret_key` JumpServer stores,
// with node:crypto only. pyotp's `verify(valid_window=N)` accepts the N steps either side.
import { createHmac, timingSafeEqual } from 'node:crypto';

const STEP_MS = 30_000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Base32 (RFC 4648) without padding, case-insensitive; null when a character is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/=+$/, '').replace(/\s+/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code of one 30 s step (RFC 4226 dynamic truncation). */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

export const totp = (key: Buffer, nowMs: number, digits = 6): string => hotp(key, Math.floor(nowMs / STEP_MS), digits);

/** 2.3's OTP_VALID_WINDOW default: one minute either side of the server's clock. */
export const OTP_VALID_WINDOW = 2;

export function verifyTotp(secret: string | null | undefined, code: string, nowMs: number, window = OTP_VALID_WINDOW): boolean {
  if (!secret || !/^\d{6}$/.test(code)) return false;
  const key = base32Decode(secret);
  if (!key || !key.length) return false;
  const counter = Math.floor(nowMs / STEP_MS);
  let ok = false;
  // Every step is compared (no early exit), each in constant time.
  for (let step = counter - window; step <= counter + window; step++) {
    if (step >= 0 && timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) ok = true;
  }
  return ok;
}

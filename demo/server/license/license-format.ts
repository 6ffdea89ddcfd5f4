// Our licence file (JumpServer's xpack format is closed): base64 of the JSON
//   {"license": "<JSON text of the terms>", "signature": "<base64 Ed25519 signature of that text's UTF-8 bytes>"}
// The terms are {subscription_id, corporation, edition, asset_count, date_expired: "YYYY-MM-DD"}; the
// signature covers the exact text, so nothing has to be canonicalised. A licence is good through its
// date_expired day (UTC). scripts/make-license.mjs writes such files.
import { createPublicKey, verify } from 'node:crypto';
import { LICENSE_PUBLIC_KEY_PEM } from './public-key.ts';

export interface LicenseTerms {
  subscription_id: string;
  corporation: string;
  edition: string;
  asset_count: number;
  date_expired: string;
}

export type LicenseCheck =
  { ok: true; terms: LicenseTerms } | { ok: false; reason: 'invalid' | 'expired'; terms?: LicenseTerms };

const publicKey = createPublicKey(LICENSE_PUBLIC_KEY_PEM);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The first moment the licence is no longer valid (the day after date_expired, 00:00 UTC). */
export function licenseEndMs(terms: LicenseTerms): number {
  return Date.parse(`${terms.date_expired}T00:00:00Z`) + DAY_MS;
}

function termsOf(value: unknown): LicenseTerms | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const text = (name: string) =>
    typeof v[name] === 'string' && (v[name] as string).length <= 256 ? (v[name] as string) : null;
  const [subscription, corporation, edition, date] = ['subscription_id', 'corporation', 'edition', 'date_expired'].map(
    text,
  );
  const count = v.asset_count;
  if (subscription === null || corporation === null || edition === null || date === null) return null;
  if (!DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return null;
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) return null;
  return { subscription_id: subscription, corporation, edition, asset_count: count, date_expired: date };
}

/** Decodes, verifies the signature, then the expiry. Never throws on bad input. */
export function checkLicense(fileText: string, nowMs: number): LicenseCheck {
  const invalid: LicenseCheck = { ok: false, reason: 'invalid' };
  const compact = fileText.replace(/\s+/g, '');
  if (!compact || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return invalid;
  let outer: unknown;
  try {
    outer = JSON.parse(Buffer.from(compact, 'base64').toString('utf8'));
  } catch {
    return invalid;
  }
  const { license, signature } = (outer && typeof outer === 'object' ? outer : {}) as Record<string, unknown>;
  if (typeof license !== 'string' || typeof signature !== 'string') return invalid;
  const sig = Buffer.from(signature, 'base64');
  if (sig.length !== 64 || !verify(null, Buffer.from(license, 'utf8'), publicKey, sig)) return invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(license);
  } catch {
    return invalid;
  }
  const terms = termsOf(parsed);
  if (!terms) return invalid;
  if (nowMs >= licenseEndMs(terms)) return { ok: false, reason: 'expired', terms };
  return { ok: true, terms };
}

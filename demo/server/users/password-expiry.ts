// SECURITY_PASSWORD_EXPIRATION_TIME (days) counted from date_password_last_updated, as 2.3's User model
// does: local users only, remaining days floored like timedelta.days, expired below 0, a reminder from 5
// days left (2.3's password_will_expired: 0 <= days < 5; the profile reminder shows at <= 5 as issue 9 asks).
import type { UserRow } from '../core/context.ts';
import type { Settings } from '../core/context.ts';

const DAY_MS = 86_400_000;

export interface PasswordExpiry {
  dateExpiredMs: number;
  remainDays: number;
}

/** Null when the user has no local password to expire (LDAP/OpenID/… users, or no recorded change date). */
export function passwordExpiry(
  user: Pick<UserRow, 'source' | 'date_password_last_updated'>,
  settings: Settings,
  nowMs: number,
): PasswordExpiry | null {
  if (user.source !== 'local' || !user.date_password_last_updated) return null;
  const updated = Date.parse(user.date_password_last_updated);
  if (Number.isNaN(updated)) return null;
  const days = Number(settings.get<number>('SECURITY_PASSWORD_EXPIRATION_TIME'));
  const dateExpiredMs = updated + days * DAY_MS;
  return { dateExpiredMs, remainDays: Math.floor((dateExpiredMs - nowMs) / DAY_MS) };
}

export const passwordHasExpired = (
  user: Pick<UserRow, 'source' | 'date_password_last_updated'>,
  settings: Settings,
  nowMs: number,
): boolean => (passwordExpiry(user, settings, nowMs)?.remainDays ?? 0) < 0;

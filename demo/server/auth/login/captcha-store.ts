// The captcha tables of the login form (login-captcha.ts): `captcha_ips`, the addresses that must answer one
// until a time, and `captchas`, the challenges, each answered once.
import type { DB } from '../../core/db/open.ts';

export function captchaIpHeld(db: DB, ip: string, nowMs: number): boolean {
  return !!db.prepare('SELECT 1 FROM captcha_ips WHERE ip = ? AND until > ?').get(ip, nowMs);
}

/** The address answers a captcha until `untilMs` (a later failure moves the time on). */
export function holdCaptchaIp(db: DB, ip: string, untilMs: number): void {
  db.prepare(
    'INSERT INTO captcha_ips (ip, until) VALUES (?, ?) ON CONFLICT(ip) DO UPDATE SET until = excluded.until',
  ).run(ip, untilMs);
}

/** Drops the challenges and the address holds that are over, as a new challenge is made. */
export function sweepCaptchas(db: DB, nowMs: number): void {
  db.prepare('DELETE FROM captchas WHERE expires_at <= ?').run(nowMs);
  db.prepare('DELETE FROM captcha_ips WHERE until <= ?').run(nowMs);
}

export function insertCaptcha(
  db: DB,
  captcha: { key: string; answer: string; image: string; expiresAt: number },
): void {
  db.prepare('INSERT INTO captchas (key, answer, image, expires_at) VALUES (?, ?, ?, ?)').run(
    captcha.key,
    captcha.answer,
    captcha.image,
    captcha.expiresAt,
  );
}

/** The challenge's answer and expiry, deleting it: a challenge is spent by any attempt. */
export function takeCaptcha(db: DB, key: string): { answer: string; expires_at: number } | undefined {
  return db.prepare('DELETE FROM captchas WHERE key = ? RETURNING answer, expires_at').get(key) as
    { answer: string; expires_at: number } | undefined;
}

/** The SVG of a challenge still open. */
export function captchaImage(db: DB, key: string, nowMs: number): string | undefined {
  return db.prepare('SELECT image FROM captchas WHERE key = ? AND expires_at > ?').pluck().get(key, nowMs) as
    string | undefined;
}

// The captcha of the login form, as 2.3 asks for it: after a failed form login from an address
// (`_LOGIN_INVALID_<ip>`, one hour), the form carries django-simple-captcha's pair `captcha_0` (the
// challenge's key) + `captcha_1` (the answer), checked before the password. The image is an SVG drawn
// by svg-captcha and served from this origin; each challenge is answered once and lives five minutes.
import type { FastifyInstance } from 'fastify';
import svgCaptcha from 'svg-captcha';
import type { DB } from '../../core/db/open.ts';
import { t } from '../../core/lib/i18n.ts';
import { randomToken } from '../../core/lib/ids.ts';
import {
  captchaImage,
  captchaIpHeld,
  holdCaptchaIp,
  insertCaptcha,
  sweepCaptchas,
  takeCaptcha,
} from './captcha-store.ts';

/** How long an address must answer a captcha after a failed login (2.3: cache timeout 3600 s). */
export const CAPTCHA_IP_MS = 3600 * 1000;
/** django-simple-captcha's CAPTCHA_TIMEOUT (5 minutes). */
export const CAPTCHA_AGE_MS = 5 * 60 * 1000;
export const CAPTCHA_IMAGE_PATH = '/core/auth/captcha/image/';
const KEY = /^[A-Za-z0-9_-]{16,64}$/;

export interface Captcha {
  key: string;
  imageUrl: string;
}

export function captchaRequired(db: DB, ip: string, nowMs: number): boolean {
  return captchaIpHeld(db, ip, nowMs);
}

/** A failed form login: this address answers a captcha for the next hour. */
export function requireCaptcha(db: DB, ip: string, nowMs: number): void {
  holdCaptchaIp(db, ip, nowMs + CAPTCHA_IP_MS);
}

/** A new challenge (each rendering of the form shows a fresh one, as django-simple-captcha does). */
export function newCaptcha(db: DB, nowMs: number): Captcha {
  // Letters that read alike in a small picture are left out.
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', width: 120, height: 40 });
  const key = randomToken(20);
  sweepCaptchas(db, nowMs);
  insertCaptcha(db, { key, answer: text, image: data, expiresAt: nowMs + CAPTCHA_AGE_MS });
  return { key, imageUrl: `${CAPTCHA_IMAGE_PATH}${key}/` };
}

/** Whether `answer` solves challenge `key` (case-insensitive); the challenge is spent either way. */
export function captchaSolved(db: DB, key: unknown, answer: unknown, nowMs: number): boolean {
  if (typeof key !== 'string' || typeof answer !== 'string' || !KEY.test(key)) return false;
  const row = takeCaptcha(db, key);
  return !!row && row.expires_at > nowMs && row.answer.toLowerCase() === answer.trim().toLowerCase();
}

export function registerCaptchaRoutes(app: FastifyInstance): void {
  app.get(`${CAPTCHA_IMAGE_PATH}:key/`, (request, reply) => {
    const { key } = request.params as { key: string };
    const { db, now } = app.bastion;
    const image = KEY.test(key) ? captchaImage(db, key, now()) : undefined;
    if (image === undefined) return reply.code(404).send({ detail: t(request.ctx.lang, 'request.not_found') });
    return reply.type('image/svg+xml').header('Cache-Control', 'no-store').send(image);
  });
}

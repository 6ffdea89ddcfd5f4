// The MFA re-check of §2.2: `POST /api/v1/authentication/otp/verify/ {code}` with a valid TOTP marks the
// caller's login (its session, or its bearer token: 2.3 keeps MFA_VERIFY_TIME in the Django session)
// as verified now; core/auth/mfa-verified.ts answers whether it was lately (2.3's NeedMFAVerify: less than
// SECURITY_MFA_VERIFY_TTL seconds ago). A user without an OTP secret can never pass: 400
// {"error": "Code is invalid"}, as in 2.3. Access-key (signature) calls have no login to mark.
import type { FastifyInstance } from 'fastify';
import { t } from '../../core/lib/i18n.ts';
import { readOtpSecret } from '../../users/user-store.ts';
import { authorize, IsValidUser } from '../../core/permissions.ts';
import { verifyTotp } from './totp.ts';
import { loginOf } from '../../core/auth/mfa-verified.ts';
import { markMfaVerified } from './mfa-verify-store.ts';

export function registerOtpVerifyRoute(app: FastifyInstance): void {
  app.post('/api/v1/authentication/otp/verify/', async (request, reply) => {
    if (!authorize(request, reply, IsValidUser)) return reply;
    const { db, now } = app.bastion;
    const { lang } = request.ctx;
    const body = request.body as Record<string, unknown> | null | undefined;
    const raw = body && typeof body === 'object' ? body.code : undefined;
    // 2.3's OtpVerifySerializer: code = CharField(max_length=6, min_length=6).
    if (raw === undefined || raw === null || raw === '')
      return reply.code(400).send({ code: [t(lang, 'field.required')] });
    if (typeof raw !== 'string' && typeof raw !== 'number')
      return reply.code(400).send({ code: [t(lang, 'field.invalid_string')] });
    const code = String(raw);
    if (code.length > 6) return reply.code(400).send({ code: [t(lang, 'field.max_length', { max: 6 })] });
    if (code.length < 6) return reply.code(400).send({ code: [t(lang, 'field.min_length', { min: 6 })] });
    const secret = readOtpSecret(db, request.ctx.user.id);
    const login = loginOf(request);
    if (!login || !verifyTotp(secret, code, now())) return reply.code(400).send({ error: t(lang, 'otp.code_invalid') });
    markMfaVerified(db, login, now());
    return { ok: '1' }; // 200: 2.3's create() answers a plain Response
  });
}

// POST /api/v1/settings/mail/testing/ (§2.11): sends a real test mail with the EMAIL_* values of the
// form (not the stored ones, as 2.3 does), so an admin can try a configuration before saving it. A
// password left blank means the stored one (the form never reads it back). The SMTP host must pass
// the server's outbound allow-list before any socket opens; the SMTP server's own error text is the
// answer when sending fails.
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { authorize, IsSuperUser } from '../core/permissions.ts';
import { pick, t, type Localized } from '../core/lib/i18n.ts';
import { resolveAllowed, type TargetPolicy } from '../../shared/allowed-targets.ts';
import { validateSettings } from './validate.ts';

const SENT: Localized = { en: 'Test mail sent to {to}, please check', zh: '邮件已经发送 {to}，请检查' };
const SUBJECT = 'Test';
const MESSAGE = 'Test smtp setting';
/** Bounds of each SMTP step: a wrong host or port answers within seconds, not the request's 60 s. */
export const MAIL_TIMEOUTS = { connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10000 };

type SmtpError = Error & { response?: string };

export function registerMailTestingRoute(app: FastifyInstance, opts: { policy: TargetPolicy }): void {
  const { settings } = app.bastion;
  app.post('/api/v1/settings/mail/testing/', async (request, reply) => {
    if (!authorize(request, reply, IsSuperUser)) return reply;
    const lang = request.ctx.lang;
    const body =
      request.body && typeof request.body === 'object' && !Array.isArray(request.body)
        ? (request.body as Record<string, unknown>)
        : {};
    const { changes, errors } = validateSettings({ email: body }, true, lang);
    const fieldErrors: Record<string, string[]> = { ...errors?.email };
    const value = (name: string) => {
      const change = changes.find((c) => c.name === name);
      return change ? change.value : undefined;
    };
    const host = String(value('EMAIL_HOST') ?? '');
    if (!host && !fieldErrors.EMAIL_HOST) fieldErrors.EMAIL_HOST = [t(lang, 'field.required')];
    const port = Number(value('EMAIL_PORT') ?? 25);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      fieldErrors.EMAIL_PORT ??= [t(lang, 'field.invalid_integer')];
    if (Object.keys(fieldErrors).length) return reply.code(400).send(fieldErrors);

    const user = String(value('EMAIL_HOST_USER') ?? '');
    // Blank (dropped by validateSettings) or absent: the stored password, as the settings form keeps it.
    const password = String(value('EMAIL_HOST_PASSWORD') ?? settings.get('EMAIL_HOST_PASSWORD') ?? '');
    const from = String(value('EMAIL_FROM') || user);
    const to = String(value('EMAIL_RECIPIENT') || from);
    try {
      const address = await resolveAllowed(host, opts.policy);
      const transport = nodemailer.createTransport({
        host: address,
        port,
        secure: value('EMAIL_USE_SSL') === true,
        requireTLS: value('EMAIL_USE_TLS') === true,
        auth: user ? { user, pass: password } : undefined,
        // Certificates are checked against the name the admin typed, not the address it resolved to.
        tls: { servername: host },
        ...MAIL_TIMEOUTS,
      });
      try {
        await transport.sendMail({ from, to, subject: SUBJECT, text: MESSAGE });
      } finally {
        transport.close();
      }
    } catch (error) {
      const smtp = error as SmtpError;
      return reply.code(400).send({ error: smtp.response || smtp.message || String(error) });
    }
    return { msg: pick(lang, SENT, { to }) };
  });
}

// POST /api/v2/users/service-account-registrations/ (2.3's ServiceAccountRegistrationViewSet,
// WithBootstrapToken): an App account named as asked, with one access key, for a component that signs
// its calls (2.3's koko registers this way before it registers its terminal). Off with
// SECURITY_SERVICE_ACCOUNT_REGISTRATION, as terminal registration is.
import type { FastifyInstance } from 'fastify';
import { headerValue } from '../core/auth/request-context.ts';
import { coerceField } from '../engine/fields.ts';
import { pick, t } from '../core/lib/i18n.ts';
import { bootstrapMatches } from './registration.ts';
import { createServiceAccount } from './terminal-accounts.ts';

const NOT_UNIQUE = { en: 'name not unique', zh: '名称重复' };

export function registerServiceAccountRegistration(app: FastifyInstance, bootstrapToken: string): void {
  app.post('/api/v2/users/service-account-registrations/', (request, reply) => {
    const { db, now, settings } = app.bastion;
    const { lang } = request.ctx;
    if (!bootstrapMatches(headerValue(request, 'authorization'), bootstrapToken)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'BootstrapToken')
        .send({ detail: t(lang, 'auth.not_authenticated') });
    }
    if (settings.get<boolean>('SECURITY_SERVICE_ACCOUNT_REGISTRATION') !== true) {
      return reply.code(400).send({ error: 'service account registration disabled' });
    }
    const body = (
      request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}
    ) as Record<string, unknown>;
    const name = coerceField({ type: 'string', label: { en: '', zh: '' }, max_length: 128 }, body.name, lang);
    if (!name.ok) return reply.code(400).send({ name: [name.error] });
    const username = String(name.value);
    const email = `${username}@serviceaccount.local`;
    if (db.prepare('SELECT 1 FROM users WHERE username = ? OR email = ?').get(username, email)) {
      return reply.code(400).send({ name: [pick(lang, NOT_UNIQUE)] });
    }
    const account = db.transaction(() => createServiceAccount(db, { username, email, comment: '' }, now()))();
    return reply.code(201).send(account);
  });
}

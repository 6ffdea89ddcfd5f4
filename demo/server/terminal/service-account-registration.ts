// POST /api/v2/users/service-account-registrations/ (2.3's ServiceAccountRegistrationViewSet,
// WithBootstrapToken): an App account named as asked, with one access key, for a component that signs
// its calls (2.3's koko registers this way before it registers its terminal). Off with
// SECURITY_SERVICE_ACCOUNT_REGISTRATION, as terminal registration is.
import type { FastifyInstance } from 'fastify';
import { coerceField } from '../engine/fields.ts';
import { pick } from '../core/lib/i18n.ts';
import { bootstrapGate } from './registration.ts';
import { createServiceAccount } from './terminal-accounts.ts';
import { usernameOrEmailTaken } from '../users/user-store.ts';

const NOT_UNIQUE = { en: 'name not unique', zh: '名称重复' };

export function registerServiceAccountRegistration(app: FastifyInstance, bootstrapToken: string): void {
  app.post('/api/v2/users/service-account-registrations/', (request, reply) => {
    const { db, now } = app.bastion;
    const { lang } = request.ctx;
    const gate = bootstrapGate(request, reply, bootstrapToken);
    if ('refused' in gate) return gate.refused;
    const { body } = gate;
    const name = coerceField({ type: 'string', label: { en: '', zh: '' }, max_length: 128 }, body.name, lang);
    if (!name.ok) return reply.code(400).send({ name: [name.error] });
    const username = String(name.value);
    const email = `${username}@serviceaccount.local`;
    if (usernameOrEmailTaken(db, username, email)) {
      return reply.code(400).send({ name: [pick(lang, NOT_UNIQUE)] });
    }
    const account = db.transaction(() => createServiceAccount(db, { username, email, comment: '' }, now()))();
    return reply.code(201).send(account);
  });
}

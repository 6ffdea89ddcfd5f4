// /api/v1/users/profile/ and its password and public-key sub-resources (§1.15).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, IsValidUser, sendForbidden } from '../core/permissions.ts';
import { describeProfileRoutes } from './profile-options.ts';
import { credentialChangeRefusal } from '../core/auth/credential-lock.ts';
import { touchSession } from '../core/auth/sessions.ts';
import { coerceField } from '../engine/fields.ts';
import type { FieldDef } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { buildProfile } from './profile.ts';
import { parsePublicKey, publicKeyInfo } from './public-key.ts';
import { changeOwnPassword } from './change-password.ts';
import { publicKeyRow, setPublicKey, updateProfileColumns, userById, userExists } from './user-store.ts';

const label = { en: '', zh: '' };
// The only fields a user may change on their own profile; everything else is silently read-only.
const WRITABLE: Record<string, FieldDef> = {
  is_first_login: { type: 'boolean', label },
  mfa_level: {
    type: 'choice',
    label,
    choices: [
      { value: 0, label },
      { value: 1, label },
    ],
  },
  wechat: { type: 'string', label, max_length: 128, allow_blank: true },
  phone: { type: 'string', label, max_length: 20, allow_blank: true, allow_null: true },
  comment: { type: 'string', label, allow_blank: true, allow_null: true },
  public_key: { type: 'string', label, allow_blank: true },
};

export function registerProfileRoutes(app: FastifyInstance): void {
  const { db, now, settings } = app.bastion;

  const profileOf = (request: FastifyRequest & { ctx: { user: NonNullable<FastifyRequest['ctx']['user']> } }) => {
    const user = userById(db, request.ctx.user.id) as typeof request.ctx.user;
    return buildProfile(db, settings, user, request.ctx, now());
  };

  app.get('/api/v1/users/profile/', (request, reply) => {
    if (!authorize(request, reply, IsValidUser)) return reply;
    if (request.ctx.sessionId) touchSession(db, request.ctx.sessionId, now(), app.bastion.loginAgeMs);
    return profileOf(request);
  });

  const update = (request: FastifyRequest, reply: FastifyReply) => {
    if (!authorize(request, reply, IsValidUser)) return reply;
    const { lang } = request.ctx;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body))
      return reply.code(400).send({ non_field_errors: [t(lang, 'request.invalid_body')] });
    // The SSH key and the MFA level are credentials (core/auth/credential-lock.ts).
    const locked = 'public_key' in body || 'mfa_level' in body ? credentialChangeRefusal(request) : null;
    if (locked) return reply.code(locked.status).send(locked.body);
    const changes: Record<string, unknown> = {};
    const errors: Record<string, string[]> = {};
    for (const [name, field] of Object.entries(WRITABLE)) {
      if (!(name in body)) continue;
      const result = coerceField(field, body[name], lang);
      if (!result.ok) errors[name] = [result.error];
      else changes[name] = typeof result.value === 'boolean' ? Number(result.value) : result.value;
    }
    if (typeof changes.public_key === 'string' && changes.public_key && !parsePublicKey(changes.public_key)) {
      errors.public_key = [t(lang, 'public_key.invalid')];
    }
    if (Object.keys(errors).length) return reply.code(400).send(errors);
    // JumpServer ignores a key unless the user is local and public-key login is enabled.
    if (request.ctx.user.source !== 'local' || !settings.get<boolean>('TERMINAL_PUBLIC_KEY_AUTH'))
      delete changes.public_key;
    updateProfileColumns(db, request.ctx.user.id, changes);
    return profileOf(request);
  };
  app.put('/api/v1/users/profile/', update);
  app.patch('/api/v1/users/profile/', update);

  app.get('/api/v1/users/profile/password/', (request, reply) => (authorize(request, reply, IsValidUser) ? {} : reply));
  const changePassword = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!authorize(request, reply, IsValidUser)) return reply;
    const locked = credentialChangeRefusal(request);
    if (locked) return reply.code(locked.status).send(locked.body);
    const errors = await changeOwnPassword(request, request.ctx.user, (request.body ?? {}) as Record<string, unknown>);
    return errors ? reply.code(400).send(errors) : {};
  };
  // 2.3's UpdateAPIView takes PATCH as well as PUT.
  app.put('/api/v1/users/profile/password/', changePassword);
  app.patch('/api/v1/users/profile/password/', changePassword);

  const publicKeyBody = (id: string) => {
    const row = publicKeyRow(db, id);
    return publicKeyInfo(row.public_key);
  };
  app.get('/api/v1/users/profile/public-key/', (request, reply) =>
    authorize(request, reply, IsValidUser) ? publicKeyBody(request.ctx.user.id) : reply,
  );
  const changePublicKey = (request: FastifyRequest, reply: FastifyReply) => {
    if (!authorize(request, reply, IsValidUser)) return reply;
    const locked = credentialChangeRefusal(request);
    if (locked) return reply.code(locked.status).send(locked.body);
    const value = (request.body as Record<string, unknown> | null)?.public_key;
    if (typeof value !== 'string' || !parsePublicKey(value)) {
      return reply
        .code(400)
        .send({ public_key: [t(request.ctx.lang, value ? 'public_key.invalid' : 'field.required')] });
    }
    setPublicKey(db, request.ctx.user.id, value.trim());
    return publicKeyBody(request.ctx.user.id);
  };
  app.put('/api/v1/users/profile/public-key/', changePublicKey);
  app.patch('/api/v1/users/profile/public-key/', changePublicKey);
  // 2.3's UserUpdatePKApi (IsCurrentUserOrReadOnly): the same change through the user's own id; another
  // user's id is refused (403) and an unknown one is 404, as its object permission says.
  const updateByPk = (request: FastifyRequest, reply: FastifyReply) => {
    if (!authorize(request, reply, IsValidUser)) return reply;
    const { pk } = request.params as { pk: string };
    if (pk !== request.ctx.user.id) {
      const exists = userExists(db, pk);
      return exists
        ? sendForbidden(request, reply)
        : reply.code(404).send({ detail: t(request.ctx.lang, 'request.not_found') });
    }
    return changePublicKey(request, reply);
  };
  app.put('/api/v1/users/users/:pk/pubkey/update/', updateByPk);
  app.patch('/api/v1/users/users/:pk/pubkey/update/', updateByPk);
  describeProfileRoutes(app);
}

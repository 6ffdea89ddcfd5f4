// The user actions of §2.1 under /api/v1/users/users/<id>/: reset MFA, unblock, reset password or
// public key (mail only when e-mail is configured), set a password. The target must be visible in
// the current org and the caller allowed to update it, as for PUT on the user.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clearFailures } from '../core/auth/lockout.ts';
import { credentialChangeRefusal } from '../core/auth/credential-lock.ts';
import { makeGuard, notFound } from '../engine/guard.ts';
import { serializeRow } from '../engine/serialize.ts';
import type { HookArgs, Row } from '../engine/types.ts';
import { findOne } from '../engine/write.ts';
import { t } from '../core/lib/i18n.ts';
import { hashPassword } from '../core/lib/passwords.ts';
import { randomToken } from '../core/lib/ids.ts';
import { usersResource as users } from './resources/users.ts';
import { emailConfigured, sendMail } from './mail.ts';
import { adminPasswordError } from './password-policy.ts';
import { userChangeRefusal } from './user-rules.ts';
import { storePasswordHash } from './store-password.ts';
import { resetLinkMail } from './user-writes.ts';
import { clearOtpSecret, setPublicKey, userById } from './user-store.ts';

type Action = (args: HookArgs, target: Row, request: FastifyRequest, reply: FastifyReply) => unknown;

export function registerUserActionRoutes(app: FastifyInstance): void {
  const guard = makeGuard(app, users);
  const route = (action: Action) => (request: FastifyRequest, reply: FastifyReply) => {
    const args = guard('update', request, reply);
    if (!args) return reply;
    const target = findOne(args, users, (request.params as { id: string }).id);
    if (!target) return notFound(args, reply, users);
    // On oneself these are credential changes: under login confirmation, from an approved login only.
    const refusal =
      userChangeRefusal(args, target, 'update') ??
      (target.id === args.ctx.user.id ? credentialChangeRefusal(request) : null);
    if (refusal) return reply.code(refusal.status).send(refusal.body);
    return action(args, target, request, reply);
  };
  const userBody = (args: HookArgs, id: unknown) =>
    serializeRow(users, args, userById(args.db, id) as unknown as Row, 'retrieve');
  const both = (path: string, action: Action) => {
    app.put(`${users.url}:id/${path}`, route(action));
    app.patch(`${users.url}:id/${path}`, route(action));
  };

  app.get(
    `${users.url}:id/otp/reset/`,
    route((args, target, _request, reply) => {
      if (target.id === args.ctx.user.id)
        return reply.code(401).send({ error: t(args.ctx.lang, 'user.reset_self_otp') });
      clearOtpSecret(args.db, String(target.id));
      return { msg: 'success' };
    }),
  );

  // 2.3's users/otp/reset/ is the same view without a pk: the target is the caller, always refused so.
  app.get('/api/v1/users/otp/reset/', (request, reply) => {
    const args = guard('update', request, reply);
    return args ? reply.code(401).send({ error: t(args.ctx.lang, 'user.reset_self_otp') }) : reply;
  });

  both('unblock/', (args, target) => {
    clearFailures(args.db, String(target.username));
    return userBody(args, target.id);
  });

  // Without mail the user could never learn a random password: then nothing changes and the note says so.
  both('password/reset/', async (args, target, request) => {
    const { settings } = app.bastion;
    if (emailConfigured(settings)) {
      storePasswordHash(args.db, request, String(target.id), await hashPassword(randomToken(24)), args.now);
    }
    return { ...userBody(args, target.id), ...resetLinkMail(args, String(target.id)) };
  });

  both('pubkey/reset/', (args, target) => {
    setPublicKey(args.db, String(target.id), '');
    const { settings } = app.bastion;
    const url = `${settings.get<string>('SITE_URL')}/ui/#/users/profile`;
    const note = sendMail(
      args.db,
      settings,
      args.ctx.lang,
      args.now,
      String(target.email),
      t(args.ctx.lang, 'mail.reset_pubkey_subject'),
      t(args.ctx.lang, 'mail.reset_pubkey_body', { url }),
    );
    return { ...userBody(args, target.id), ...note };
  });

  app.get(
    `${users.url}:id/password/`,
    route(() => ({})),
  );
  both('password/', async (args, target, request, reply) => {
    const password = (request.body as Record<string, unknown> | null)?.password;
    const { lang } = args.ctx;
    if (typeof password !== 'string' || !password)
      return reply.code(400).send({ password: [t(lang, 'field.required')] });
    const passwordError = adminPasswordError(password, app.bastion.settings, lang);
    if (passwordError) return reply.code(400).send({ password: passwordError });
    storePasswordHash(args.db, request, String(target.id), await hashPassword(password), args.now);
    return {};
  });
}

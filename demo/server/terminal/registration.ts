// POST /api/v2/terminal/terminal-registrations/ (§2.6, contract §1): a terminal proves it was installed by
// the operator (`Authorization: BootstrapToken <token>`, the server's BOOTSTRAP_TOKEN) and gets a terminal
// row plus its own App service account with an access key, which signs every later call.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { headerValue } from '../core/auth/request-context.ts';
import { t } from '../core/lib/i18n.ts';
import { formatDateTime } from '../core/lib/time.ts';
import { createTerminal, terminalNameTaken } from './terminal-accounts.ts';
import { terminalDateCreated } from './terminal-store.ts';
import { forbiddenCharacters } from '../engine/fields.ts';

export const BOOTSTRAP_TOKEN_ENV = 'BOOTSTRAP_TOKEN';

/** 2.3's WithBootstrapToken: the last word of Authorization equals the configured token (none configured: nobody). */
export function bootstrapMatches(authorization: string | undefined, expected: string): boolean {
  if (!expected || !authorization) return false;
  const sent = Buffer.from(authorization.trim().split(/\s+/).pop() ?? '');
  const want = Buffer.from(expected);
  return sent.length === want.length && timingSafeEqual(sent, want);
}

/**
 * What both bootstrap-token registrations (a terminal, a service account) check first: the token (401, with the
 * scheme to use), then SECURITY_SERVICE_ACCOUNT_REGISTRATION (400). Answers the refusal sent, or the JSON body.
 */
export function bootstrapGate(
  request: FastifyRequest,
  reply: FastifyReply,
  bootstrapToken: string,
): { refused: FastifyReply } | { body: Record<string, unknown> } {
  if (!bootstrapMatches(headerValue(request, 'authorization'), bootstrapToken)) {
    return {
      refused: reply
        .code(401)
        .header('WWW-Authenticate', 'BootstrapToken')
        .send({ detail: t(request.ctx.lang, 'auth.not_authenticated') }),
    };
  }
  if (request.server.bastion.settings.get<boolean>('SECURITY_SERVICE_ACCOUNT_REGISTRATION') !== true) {
    return { refused: reply.code(400).send({ error: 'service account registration disabled' }) };
  }
  const body = request.body;
  return { body: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {} };
}

export function registerTerminalRegistration(app: FastifyInstance, bootstrapToken: string): void {
  app.post('/api/v2/terminal/terminal-registrations/', (request, reply) => {
    const { db, now } = app.bastion;
    const lang = request.ctx.lang;
    const gate = bootstrapGate(request, reply, bootstrapToken);
    if ('refused' in gate) return gate.refused;
    const { body } = gate;
    const errors: Record<string, string[]> = {};
    const text = (name: string, max: number, required: boolean): string => {
      const value = body[name];
      if (value === undefined || value === null || value === '') {
        if (required) errors[name] = [t(lang, value === '' ? 'field.blank' : 'field.required')];
        return '';
      }
      if (typeof value !== 'string') {
        errors[name] = [t(lang, 'field.invalid_string')];
        return '';
      }
      const bad = forbiddenCharacters({ multiline: name === 'comment' }, value, lang);
      if (bad) {
        errors[name] = [bad];
        return '';
      }
      if (value.length > max) {
        errors[name] = [t(lang, 'field.max_length', { max })];
        return '';
      }
      return value.trim();
    };
    // Terminal.name is 32 characters; the service account takes the same name as its username.
    const name = text('name', 32, true);
    const comment = text('comment', 128, false);
    if (name && terminalNameTaken(db, name)) errors.name = [t(lang, 'field.unique')];
    if (Object.keys(errors).length) return reply.code(400).send(errors);

    // v2 registrations are accepted at once (the bootstrap token is the operator's consent).
    const made = createTerminal(db, { name, comment, remoteAddr: request.ip, accepted: true }, now());
    return reply.code(201).send({
      id: made.id,
      name,
      comment,
      remote_addr: request.ip,
      command_storage: 'default',
      replay_storage: 'default',
      user: made.serviceAccount.id,
      is_accepted: true,
      is_deleted: false,
      date_created: formatDateTime(terminalDateCreated(db, made.id), request.ctx.tz),
      service_account: made.serviceAccount,
    });
  });
}

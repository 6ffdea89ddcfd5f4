// JumpServer's permission classes, checked on the server for every endpoint whatever the client sends.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from './db/open.ts';
import type { RequestContext, UserRow } from './context.ts';
import { canAdmin, canAudit, isSuperuser } from './orgs/membership-store.ts';
import { t } from './lib/i18n.ts';

export type PermissionCheck = (db: DB, ctx: RequestContext & { user: UserRow }, nowMs: number) => boolean;

/** One permission class for list, retrieve, create, update and delete (most viewsets use one). */
export const everyAction = (check: PermissionCheck) => ({
  list: check,
  retrieve: check,
  create: check,
  update: check,
  delete: check,
});

export function isValidUser(user: UserRow, nowMs: number): boolean {
  return user.is_active === 1 && new Date(user.date_expired).getTime() > nowMs;
}

export const IsValidUser: PermissionCheck = (_db, ctx, now) => isValidUser(ctx.user, now);
export const IsSuperUser: PermissionCheck = (db, ctx, now) => IsValidUser(db, ctx, now) && isSuperuser(ctx.user);
export const IsOrgAdmin: PermissionCheck = (db, ctx, now) =>
  IsValidUser(db, ctx, now) && canAdmin(db, ctx.user, ctx.org);
export const IsOrgAuditor: PermissionCheck = (db, ctx, now) =>
  IsValidUser(db, ctx, now) && canAudit(db, ctx.user, ctx.org);
export const AllowAny: PermissionCheck = () => true;

export const anyOf =
  (...checks: PermissionCheck[]): PermissionCheck =>
  (db, ctx, now) =>
    checks.some((check) => check(db, ctx, now));

export function sendUnauthenticated(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(401)
    .header('WWW-Authenticate', 'Sign access_key_id:Signature')
    .send({ detail: t(request.ctx.lang, request.ctx.authFailure ?? 'auth.not_authenticated') });
}

export function sendForbidden(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(403).send({ detail: t(request.ctx.lang, 'auth.forbidden') });
}

/**
 * Answers 401/403 and returns false when the caller may not go on; narrows `request.ctx.user`.
 * 401 = nobody authenticated; 403 = authenticated but the permission class refuses.
 */
export function authorize(
  request: FastifyRequest,
  reply: FastifyReply,
  check: PermissionCheck,
): request is FastifyRequest & { ctx: RequestContext & { user: UserRow } } {
  const { ctx } = request;
  if (!ctx.user) {
    sendUnauthenticated(request, reply);
    return false;
  }
  const { db, now } = request.server.bastion;
  if (!check(db, ctx as RequestContext & { user: UserRow }, now())) {
    sendForbidden(request, reply);
    return false;
  }
  return true;
}

// Who may call the terminal API: the App service accounts (one per registered terminal, §3 "App users"),
// with the org admins and auditors where 2.3 lets them in too.
export const isAppUser = (user: UserRow): boolean => user.role === 'App';

export const IsAppUser: PermissionCheck = (db, ctx, now) => IsValidUser(db, ctx, now) && isAppUser(ctx.user);
export const IsOrgAdminOrAppUser: PermissionCheck = anyOf(IsOrgAdmin, IsAppUser);
/** Sessions, commands and replays: what 2.3 writes `IsOrgAdminOrAppUser | IsOrgAuditor`. */
export const IsSessionReader: PermissionCheck = anyOf(IsOrgAdmin, IsAppUser, IsOrgAuditor);
export const IsSuperUserOrAppUser: PermissionCheck = anyOf(IsSuperUser, IsAppUser);

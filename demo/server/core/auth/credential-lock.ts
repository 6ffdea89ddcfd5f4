// Login confirmation holds for every way in (§2.2). A user under it (LOGIN_CONFIRM_ENABLE and reviewers set:
// reviewersOf below; the confirmation flow is auth/confirm/) signs in only once a reviewer approves; what 2.3
// left open around that:
// - while a sign-in of theirs waits for a reviewer, their access key, private token or a login that no
//   reviewer approved still worked: minted access keys, replaced the SSH key, ran batch commands. Now,
//   while one waits, such calls are held (403) — only a login a reviewer approved goes on;
// - credentials (access keys, SSH public key, password, MFA) changed from any credential. Now a user under
//   login confirmation changes them only from an interactive login (browser session or token API) that a
//   reviewer approved.
// Sessions and bearer tokens carry whether their sign-in was approved (migration 50, sessions.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Refusal, RequestContext, UserRow } from '../context.ts';
import type { DB } from '../db/open.ts';
import { L, pick, type Lang } from '../lib/i18n.ts';
import type { Settings } from '../context.ts';
import { activeReviewerIds, hasOpenLoginConfirmTicket } from './login-confirm-store.ts';

/** The active reviewers of the user's sign-ins, when login confirmation is on and the user has any. */
export function reviewersOf(db: DB, settings: Settings, userId: string): string[] {
  if (settings.get<boolean>('LOGIN_CONFIRM_ENABLE') !== true) return [];
  return activeReviewerIds(db, userId);
}

export const needsConfirmation = (db: DB, settings: Settings, user: UserRow): boolean =>
  reviewersOf(db, settings, user.id).length > 0;

const TEXT = {
  held: L(
    '该账号有一个登录正在等待复核：在审批人处理之前，只能通过已复核的登录使用该账号',
    'A sign-in of this account waits for login confirmation: until a reviewer decides, the account is used only from a login a reviewer approved.',
  ),
  credentials: L(
    '该账号需要登录复核：访问密钥、SSH 公钥、密码和 MFA 只能在审批人同意的登录中修改',
    'This account signs in under login confirmation: access keys, the SSH key, the password and MFA change only from a login a reviewer approved.',
  ),
};

/** An interactive login (browser session or token API) whose sign-in a reviewer approved. */
const approvedLogin = (ctx: RequestContext) =>
  (ctx.via === 'session' || ctx.via === 'bearer') && ctx.loginConfirmed === true;

/** A sign-in of the user waits for a reviewer: an open `login_confirm` ticket, login confirmation on. */
export function signInWaits(db: DB, settings: Settings, userId: string): boolean {
  if (settings.get<boolean>('LOGIN_CONFIRM_ENABLE') !== true) return false;
  return hasOpenLoginConfirmTicket(db, userId);
}

/** Why this call is held while a sign-in of its user waits, else null. */
function heldWhileSignInWaits(request: FastifyRequest): string | null {
  const { ctx } = request;
  if (!ctx.user || approvedLogin(ctx)) return null;
  const { db, settings } = request.server.bastion;
  return signInWaits(db, settings, ctx.user.id) ? pick(ctx.lang, TEXT.held) : null;
}

/** Every route, right after request-context.ts has said who calls: a held call is answered 403 there. */
export function registerSignInHold(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const held = heldWhileSignInWaits(request);
    if (held) return reply.code(403).send({ detail: held });
  });
}

/** Whether `user` may not change their credentials from a login that a reviewer did (`approved`) or did not approve. */
export function credentialsLocked(db: DB, settings: Settings, user: UserRow, approved: boolean): boolean {
  return !approved && (needsConfirmation(db, settings, user) || signInWaits(db, settings, user.id));
}

export const credentialsLockedText = (lang: Lang): string => pick(lang, TEXT.credentials);

/** Why the caller may not change their own credentials from this login (403), else null. */
export function credentialChangeRefusal(request: FastifyRequest): Refusal | null {
  const { ctx } = request;
  if (!ctx.user) return null;
  const { db, settings } = request.server.bastion;
  return credentialsLocked(db, settings, ctx.user, approvedLogin(ctx))
    ? { status: 403, body: { detail: credentialsLockedText(ctx.lang) } }
    : null;
}

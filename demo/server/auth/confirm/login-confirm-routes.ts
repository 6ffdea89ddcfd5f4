// Login confirmation's routes (§2.2, 2.3's UserLoginWaitConfirmView and TicketStatusApi): the waiting page
// after the password (and MFA), the status its script polls, the guard that signs the browser in once a
// reviewer approved, and the reviewers an admin sets on a user (login-confirm-settings/<user_id>/).
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../core/context.ts';
import { findOne } from '../../engine/write.ts';
import type { HookArgs, Row } from '../../engine/types.ts';
import { escapeHtml as e } from '../../core/lib/html.ts';
import { L, pick, t } from '../../core/lib/i18n.ts';
import { formatDateTime, isoAt } from '../../core/lib/time.ts';
import { usersResource } from '../../users/resources/users.ts';
import { assigneesDisplayRow, performStatus } from '../../tickets/ticket-store.ts';
import { administers } from '../../tickets/who.ts';
import { userChangeRefusal } from '../../users/user-rules.ts';
import { loginConfirmSetting, setReviewers, settingReviewerIds } from '../../users/login-confirm-store.ts';
import { personById, userById } from '../../users/user-store.ts';
import { renderAuthPage } from '../login/auth-page-layout.ts';
import { recordSignIn } from '../login/credentials.ts';
import { confirmBody, confirmState, endConfirmation, logRefusal } from './login-confirm.ts';
import { loginFlow } from '../login/login-flow.ts';
import { startBrowserSession, WAIT_CONFIRM_PATH } from '../login/login-guard.ts';
import { authorize, IsOrgAdmin, isValidUser } from '../../core/permissions.ts';
import { LOGIN_PATH } from '../../core/auth/paths.ts';

export const CONFIRM_STATUS_PATH = '/api/v1/authentication/login-confirm-ticket/status/';
export const LOGIN_GUARD_PATH = '/core/auth/login/guard/';
const SCRIPT_PATH = '/static/js/login-wait-confirm.js';
const SETTINGS_PATH = '/api/v1/authentication/login-confirm-settings/:user_id/';

const PAGE = {
  title: L('登录复核', 'Login confirm'),
  wait: L(
    '等待 {assignees} 确认，你也可以复制链接发给他们。请不要关闭本页面',
    "Wait for {assignees} to confirm. You can also copy the link to them. Don't close this page",
  ),
  refresh: L('刷新', 'Refresh'),
  copy: L('复制链接', 'Copy link'),
  back: L('返回', 'Return'),
  copied: L('复制成功', 'Copy success'),
  badReviewers: L(
    '审批人必须是该组织的管理员或超级管理员',
    'Reviewers must be admins of the organization or superusers',
  ),
  ownReviewers: L('不能修改自己登录的审批人', 'Nobody changes the reviewers of their own sign-ins.'),
};

const script = readFileSync(new URL('../../../login-wait-confirm.js', import.meta.url), 'utf8');

/** The user waiting in this flow (still valid), or null. */
function waitingUser(request: FastifyRequest, userId: string | undefined): UserRow | null {
  const { db, now } = request.server.bastion;
  if (!userId) return null;
  const user = userById(db, userId);
  return user && isValidUser(user, now()) ? user : null;
}

function waitPage(request: FastifyRequest, reply: FastifyReply, ticketId: string) {
  const { db } = request.server.bastion;
  const { lang } = request.ctx;
  const ticket = assigneesDisplayRow(db, ticketId);
  const link = `/ui/#/tickets/tickets/${encodeURIComponent(ticketId)}`;
  const body = `<div class="card login-wait-confirm" data-status-url="${e(CONFIRM_STATUS_PATH)}" data-guard-url="${e(LOGIN_GUARD_PATH)}"
  data-login-url="${e(LOGIN_PATH)}" data-ticket-link="${e(link)}" data-copied="${e(pick(lang, PAGE.copied))}">
<h1>${e(pick(lang, PAGE.title))}</h1>
<p class="help wait-message">${e(pick(lang, PAGE.wait, { assignees: ticket?.assignees_display ?? '' }))}</p>
<p class="error error-message" role="alert" hidden></p>
<progress class="wait-progress" max="3600" value="0"></progress>
<div class="wait-buttons">
<button type="button" class="btn-refresh">${e(pick(lang, PAGE.refresh))}</button>
<button type="button" class="btn-copy">${e(pick(lang, PAGE.copy))}</button>
<button type="button" class="btn-return">${e(pick(lang, PAGE.back))}</button>
</div>
</div>`;
  return reply
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(renderAuthPage({ lang, title: pick(lang, PAGE.title), body, scripts: [SCRIPT_PATH] }));
}

export function registerLoginConfirmRoutes(app: FastifyInstance): void {
  app.get(SCRIPT_PATH, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(script),
  );

  app.get(WAIT_CONFIRM_PATH, (request, reply) => {
    const flow = loginFlow(request, reply);
    if (!waitingUser(request, flow.data.confirmUserId) || !flow.data.confirmTicketId) return reply.redirect(LOGIN_PATH);
    return waitPage(request, reply, flow.data.confirmTicketId);
  });

  // Anyone may ask (2.3: no permission class): the answer is about this browser's own sign-in flow.
  app.get(CONFIRM_STATUS_PATH, (request, reply) => {
    const { db } = app.bastion;
    const flow = loginFlow(request, reply);
    const user = waitingUser(request, flow.data.confirmUserId);
    const state = user ? confirmState(db, flow.data.confirmTicketId, user.id) : 'missing';
    if (state === 'approved') return { msg: 'ok' };
    if (user) logRefusal(request, flow, user, state, 'W');
    return confirmBody(request.ctx.lang, state, flow.data.confirmTicketId);
  });

  // Leaving the waiting page withdraws the request: the open ticket is closed by its requester.
  app.delete(CONFIRM_STATUS_PATH, (request, reply) => {
    const { db, now } = app.bastion;
    const flow = loginFlow(request, reply);
    const user = waitingUser(request, flow.data.confirmUserId);
    if (user && confirmState(db, flow.data.confirmTicketId, user.id) === 'wait') {
      performStatus(db, String(flow.data.confirmTicketId), 'closed', user, request.ctx.lang, now());
    }
    if (flow.data.confirmTicketId) endConfirmation(flow);
    return reply.code(200).send('');
  });

  // 2.3's guard, where the waiting page goes once approved: the sign-in is logged and the session starts.
  app.get(LOGIN_GUARD_PATH, (request, reply) => {
    const { db } = app.bastion;
    const flow = loginFlow(request, reply);
    const user = waitingUser(request, flow.data.confirmUserId);
    if (!user || confirmState(db, flow.data.confirmTicketId, user.id) !== 'approved') return reply.redirect(LOGIN_PATH);
    const next = flow.data.confirmNext ?? '';
    endConfirmation(flow);
    recordSignIn(request, user, 'W');
    return startBrowserSession(request, reply, user, next, true);
  });

  const settingsOf = (args: HookArgs, userId: string): Row => {
    const row = loginConfirmSetting(args.db, userId);
    const reviewers = row ? settingReviewerIds(args.db, row.id) : [];
    return {
      id: row?.id ?? null,
      user: userId,
      reviewers,
      is_active: row ? !!row.is_active : true,
      date_created: row ? formatDateTime(String(row.date_created), args.ctx.tz) : null,
      date_updated: row ? formatDateTime(String(row.date_updated), args.ctx.tz) : null,
    };
  };
  /** The user of the path as the users list of this org shows it, or a 404/403 has been sent. */
  const target = (
    request: FastifyRequest,
    reply: FastifyReply,
    change: boolean,
  ): { args: HookArgs; user: Row } | null => {
    if (!authorize(request, reply, IsOrgAdmin)) return null;
    const args: HookArgs = { db: app.bastion.db, ctx: request.ctx, request, now: app.bastion.now() };
    const id = String((request.params as { user_id: string }).user_id);
    const user = findOne(args, usersResource, id);
    if (!user) {
      reply
        .code(404)
        .send({ detail: t(args.ctx.lang, 'request.object_not_found', { model: usersResource.model[args.ctx.lang] }) });
      return null;
    }
    const refusal = change ? userChangeRefusal(args, user, 'update') : null;
    if (refusal) {
      reply.code(refusal.status).send(refusal.body);
      return null;
    }
    return { args, user };
  };

  app.get(SETTINGS_PATH, (request, reply) => {
    const found = target(request, reply, false);
    return found ? settingsOf(found.args, String(found.user.id)) : reply;
  });
  const update = (request: FastifyRequest, reply: FastifyReply) => {
    const found = target(request, reply, true);
    if (!found) return reply;
    const { args, user } = found;
    // Nobody edits the reviewers of their own sign-ins (an org admin under confirmation removed his own,
    // then signed in unreviewed): it is always someone else's decision.
    if (user.id === args.ctx.user.id) return reply.code(403).send({ detail: pick(args.ctx.lang, PAGE.ownReviewers) });
    const body =
      request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Row) : null;
    if (!body) return reply.code(400).send({ non_field_errors: [t(args.ctx.lang, 'request.invalid_body')] });
    const raw = body.reviewers;
    if (raw === undefined) {
      if (request.method === 'PUT') return reply.code(400).send({ reviewers: [t(args.ctx.lang, 'field.required')] });
      return settingsOf(args, String(user.id));
    }
    if (!Array.isArray(raw) || raw.length > 1000)
      return reply.code(400).send({ reviewers: [t(args.ctx.lang, 'field.invalid_list')] });
    const ids = [...new Set(raw.map(String))];
    const orgId = args.ctx.org.kind === 'real' ? args.ctx.org.id : '';
    const reviewers = ids.map((id) => personById(args.db, id));
    const bad = ids.filter((id, i) => !reviewers[i] || id === user.id || !administers(args.db, reviewers[i]!, orgId));
    if (bad.length) return reply.code(400).send({ reviewers: [pick(args.ctx.lang, PAGE.badReviewers)] });
    const at = isoAt(args.now);
    args.db.transaction(() => setReviewers(args.db, String(user.id), ids, at))();
    return settingsOf(args, String(user.id));
  };
  app.put(SETTINGS_PATH, update);
  app.patch(SETTINGS_PATH, update);
}

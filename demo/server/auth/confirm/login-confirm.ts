// Login confirmation (2.3's LoginConfirmSetting, §2.2): with LOGIN_CONFIRM_ENABLE on, a user who has
// reviewers is signed in only once one of them approves a `login_confirm` ticket. The sign-in flow keeps
// the user and the ticket (auth/login/login-flow.ts) while the browser waits (login-confirm-routes.ts) or an
// API client asks again; the sign-in is logged when approved, and a rejection or closing is logged too.
import type { FastifyRequest } from 'fastify';
import { userLabel } from '../../core/operate-log-store.ts';
import type { UserRow } from '../../core/context.ts';
import type { DB } from '../../core/db/open.ts';
import { L, pick, type Lang } from '../../core/lib/i18n.ts';
import { uuid } from '../../core/lib/ids.ts';
import { formatDateTime, isoAt } from '../../core/lib/time.ts';
import { mailAssignees } from '../../tickets/mail.ts';
import { insertTicket, loginConfirmTicket, setAssignees } from '../../tickets/ticket-store.ts';
import type { LoginFlow } from '../login/login-flow.ts';
import { recordLogin } from '../login/login-log-store.ts';
import { headerValue } from '../../core/auth/request-context.ts';
import { reviewersOf } from '../../core/auth/credential-lock.ts';

/** 2.3's texts (authentication/errors.py, views/login.py). */
export const CONFIRM_TEXT = {
  required: L('需要登录复核', 'Login confirm required'),
  wait: L('等待登录复核处理', 'Wait login confirm ticket for accept'),
  was: L('登录复核: {status}', 'Login confirm ticket was {status}'),
  notFound: L('没有发现', 'Not found'),
  rejected: L('拒绝', 'Reject'),
  closed: L('关闭', 'Closed'),
  title: L('登录复核', 'Login confirm'),
  doorRequired: L(
    '登录需要复核：请先在网页上登录并等待审批人同意',
    'Login confirm required: sign in on the web console and wait for a reviewer to approve',
  ),
};

/** A new `login_confirm` ticket for this sign-in, assigned to the reviewers (who get a mail). */
export function openConfirmTicket(request: FastifyRequest, user: UserRow, ip = request.ip): string {
  const { db, now, settings } = request.server.bastion;
  const { lang, tz } = request.ctx;
  const id = uuid();
  const at = isoAt(now());
  const title = `${pick(lang, CONFIRM_TEXT.title)} ${userLabel(user)}`.slice(0, 256);
  const body = [
    `${lang === 'zh' ? '用户' : 'User'}: ${userLabel(user)}`,
    `IP: ${ip}`,
    `${lang === 'zh' ? '日期' : 'Datetime'}: ${formatDateTime(at, tz) ?? at}`,
    `${lang === 'zh' ? '浏览器' : 'User agent'}: ${(headerValue(request, 'user-agent') ?? '').slice(0, 200)}`,
  ].join('\n');
  db.transaction(() => {
    insertTicket(db, {
      id,
      user: user.id,
      user_display: userLabel(user),
      title,
      body,
      type: 'login_confirm',
      date_created: at,
      date_updated: at,
    });
    setAssignees(db, id, reviewersOf(db, settings, user.id));
  })();
  mailAssignees(request, id, lang);
  return id;
}

export type ConfirmState = 'wait' | 'approved' | 'rejected' | 'closed' | 'missing';

export function confirmState(db: DB, ticketId: string | undefined, userId: string | undefined): ConfirmState {
  if (!ticketId || !userId) return 'missing';
  const row = loginConfirmTicket(db, ticketId, userId);
  if (!row) return 'missing';
  if (row.status === 'open') return 'wait';
  return row.action === 'approve' ? 'approved' : row.action === 'reject' ? 'rejected' : 'closed';
}

/** 2.3's answer for a state other than approved: `login_confirm_wait` or `login_confirm_error`, with the ticket. */
export function confirmBody(
  lang: Lang,
  state: Exclude<ConfirmState, 'approved'>,
  ticketId = '',
): { error: string; msg: string; data: { ticket_id: string } } {
  if (state === 'wait')
    return { error: 'login_confirm_wait', msg: pick(lang, CONFIRM_TEXT.wait), data: { ticket_id: ticketId } };
  const status = pick(
    lang,
    state === 'rejected' ? CONFIRM_TEXT.rejected : state === 'closed' ? CONFIRM_TEXT.closed : CONFIRM_TEXT.notFound,
  );
  return {
    error: 'login_confirm_error',
    msg: pick(lang, CONFIRM_TEXT.was, { status }),
    data: { ticket_id: state === 'missing' ? '' : ticketId },
  };
}

/** The refusal in the login log, once per ticket (the waiting page keeps asking). */
export function logRefusal(
  request: FastifyRequest,
  flow: LoginFlow,
  user: { username: string },
  state: ConfirmState,
  type: 'W' | 'T',
): void {
  if (flow.data.confirmLogged || (state !== 'rejected' && state !== 'closed')) return;
  const { db, now } = request.server.bastion;
  recordLogin(
    db,
    {
      username: user.username,
      type,
      ip: request.ip,
      userAgent: headerValue(request, 'user-agent') ?? '',
      reason: `login_confirm_${state}`,
      success: false,
    },
    now(),
  );
  flow.update({ confirmLogged: true });
}

/** Forgets the confirmation of this flow (signed in, or refused and starting again). */
export function endConfirmation(flow: LoginFlow): void {
  flow.update({
    confirmUserId: undefined,
    confirmTicketId: undefined,
    confirmNext: undefined,
    confirmLogged: undefined,
  });
}

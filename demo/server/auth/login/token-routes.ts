// POST /api/v1/authentication/auth/ (alias tokens/): username + password → bearer token (§1.14); a terminal's
// App account may also sign a user in by public key. A user with MFA first gets 200 mfa_required and is
// remembered in the login flow (cookie); POST mfa/challenge/ {code} with that cookie answers the step,
// and the repeated auth/ call (credentials then optional, as 2.3's session user) issues the token.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../core/context.ts';
import { t } from '../../core/lib/i18n.ts';
import { formatDateTime, isoAt } from '../../core/lib/time.ts';
import { buildProfile } from '../../users/profile.ts';
import { checkCredentials, recordSignIn, type LoginResult } from './credentials.ts';
import { loginFlow } from './login-flow.ts';
import { pendingUser } from './login-guard.ts';
import { countMfaFailure, logMfaFailure, mfaEnabled, mfaUnset } from '../mfa/mfa-state.ts';
import { checkOnBehalf, isOnBehalfCaller, remoteAddrOf } from './on-behalf-auth.ts';
import {
  CONFIRM_TEXT,
  confirmBody,
  confirmState,
  endConfirmation,
  logRefusal,
  openConfirmTicket,
} from '../confirm/login-confirm.ts';
import { needsConfirmation } from '../../core/auth/credential-lock.ts';
import type { LoginFlow } from './login-flow.ts';
import { recordLogin } from './login-log-store.ts';
import { pick } from '../../core/lib/i18n.ts';
import { headerValue } from '../../core/auth/request-context.ts';
import { createBearerToken } from '../../core/auth/sessions.ts';
import { terminalOf } from '../../terminal/app-user.ts';
import { rememberSignIn } from '../../terminal/door-sign-ins.ts';
import { readOtpSecret, userById } from '../../users/user-store.ts';
import { verifyTotp } from '../mfa/totp.ts';

export const MFA_CHALLENGE_PATH = '/api/v1/authentication/mfa/challenge/';

const bodyOf = (request: FastifyRequest): Record<string, unknown> => {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
};

export function registerTokenRoutes(app: FastifyInstance): void {
  const issue = async (request: FastifyRequest, reply: FastifyReply) => {
    const { db, now, settings, loginAgeMs } = app.bastion;
    const { lang } = request.ctx;
    const body = bodyOf(request);
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const type = headerValue(request, 'x-jms-login-type') === 'W' ? 'W' : 'T';
    const onBehalf = isOnBehalfCaller(request);
    // A terminal (App account) signs its users in by password or public key (auth/login/on-behalf-auth.ts) and,
    // as 2.3's koko, answers the MFA challenge with the code the user types at its door.
    const flow = loginFlow(request, reply);
    const remembered = pendingUser(request, flow);
    const result: LoginResult = remembered
      ? { ok: true, user: remembered }
      : await (onBehalf ? checkOnBehalf(request, body) : checkCredentials(request, username, password, type));
    // Busy is not a refusal of these credentials: 429, so a client (the terminal's door) can say so and retry.
    if (!result.ok && result.error === 'busy')
      return reply.code(429).header('Retry-After', '2').send({ error: result.error, msg: result.msg });
    if (!result.ok) return reply.code(400).send({ error: result.error, msg: result.msg });
    const user: UserRow = result.user;
    // The address a terminal reports for its user is the one the sign-in is recorded under.
    const ip = onBehalf ? remoteAddrOf(request, body) : request.ip;
    if (mfaEnabled(user, settings)) {
      if (mfaUnset(user, settings)) {
        logMfaFailure(request, user.username, type, 'mfa_unset', ip);
        flow.clear();
        return reply.code(400).send({ error: 'mfa_unset', msg: t(lang, 'mfa.unset') });
      }
      if (!flow.data.mfaPassed || flow.data.pendingUserId !== user.id) {
        flow.update({ pendingUserId: user.id, pendingAt: now(), mfaPassed: false, pendingNext: undefined });
        return reply.code(200).send({
          error: 'mfa_required',
          msg: t(lang, 'mfa.required'),
          data: { choices: ['code'], url: MFA_CHALLENGE_PATH },
        });
      }
    }
    // Login confirmation (2.3's check_user_login_confirm_if_need): a reviewer approves this sign-in first.
    if (needsConfirmation(db, settings, user)) {
      const refused = awaitConfirmation(request, flow, user, type, ip);
      if (refused) return reply.code(refused.status).send(refused.body);
    }
    if (mfaEnabled(user, settings) || needsConfirmation(db, settings, user)) {
      flow.clear();
      recordSignIn(request, user, type, ip);
    }
    // Reaching here under login confirmation means a reviewer approved this sign-in.
    const { token, expiresAt } = createBearerToken(
      db,
      user.id,
      now(),
      loginAgeMs,
      needsConfirmation(db, settings, user),
    );
    // A terminal's door let this user in: it may record their sessions for as long as the sign-in lives.
    const door = onBehalf ? terminalOf(db, request.ctx.user!) : null;
    if (door)
      rememberSignIn(db, {
        terminalId: door.id,
        userId: user.id,
        kind: 'login',
        remoteAddr: ip,
        nowMs: now(),
        expiresAt,
      });
    const fresh = userById(db, user.id) as UserRow;
    return reply.code(201).send({
      token,
      keyword: 'Bearer',
      date_expired: formatDateTime(isoAt(expiresAt), request.ctx.tz),
      user: buildProfile(db, settings, fresh, request.ctx, now()),
    });
  };
  app.post('/api/v1/authentication/auth/', issue);
  app.post('/api/v1/authentication/tokens/', issue);

  // 2.3's MFAChallengeApi: the code for the user the flow remembers; errors as its ValidationError(dict).
  app.post(MFA_CHALLENGE_PATH, (request, reply) => {
    const { db, now } = app.bastion;
    const { lang } = request.ctx;
    const body = bodyOf(request);
    const raw = body.code;
    if (raw === undefined || raw === null || raw === '')
      return reply.code(400).send({ code: [t(lang, 'field.required')] });
    if (typeof raw !== 'string' && typeof raw !== 'number')
      return reply.code(400).send({ code: [t(lang, 'field.invalid_string')] });
    const flow = loginFlow(request, reply);
    const user = pendingUser(request, flow);
    if (!user) return reply.code(400).send({ error: 'session_empty', msg: t(lang, 'mfa.session_empty') });
    if (!verifyTotp(readOtpSecret(db, user.id), String(raw).trim(), now())) {
      flow.update({ mfaPassed: false });
      const ip = isOnBehalfCaller(request) ? remoteAddrOf(request, body) : request.ip;
      logMfaFailure(
        request,
        user.username,
        headerValue(request, 'x-jms-login-type') === 'W' ? 'W' : 'T',
        'mfa_failed',
        ip,
      );
      countMfaFailure(request, user.username, ip); // once blocked, the flow's user is gone (session_empty)
      return reply.code(400).send({ error: 'mfa_failed', msg: t(lang, 'mfa.code_failed') });
    }
    flow.update({ mfaPassed: true });
    return { msg: 'ok' };
  });
}

/**
 * The token waits for a reviewer: the first call opens the ticket (200 `login_confirm_wait`, as 2.3), the
 * client polls `login-confirm-ticket/status/` with the same cookie and asks again; approved, the token is
 * issued (null here). A rejected or closed ticket answers `login_confirm_error` and the next call starts over.
 * A terminal's on-behalf sign-in cannot wait at its door: refused (400 `login_confirm_required`), and logged.
 */
function awaitConfirmation(
  request: FastifyRequest,
  flow: LoginFlow,
  user: UserRow,
  type: 'W' | 'T',
  ip: string,
): { status: number; body: unknown } | null {
  const { db, now } = request.server.bastion;
  const { lang } = request.ctx;
  if (isOnBehalfCaller(request)) {
    recordLogin(
      db,
      {
        username: user.username,
        type,
        ip,
        userAgent: headerValue(request, 'user-agent') ?? '',
        reason: 'login_confirm_required',
        success: false,
      },
      now(),
    );
    return { status: 400, body: { error: 'login_confirm_required', msg: pick(lang, CONFIRM_TEXT.doorRequired) } };
  }
  const mine = flow.data.confirmUserId === user.id;
  const state = mine ? confirmState(db, flow.data.confirmTicketId, user.id) : 'missing';
  if (state === 'approved') {
    endConfirmation(flow);
    return null;
  }
  if (state === 'rejected' || state === 'closed') {
    logRefusal(request, flow, user, state, type);
    const body = confirmBody(lang, state, flow.data.confirmTicketId);
    endConfirmation(flow);
    return { status: 200, body };
  }
  if (state === 'missing') {
    const ticketId = openConfirmTicket(request, user, ip);
    flow.update({ confirmUserId: user.id, confirmTicketId: ticketId, confirmNext: undefined, confirmLogged: false });
    return { status: 200, body: confirmBody(lang, 'wait', ticketId) };
  }
  return { status: 200, body: confirmBody(lang, 'wait', flow.data.confirmTicketId) };
}

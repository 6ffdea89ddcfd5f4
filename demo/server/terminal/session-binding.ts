// A session's who, where and when are set once, when it opens, from what the terminal's door
// authenticated — never from what the body claims. A terminal opens a session only for a user it signed
// in itself (authentication/tokens/) or whose connection token it redeemed (that target, one session),
// both remembered by the server (door-sign-ins.ts), and only on a target that user is granted now. The
// server then writes the names: `Name(username)`, the asset's hostname (a database app's name), the
// system user's name, the target's org and the address the door saw. 2.3 took all of these from the body:
// any registered terminal could record a session of `admin` in any org.
import type { FastifyRequest } from 'fastify';
import type { HookArgs, Refusal, Row } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { UUID_PATTERN } from '../core/lib/ids.ts';
import { isoAt, parseDateTime } from '../core/lib/time.ts';
import { isValidUser } from '../core/permissions.ts';
import { terminalOf } from './app-user.ts';
import { mayConnect, mayConnectApp } from './connection-token.ts';
import { sessionSignIns, spendSignIn, type DoorSignIn } from './door-sign-in-store.ts';
import { personById } from '../users/user-store.ts';
import { databaseAppNameAndOrg } from '../applications/app-store.ts';
import { assetNameAndOrg } from '../assets/asset-store.ts';
import { systemUserNameAndOrg } from '../assets/system-user-store.ts';
import { CLOCK_SKEW_MS } from './session-record.ts';

/** The session's fields as the door authenticated them, and the sign-in that vouches for them. */
export interface Binding {
  signIn: DoorSignIn;
  fields: Row;
}

/** Computed in the create's `refuse` hook, applied in its `beforeCreate` (the same request). */
const bindings = new WeakMap<FastifyRequest, Binding>();

const TEXT = {
  notSignedIn: {
    en: 'This terminal did not sign this user in (authentication/tokens/ or a connection token it redeemed): it cannot record a session for them.',
    zh: '该终端没有为此用户登录（authentication/tokens/ 或连接令牌），不能为其记录会话',
  },
  notGranted: {
    en: 'The user is not granted to connect to this target with this system user.',
    zh: '该用户没有此资产或应用及系统用户的连接权限',
  },
  start: {
    en: "date_start must be the time the session opens (at most 5 minutes from the server's clock).",
    zh: '会话开始时间必须是现在（相差不超过 5 分钟）',
  },
  noTerminal: { en: 'This service account has no terminal.', zh: '该服务账号没有终端' },
};

const text = (args: HookArgs, key: keyof typeof TEXT) => TEXT[key][args.ctx.lang];
const forbidden = (args: HookArgs, key: keyof typeof TEXT): Refusal => ({
  status: 403,
  body: { detail: text(args, key) },
});
const invalid = (errors: Record<string, string[]>): Refusal => ({ status: 400, body: errors });

interface Target {
  name: string;
  org_id: string;
}

/**
 * Why this create may not be recorded (403 not the door's user or not granted, 400 a missing or
 * unknown id), else null with the binding kept for `applyBinding`.
 */
export function refuseUnboundSession(args: HookArgs): Refusal | null {
  const { db, ctx, now, request } = args;
  const terminal = terminalOf(db, ctx.user);
  if (!terminal) return forbidden(args, 'noTerminal');
  const body =
    request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Row) : {};
  const errors: Record<string, string[]> = {};
  const idOf = (name: string): string => {
    const value = body[name];
    if (value === undefined || value === null || value === '') errors[name] = [t(ctx.lang, 'field.required')];
    else if (typeof value !== 'string' || !UUID_PATTERN.test(value)) errors[name] = [t(ctx.lang, 'field.invalid_uuid')];
    else return value.toLowerCase();
    return '';
  };
  const userId = idOf('user_id');
  const targetId = idOf('asset_id');
  const systemUserId = idOf('system_user_id');
  if (Object.keys(errors).length) return invalid(errors);

  // A database session (protocol mysql) names a database app where an SSH session names an asset.
  const isApp = body.protocol === 'mysql';
  const user = personById(db, userId);
  const target: Target | undefined = isApp ? databaseAppNameAndOrg(db, targetId) : assetNameAndOrg(db, targetId);
  const systemUser: Target | undefined = systemUserNameAndOrg(db, systemUserId);
  const unknown = (name: string, value: string) => ({ [name]: [t(ctx.lang, 'field.invalid_pk', { value })] });
  if (!user) return invalid(unknown('user_id', userId));
  if (!target) return invalid(unknown('asset_id', targetId));
  if (!systemUser || systemUser.org_id !== target.org_id) return invalid(unknown('system_user_id', systemUserId));

  const signIn = sessionSignIns(db, terminal.id, userId, now).find(
    (row) =>
      row.kind === 'login' ||
      (row.system_user_id === systemUserId && (isApp ? row.application_id === targetId : row.asset_id === targetId)),
  );
  if (!signIn || !isValidUser(user, now)) return forbidden(args, 'notSignedIn');
  const granted = isApp
    ? mayConnectApp(db, userId, targetId, systemUserId, now)
    : mayConnect(db, userId, targetId, systemUserId, now);
  if (!granted) return forbidden(args, 'notGranted');

  let start = now;
  if (body.date_start !== undefined && body.date_start !== null && body.date_start !== '') {
    const sent = parseDateTime(body.date_start);
    if (!sent || Math.abs(Date.parse(sent) - now) > CLOCK_SKEW_MS)
      return invalid({ date_start: [text(args, 'start')] });
    start = Date.parse(sent);
  }
  bindings.set(request, {
    signIn,
    fields: {
      user: `${user.name || user.username}(${user.username})`.slice(0, 128),
      user_id: userId,
      asset: target.name.slice(0, 128),
      asset_id: targetId,
      system_user: systemUser.name.slice(0, 128),
      system_user_id: systemUserId,
      org_id: target.org_id,
      remote_addr: signIn.remote_addr,
      date_start: isoAt(start),
    },
  });
  return null;
}

/** Puts the bound fields over whatever the body said, and spends a redeemed token on this session. */
export function applyBinding(args: HookArgs, data: Row): void {
  const binding = bindings.get(args.request);
  // The refuse hook ran for this request; without its binding nothing may be written (fail closed).
  if (!binding) throw new Error('a session is created only through refuseUnboundSession');
  Object.assign(data, binding.fields);
  spendSignIn(args.db, binding.signIn.id, String(data.id));
}

// Web terminal tickets (contract §2): the signed-in user asks for a token to open `system_user` on `asset`
// (granted to them with the connect action, checked now and again when the token is redeemed); the
// terminal (App account) redeems it once, within 5 minutes, for the ids it names. The table keeps the
// token's hash (token-hash.ts), never the token.
//
// A token opens an asset or, as our extension of 2.3's body (`application` in place of `asset`), a
// database app granted to the user with that system user (My apps → Connect: a recorded SQL session).
//
// A token is bound to the user it was issued to. It travels in a URL (`/koko/ws/terminal/?token=`), so
// holding it proves nothing: the server's socket proxy lets only that user's browser session present it
// (tokenOwner, before the upgrade), and the terminal redeems it naming the user the proxy vouched for
// (`?token=&user=<id>`, signed upgrade: shared/proxy-signature.ts). 2.3's bare `?token=` is refused: a
// terminal that does not name the user has not checked who presents the token, and the server could
// not tell such a redemption from a bound one.
import type { FastifyInstance } from 'fastify';
import { authorize, IsValidUser, sendForbidden, IsAppUser } from '../core/permissions.ts';
import type { DB } from '../core/db/open.ts';
import { UUID_PATTERN, randomToken } from '../core/lib/ids.ts';
import { tokenHash } from '../core/secrets/token-hash.ts';
import { ACTION_BITS } from '../perms/actions.ts';
import { grantedSystemUsers } from '../perms/grants.ts';
import { grantedAppSystemUsers } from '../perms/app-grants.ts';
import { DATABASE_APP } from '../perms/app-kinds.ts';
import { peerAddress } from '../core/auth/browser-origin.ts';
import { terminalOf } from './app-user.ts';
import { rememberSignIn } from './door-sign-ins.ts';
import {
  connectionTokenUser,
  insertConnectionToken,
  setConnectionTokenAddress,
  takeConnectionToken,
} from './connection-token-store.ts';
import { personSummary } from '../users/user-store.ts';
import { systemUserName as nameOfSystemUser } from '../assets/system-user-store.ts';
import { assetHostname } from '../assets/asset-store.ts';
import { databaseAppName } from '../applications/app-store.ts';

export const CONNECTION_TOKEN_TTL_MS = 5 * 60 * 1000;
/**
 * Our path and 2.3's (`authentication/connection-token/`, which 2.3's terminals call): one handler each,
 * the same rules on both. A terminal of 2.3 that redeems with a bare `?token=` is refused (400 {user})
 * there too: it must name the user the proxy vouched for.
 */
const URLS = ['/api/v1/users/connection-token/', '/api/v1/authentication/connection-token/'];

/** Whether `userId` may connect to `assetId` as `systemUserId` now (any org, as the "my" grants). */
export function mayConnect(db: DB, userId: string, assetId: string, systemUserId: string, nowMs: number): boolean {
  const granted = grantedSystemUsers(db, { subject: { user: userId }, orgId: null, now: nowMs }, assetId);
  return granted.some((su) => su.id === systemUserId && (su.actions & ACTION_BITS.connect) === ACTION_BITS.connect);
}

/** Whether `userId` may open database app `appId` as `systemUserId` now (any org; app grants have no actions). */
export function mayConnectApp(db: DB, userId: string, appId: string, systemUserId: string, nowMs: number): boolean {
  const granted = grantedAppSystemUsers(
    db,
    DATABASE_APP,
    { subject: { user: userId }, orgId: null, now: nowMs },
    appId,
  );
  return granted.some((su) => su.id === systemUserId);
}

export function registerConnectionTokenRoutes(app: FastifyInstance): void {
  for (const url of URLS) registerAt(app, url);
}

function registerAt(app: FastifyInstance, url: string): void {
  app.post(url, (request, reply) => {
    if (!authorize(request, reply, IsValidUser)) return reply;
    const { db, now } = app.bastion;
    const body = (
      request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}
    ) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    const id = (name: string, required: boolean): string => {
      const value = body[name];
      if (value === undefined || value === null || value === '') {
        if (required) errors[name] = ['This field is required.'];
        return '';
      }
      if (typeof value !== 'string' || !UUID_PATTERN.test(value)) {
        errors[name] = ['Must be a valid UUID.'];
        return '';
      }
      return value.toLowerCase();
    };
    const user = id('user', false);
    const application = id('application', false);
    const asset = id('asset', !application);
    const systemUser = id('system_user', true);
    if (asset && application)
      errors.application = [
        request.ctx.lang === 'zh' ? '资产和应用只能选一个' : 'Give an asset or an application, not both.',
      ];
    if (Object.keys(errors).length) return reply.code(400).send(errors);
    const caller = request.ctx.user!;
    // A ticket is for oneself only: nobody opens a session under another user's name.
    if (user && user !== caller.id) return sendForbidden(request, reply);
    if (
      application
        ? !mayConnectApp(db, caller.id, application, systemUser, now())
        : !mayConnect(db, caller.id, asset, systemUser, now())
    ) {
      const zh = request.ctx.lang === 'zh';
      const detail = application
        ? zh
          ? '没有该数据库应用或系统用户的连接权限'
          : 'You may not connect to this database app with this system user'
        : zh
          ? '没有该资产或系统用户的连接权限'
          : 'You may not connect to this asset with this system user';
      return reply.code(403).send({ detail });
    }
    const token = randomToken(24);
    insertConnectionToken(
      db,
      {
        token_hash: tokenHash(token),
        user_id: caller.id,
        asset_id: asset,
        application_id: application,
        system_user_id: systemUser,
        expires_at: now() + CONNECTION_TOKEN_TTL_MS,
        // The address it was asked from, until the socket proxy vouches for the browser that presents it.
        remote_addr: peerAddress(request),
      },
      now(),
    );
    return reply.code(201).send({ token });
  });

  app.get(url, (request, reply) => {
    if (!authorize(request, reply, IsAppUser)) return reply;
    const { db, now } = app.bastion;
    const query = request.query as Record<string, unknown>;
    const { token, user: presentedBy } = query;
    if (typeof presentedBy !== 'string' || !presentedBy)
      return reply.code(400).send({ user: ['This field is required.'] });
    const missing = () => reply.code(404).send({ detail: 'Token is invalid or expired' });
    if (typeof token !== 'string' || !token || token.length > 200) return missing();
    // Spent once read, and only by the user it was issued to (connection-token-store.ts).
    const row = takeConnectionToken(db, tokenHash(token), presentedBy.toLowerCase());
    if (!row || row.expires_at <= now()) return missing();
    const user = personSummary(db, row.user_id);
    if (!user || !user.is_active || Date.parse(user.date_expired) <= now()) return missing();
    const systemUserName = nameOfSystemUser(db, row.system_user_id);
    // What this terminal's door let in: the one session it may now open for the user (door-sign-ins.ts).
    const remember = () =>
      rememberSignIn(db, {
        terminalId: terminalOf(db, request.ctx.user!)?.id ?? null,
        userId: row.user_id,
        kind: 'token',
        remoteAddr: row.remote_addr,
        assetId: row.asset_id,
        applicationId: row.application_id,
        systemUserId: row.system_user_id,
        nowMs: now(),
        expiresAt: now() + CONNECTION_TOKEN_TTL_MS,
      });
    const common = {
      username: user.username,
      name: user.name || user.username,
      system_user_name: systemUserName ?? '',
    };
    if (row.application_id) {
      // Granted still, as for an asset: a permission ended in the last minutes ends the token with it.
      if (!mayConnectApp(db, row.user_id, row.application_id, row.system_user_id, now())) return missing();
      const appName = databaseAppName(db, row.application_id);
      remember();
      return {
        user: row.user_id,
        asset: null,
        application: row.application_id,
        type: 'database_app',
        system_user: row.system_user_id,
        application_name: appName ?? '',
        ...common,
      };
    }
    if (!mayConnect(db, row.user_id, row.asset_id, row.system_user_id, now())) return missing();
    const hostname = assetHostname(db, row.asset_id);
    remember();
    // `name` (the display name) beside 2.3's fields: the terminal labels the session `Name(username)` as
    // the SSH door does, without needing to read users/users/<id>/.
    return {
      user: row.user_id,
      asset: row.asset_id,
      system_user: row.system_user_id,
      username: user.username,
      name: user.name || user.username,
      hostname: hostname ?? '',
      system_user_name: systemUserName ?? '',
    };
  });
}

/** The browser the socket proxy vouches for presents the token from here: its session is recorded from this address. */
export function vouchTokenAddress(db: DB, token: string, remoteAddr: string): void {
  if (!token || token.length > 200) return;
  setConnectionTokenAddress(db, tokenHash(token), remoteAddr);
}

/** The id of the user a connection token was issued to (used, expired or not), or null for an unknown token. */
export function tokenOwner(db: DB, token: string): string | null {
  if (!token || token.length > 200) return null;
  return connectionTokenUser(db, tokenHash(token)) ?? null;
}

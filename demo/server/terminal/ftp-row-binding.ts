// An FTP log row names what a terminal's file door did for a user: only a terminal writes one (2.3 let
// org admins and auditors post rows naming anyone), and only for a user its door let in — a sign-in of
// its own, or the server's file-manager proxy vouching for the user (door-sign-ins.ts). The row's user is
// then written as the server knows them; with the asset's and system user's ids (this terminal sends
// them; 2.3's only names) their names and the org are the server's too.
import type { FastifyRequest } from 'fastify';
import type { HookArgs, Refusal, Row } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { UUID_PATTERN } from '../core/lib/ids.ts';
import type { UserRow } from '../core/context.ts';
import { terminalOf } from './app-user.ts';
import { mayRecordFilesFor } from './door-sign-in-store.ts';
import { personById, personByUsername } from '../users/user-store.ts';
import { assetHostnameAndOrg } from '../assets/asset-store.ts';
import { systemUserNameInOrg } from '../assets/system-user-store.ts';

const bound = new WeakMap<FastifyRequest, Row>();

const TEXT = {
  notSignedIn: {
    en: 'This terminal did not sign this user in (nor did the server vouch for them): it cannot record their file operations.',
    zh: '该终端没有为此用户登录，不能记录其文件操作',
  },
  noTerminal: { en: 'This service account has no terminal.', zh: '该服务账号没有终端' },
};

const bodyOf = (args: HookArgs): Row => {
  const body = args.request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Row) : {};
};

/** `user_id`, else the username of 2.3's `Name(username)` label. */
function userOf(args: HookArgs, body: Row): UserRow | undefined {
  const byId = typeof body.user_id === 'string' && UUID_PATTERN.test(body.user_id) ? body.user_id.toLowerCase() : null;
  const label = typeof body.user === 'string' ? /\(([^()]+)\)$/.exec(body.user.trim())?.[1] : undefined;
  if (byId) return personById(args.db, byId);
  return label ? personByUsername(args.db, label) : undefined;
}

/** Why this row may not be written (403), else null with the server's names kept for `applyFtpBinding`. */
export function refuseUnboundFtpRow(args: HookArgs): Refusal | null {
  const { db, ctx, now } = args;
  const terminal = terminalOf(db, ctx.user);
  if (!terminal) return { status: 403, body: { detail: TEXT.noTerminal[ctx.lang] } };
  const body = bodyOf(args);
  const user = userOf(args, body);
  if (!user || !mayRecordFilesFor(db, terminal.id, user.id, now))
    return { status: 403, body: { detail: TEXT.notSignedIn[ctx.lang] } };
  const names: Row = { user: `${user.name || user.username}(${user.username})`.slice(0, 128) };
  const unknown = (name: string, value: unknown) => ({
    status: 400,
    body: { [name]: [t(ctx.lang, 'field.invalid_pk', { value: String(value).slice(0, 64) })] },
  });
  if (body.asset_id !== undefined) {
    const asset =
      typeof body.asset_id === 'string' && UUID_PATTERN.test(body.asset_id)
        ? assetHostnameAndOrg(db, body.asset_id.toLowerCase())
        : undefined;
    if (!asset) return unknown('asset_id', body.asset_id);
    Object.assign(names, { asset: asset.hostname, org_id: asset.org_id });
    if (body.system_user_id !== undefined) {
      const su =
        typeof body.system_user_id === 'string' && UUID_PATTERN.test(body.system_user_id)
          ? systemUserNameInOrg(db, body.system_user_id.toLowerCase(), asset.org_id)
          : undefined;
      if (su === undefined) return unknown('system_user_id', body.system_user_id);
      names.system_user = su;
    }
  }
  bound.set(args.request, names);
  return null;
}

/** The server's names over the body's (the refuse hook ran for this request, or nothing is written). */
export function applyFtpBinding(args: HookArgs, data: Row): void {
  const names = bound.get(args.request);
  if (!names) throw new Error('an FTP row is written only through refuseUnboundFtpRow');
  Object.assign(data, names);
}

// The rules of /api/v1/assets/asset-users/ and asset-user-auth-infos/ (§2.3, 2.3.1's AssetUserViewSet):
// rows come from the `asset_users` view (migration 11); these are its non-column filters, latest=1, the
// MFA re-check of auth-infos and what deleting a row unlinks.
import { mfaRecentlyVerified } from '../core/auth/mfa-verified.ts';
import type { Clause, HookArgs, Refusal, Row } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { UUID_PATTERN } from '../core/lib/ids.ts';
import { deleteAuthBookVersion, isLatestVersion } from './auth-book-store.ts';
import { linkedUserCount, unlinkSystemUser } from './system-user-link-store.ts';
import { nodeById, nodeByKey } from './node-store.ts';

const NOTHING: Clause = { sql: '0', params: [] };
const V = 'asset_users';

/**
 * The AuthBook versions (backend 'db') that belong to one admin or system user's rows: its username on the
 * assets it is linked to (2.3 matched the username alone, on any asset, so an admin user's list could show
 * another asset's `root`). A dynamic system user's usernames are its users'.
 */
function versionsOf(prefer: string, id: string): Clause {
  if (prefer === 'admin_user') {
    return {
      sql: `EXISTS (SELECT 1 FROM assets x JOIN admin_users au ON au.id = x.admin_user
        WHERE x.id = ${V}.asset AND au.id = ? AND au.username = ${V}.username)`,
      params: [id],
    };
  }
  return {
    sql: `EXISTS (SELECT 1 FROM system_user_assets sa JOIN system_users su ON su.id = sa.system_user_id
      WHERE sa.asset_id = ${V}.asset AND su.id = ? AND (
        (su.username_same_with_user = 0 AND su.username = ${V}.username)
        OR (su.username_same_with_user = 1 AND ${V}.username IN
          (SELECT u.username FROM system_user_users suu JOIN users u ON u.id = suu.user_id WHERE suu.system_user_id = su.id))))`,
    params: [id],
  };
}

const preferOf = (args: HookArgs): string => {
  const raw = (args.request.query as Record<string, unknown>).prefer;
  return String(Array.isArray(raw) ? raw[raw.length - 1] : (raw ?? ''));
};

/** 2.3's `prefer`: the backend asked for, and the AuthBook versions (db), which may stand for either. */
function preferFilter(_args: HookArgs, value: string): Clause | null {
  if (value === 'admin_user') return { sql: `${V}.backend IN ('admin_user', 'db')`, params: [] };
  if (value === 'system_user')
    return { sql: `${V}.backend IN ('system_user', 'system_user_dynamic', 'db')`, params: [] };
  if (value === 'db') return { sql: `${V}.backend = 'db'`, params: [] };
  return NOTHING;
}

/** `prefer_id`: that admin or system user's rows; with `prefer`, also the versions of its accounts (2.3 needs both for those). */
function preferIdFilter(args: HookArgs, value: string): Clause | null {
  const prefer = preferOf(args);
  if (prefer !== 'admin_user' && prefer !== 'system_user') return { sql: `${V}.prefer_id = ?`, params: [value] };
  const versions = versionsOf(prefer, value);
  return {
    sql: `(${V}.prefer_id = ? OR (${V}.backend = 'db' AND ${versions.sql}))`,
    params: [value, ...versions.params],
  };
}

/** 2.3 filters `asset__nodes__id=node.id`: the assets on that node itself. An unknown node selects nothing. */
function nodeFilter(_args: HookArgs, value: string): Clause | null {
  const node = UUID_PATTERN.test(value) ? nodeById(_args.db, value) : nodeByKey(_args.db, value);
  return node
    ? { sql: `${V}.asset IN (SELECT asset_id FROM asset_nodes WHERE node_id = ?)`, params: [node.id] }
    : NOTHING;
}

/**
 * latest=1 keeps one row per (asset, username): the best scored (admin user 200, a system user its
 * priority), ties broken by id, as 2.3's `distinct()` keeps the first of its sorted group.
 */
function latestFilter(_args: HookArgs, value: string): Clause | null {
  if (value !== '1') return null;
  return {
    sql: `NOT EXISTS (SELECT 1 FROM asset_users better WHERE better.asset = ${V}.asset AND better.username = ${V}.username
      AND (better.score > ${V}.score OR (better.score = ${V}.score AND better.id > ${V}.id)))`,
    params: [],
  };
}

export const ASSET_USER_FILTERS: Record<string, (args: HookArgs, value: string) => Clause | null> = {
  asset_id: (_args, value) => ({ sql: `${V}.asset = ?`, params: [value] }),
  node_id: nodeFilter,
  prefer: preferFilter,
  prefer_id: preferIdFilter,
  // Not in 2.3.1 (it has prefer=system_user&prefer_id=): the rows of one system user, with its accounts' versions.
  system_user_id: (_args, value) => {
    const versions = versionsOf('system_user', value);
    return {
      sql: `((${V}.backend IN ('system_user', 'system_user_dynamic') AND ${V}.prefer_id = ?) OR (${V}.backend = 'db' AND ${versions.sql}))`,
      params: [value, ...versions.params],
    };
  },
  latest: latestFilter,
};

/**
 * 2.3: an asset's admin user is not removed from here, nor the newest version of an AuthBook account
 * (older versions are): 400 {"error"} (its exception handler).
 */
export function refuseAdminUserDelete(args: HookArgs, row: Row): Refusal | null {
  if (row.backend === 'admin_user')
    return { status: 400, body: { error: t(args.ctx.lang, 'asset_user.admin_user_undeletable') } };
  if (row.backend === 'db' && isLatestVersion(args.db, String(row.id).split('_')[0])) {
    return { status: 400, body: { error: t(args.ctx.lang, 'asset_user.latest_version_undeletable') } };
  }
  return null;
}

/** Deleting a version removes it; a system user's row unlinks the asset; a dynamic row unlinks the user (and the asset with its last user). */
export function removeAssetUser({ db }: HookArgs, row: Row): void {
  const [systemUser, asset, user] = String(row.id).split('_');
  if (row.backend === 'db') {
    deleteAuthBookVersion(db, systemUser);
  } else if (row.backend === 'system_user') {
    unlinkSystemUser(db, 'system_user_assets', systemUser, asset);
  } else if (row.backend === 'system_user_dynamic') {
    unlinkSystemUser(db, 'system_user_users', systemUser, user);
    if (!linkedUserCount(db, systemUser)) unlinkSystemUser(db, 'system_user_assets', systemUser, asset);
  }
}

/**
 * auth-infos reveal secrets: with SECURITY_VIEW_AUTH_NEED_MFA on, only a login that passed
 * otp/verify/ less than SECURITY_MFA_VERIFY_TTL seconds ago (2.3's NeedMFAVerify: 403).
 */
export function refuseWithoutMfa(args: HookArgs): Refusal | null {
  const settings = args.request.server.bastion.settings;
  if (!settings.get<boolean>('SECURITY_VIEW_AUTH_NEED_MFA')) return null;
  const ttl = Number(settings.get<number>('SECURITY_MFA_VERIFY_TTL')) || 0;
  if (mfaRecentlyVerified(args.db, args.request, args.now, ttl)) return null;
  return { status: 403, body: { detail: t(args.ctx.lang, 'auth.forbidden') } };
}

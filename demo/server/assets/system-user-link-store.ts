// The rules behind system-users-{assets,nodes,users}-relations (§2.3): what may be linked to a system
// user, how a link is written, and the fixtures the contract suite links.
import type { Org } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import type { HookArgs, Row } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { DEFAULT_ORG, orgSees } from '../core/orgs/current-org.ts';
import { isOrgMember } from '../core/orgs/org-members.ts';
import { L, message } from '../engine/field-kit.ts';
import { nodeById, subtreeClause } from './node-store.ts';
import { insertFixtureSystemUser } from './system-user-store.ts';

export type LinkKind = 'asset' | 'node' | 'user';

/** The through table of each kind and its column for the linked object. */
export const LINK_TABLES: Record<LinkKind, { table: string; column: string }> = {
  asset: { table: 'system_user_assets', column: 'asset_id' },
  node: { table: 'system_user_nodes', column: 'node_id' },
  user: { table: 'system_user_users', column: 'user_id' },
};

/** The system user's org when the caller's org can see it (ROOT sees every org). */
function systemUserOrg(args: HookArgs, id: string): string | null {
  const row = args.db.prepare('SELECT org_id FROM system_users WHERE id = ?').get(id) as { org_id: string } | undefined;
  if (!row) return null;
  return orgSees(args.ctx.org, row.org_id) ? row.org_id : null;
}

const orgOf = (orgId: string): Org => (orgId ? { id: orgId, name: '', kind: 'real' } : DEFAULT_ORG);

/** Assets and nodes must live in the system user's org; users must be members of it. */
function belongsTo(db: DB, kind: LinkKind, id: string, orgId: string): boolean {
  if (kind === 'user') return isOrgMember(db, orgOf(orgId), id);
  const table = kind === 'asset' ? 'assets' : 'nodes';
  return !!db.prepare(`SELECT 1 FROM ${table} WHERE id = ? AND org_id = ?`).get(id, orgId);
}

/** Field errors of one link body: unknown or foreign ids are invalid pks; an existing link is not unique. */
export function validateLink(kind: LinkKind) {
  return (args: HookArgs, data: Row): Record<string, string[]> | null => {
    const invalid = (value: unknown) => [t(args.ctx.lang, 'field.invalid_pk', { value: String(value) })];
    const errors: Record<string, string[]> = {};
    const orgId = data.systemuser === undefined ? null : systemUserOrg(args, String(data.systemuser));
    if (data.systemuser !== undefined && orgId === null) errors.systemuser = invalid(data.systemuser);
    if (data[kind] !== undefined && orgId !== null && !belongsTo(args.db, kind, String(data[kind]), orgId))
      errors[kind] = invalid(data[kind]);
    if (Object.keys(errors).length) return errors;
    if (
      orgId !== null &&
      data[kind] !== undefined &&
      linkExists(args.db, kind, String(data.systemuser), String(data[kind]))
    ) {
      // DRF's UniqueTogetherValidator on the through model.
      const text = L(
        '字段 systemuser, {kind} 必须能构成唯一集合。',
        'The fields systemuser, {kind} must make a unique set.',
      );
      return { non_field_errors: [message(args, text, { kind })] };
    }
    return null;
  };
}

function linkExists(db: DB, kind: LinkKind, systemUser: string, other: string): boolean {
  const { table, column } = LINK_TABLES[kind];
  return !!db.prepare(`SELECT 1 FROM ${table} WHERE system_user_id = ? AND ${column} = ?`).get(systemUser, other);
}

/**
 * Writes one link and returns its integer id. Linking a node also links every asset of its subtree,
 * as JumpServer's m2m signal does; assets added to the subtree later are linked by the
 * `asset_nodes_link_system_users` trigger (migration 6). The push of an auto-push system user to
 * those assets starts after the commit (tasks/register.ts listens for the commit: ../tasks/auto-push.ts).
 */
export function insertLink(kind: LinkKind) {
  return ({ db }: HookArgs, data: Row): string => {
    const { table, column } = LINK_TABLES[kind];
    const id = db
      .prepare(`INSERT INTO ${table} (system_user_id, ${column}) VALUES (?, ?)`)
      .run(data.systemuser, data[kind]).lastInsertRowid;
    if (kind === 'node') linkSubtreeAssets(db, String(data.systemuser), String(data.node));
    return String(id);
  };
}

type LinkTable = 'system_user_assets' | 'system_user_nodes' | 'system_user_users';
const LINK_COLUMN: Record<LinkTable, string> = {
  system_user_assets: 'asset_id',
  system_user_nodes: 'node_id',
  system_user_users: 'user_id',
};

/**
 * One link of a system user (these three tables are written only in this file). With `ignoreTaken` a link
 * held already is kept as it is; without, it fails on the table's unique pair.
 */
export function linkSystemUser(db: DB, table: LinkTable, systemUser: string, target: string, ignoreTaken = true): void {
  const verb = ignoreTaken ? 'INSERT OR IGNORE' : 'INSERT';
  db.prepare(`${verb} INTO ${table} (system_user_id, ${LINK_COLUMN[table]}) VALUES (?, ?)`).run(systemUser, target);
}

export function unlinkSystemUser(db: DB, table: LinkTable, systemUser: string, target: string): void {
  db.prepare(`DELETE FROM ${table} WHERE system_user_id = ? AND ${LINK_COLUMN[table]} = ?`).run(systemUser, target);
}

/** Links every asset in the node's subtree to the system user (what a node link means in 2.3). */
export function linkSubtreeAssets(db: DB, systemUser: string, nodeId: string): void {
  const node = nodeById(db, nodeId);
  if (!node) return;
  const range = subtreeClause('n.key', node.key);
  db.prepare(
    `INSERT OR IGNORE INTO system_user_assets (system_user_id, asset_id)
    SELECT ?, an.asset_id FROM asset_nodes an JOIN nodes n ON n.id = an.node_id WHERE ${range.sql}`,
  ).run(systemUser, ...range.params);
}

/**
 * The demo's links beyond assets: `systemUser` on `nodeId` (its assets are linked too) and on the
 * org's admins, so the nodes and users relations are not empty in a fresh org.
 */
export function seedSystemUserLinks(db: DB, orgId: string, systemUser: string, nodeId: string): void {
  linkSystemUser(db, 'system_user_nodes', systemUser, nodeId, false);
  linkSubtreeAssets(db, systemUser, nodeId);
  const admins = orgId
    ? db.prepare("SELECT DISTINCT user_id FROM org_members WHERE org_id = ? AND role = 'Admin'").pluck().all(orgId)
    : db.prepare("SELECT id FROM users WHERE role = 'Admin'").pluck().all();
  for (const user of admins as string[]) linkSystemUser(db, 'system_user_users', systemUser, user, false);
}

/** How many assets the system user is linked to, directly or through a node (its `assets_amount`). */
export function linkedAssetCount(db: DB, systemUser: string): number {
  return db
    .prepare('SELECT COUNT(*) FROM system_user_assets WHERE system_user_id = ?')
    .pluck()
    .get(systemUser) as number;
}

/** How many users a dynamic system user still has (its asset links go with the last one). */
export function linkedUserCount(db: DB, systemUser: string): number {
  return db
    .prepare('SELECT COUNT(*) FROM system_user_users WHERE system_user_id = ?')
    .pluck()
    .get(systemUser) as number;
}

/**
 * The first two non-App users by username: the DEFAULT org's members a user-relation sample links. Read here
 * because ../users/ imports this folder.
 */
export function firstTwoUsers(db: DB): string[] {
  return db.prepare("SELECT id FROM users WHERE role != 'App' ORDER BY username LIMIT 2").pluck().all() as string[];
}

/** A fresh manual-login system user of the org, for samples ('DEFAULT' is stored as ''). */
export function fixtureSystemUser(db: DB, orgId: string, name: string): string {
  return insertFixtureSystemUser(db, name, orgId === 'DEFAULT' ? '' : orgId);
}

// Reads of the links by tasks (tasks/): what a system user's test or push reaches.

/** The assets linked to the system user directly (not through its nodes). */
export function linkedAssetIds(db: DB, systemUserId: string): string[] {
  return db
    .prepare('SELECT asset_id FROM system_user_assets WHERE system_user_id = ?')
    .pluck()
    .all(systemUserId) as string[];
}

/** The usernames of the users linked to a system user, in order (a dynamic system user's accounts). */
export function linkedUsernames(db: DB, systemUserId: string): string[] {
  return db
    .prepare(
      `SELECT u.username FROM system_user_users su JOIN users u ON u.id = su.user_id
    WHERE su.system_user_id = ? ORDER BY u.username`,
    )
    .pluck()
    .all(systemUserId) as string[];
}

/** Links by their ids (`system_user_assets` for kind asset, `system_user_nodes` for kind node): who and what. */
export function linksByIds(
  db: DB,
  kind: 'asset' | 'node',
  linkIds: readonly string[],
): { system_user_id: string; target: string }[] {
  const sql =
    kind === 'asset'
      ? 'SELECT system_user_id, asset_id AS target FROM system_user_assets WHERE id IN (SELECT value FROM json_each(?))'
      : 'SELECT system_user_id, node_id AS target FROM system_user_nodes WHERE id IN (SELECT value FROM json_each(?))';
  return db.prepare(sql).all(JSON.stringify(linkIds)) as { system_user_id: string; target: string }[];
}

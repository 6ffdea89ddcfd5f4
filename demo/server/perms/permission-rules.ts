// Rules of an asset permission's links: what may be linked (objects the org can see, members of the
// org; at least one system user), and the side effect 2.3's signals have: the permission's assets and
// nodes become the system users' assets and nodes (what a push would reach), and for system users whose
// username follows the user, the permission's users and group members become theirs.
import { fixtureAsset, fixtureNode } from '../assets/samples.ts';
import { fixtureSystemUser, linkSubtreeAssets, linkSystemUser } from '../assets/system-user-link-store.ts';
import { L, mergeErrors, message, unknownIds } from '../engine/field-kit.ts';
import type { DB } from '../core/db/open.ts';
import type { HookArgs, Row, SampleArgs, Samples } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { isOrgMember } from '../core/orgs/org-members.ts';
import { permissionAssetIds, permissionNodeIds, permissionSystemUsers, permissionUserIds } from './permission-store.ts';

/** Each relation field, its through table (asset_permission_<table>) and the column naming the other side. */
export const PERMISSION_LINKS = [
  { field: 'users', table: 'users', column: 'user_id' },
  { field: 'user_groups', table: 'user_groups', column: 'usergroup_id' },
  { field: 'assets', table: 'assets', column: 'asset_id' },
  { field: 'nodes', table: 'nodes', column: 'node_id' },
  { field: 'system_users', table: 'system_users', column: 'systemuser_id' },
] as const;

const EMPTY_LIST = L('列表字段不能为空。', 'This list may not be empty.');

export function validatePermission(args: HookArgs, data: Row): Record<string, string[]> | null {
  const users = Array.isArray(data.users) ? data.users.map(String) : [];
  const outsiders = users.filter((id) => !isOrgMember(args.db, args.ctx.org, id));
  return mergeErrors(
    Array.isArray(data.system_users) && data.system_users.length === 0
      ? { system_users: [message(args, EMPTY_LIST)] }
      : null,
    outsiders.length ? { users: outsiders.map((value) => t(args.ctx.lang, 'field.invalid_pk', { value })) } : null,
    unknownIds(args, 'user_groups', 'user_groups', data.user_groups),
    unknownIds(args, 'assets', 'assets', data.assets),
    unknownIds(args, 'nodes', 'nodes', data.nodes),
    unknownIds(args, 'system_users', 'system_users', data.system_users),
  );
}

export function linkGrantedToSystemUsers(db: DB, permissionId: string): void {
  const systemUsers = permissionSystemUsers(db, permissionId);
  const assets = permissionAssetIds(db, permissionId);
  const nodes = permissionNodeIds(db, permissionId);
  const users = permissionUserIds(db, permissionId);
  for (const systemUser of systemUsers) {
    for (const asset of assets) linkSystemUser(db, 'system_user_assets', systemUser.id, asset);
    for (const node of nodes) {
      linkSystemUser(db, 'system_user_nodes', systemUser.id, node);
      linkSubtreeAssets(db, systemUser.id, node);
    }
    if (systemUser.username_same_with_user)
      for (const user of users) linkSystemUser(db, 'system_user_users', systemUser.id, user);
  }
}

export function permissionSample({ db, orgId, seq }: SampleArgs): Samples {
  const systemUser = fixtureSystemUser(db, orgId, `Permission fixture ${seq}`);
  const asset = fixtureAsset(db, orgId, `perm-host-${seq}`);
  const node = fixtureNode(db, orgId, `Permission node ${seq}`);
  return {
    create: [0, 1].map((i) => ({
      name: `Sample permission ${seq}-${i}`,
      system_users: [systemUser],
      assets: i ? [] : [asset],
      nodes: i ? [node] : [],
      // Names as 2.3 reads them back: a name stands with every name its bits imply.
      actions: i ? ['connect', 'upload_file', 'download_file', 'updownload'] : ['connect'],
      comment: `sample ${seq}`,
      is_active: i === 0,
    })),
    update: { comment: `updated ${seq}`, actions: ['connect'], is_active: false },
  };
}

// /api/v1/perms/asset-permissions-{users,user-groups,assets,nodes,system-users}-relations/ (§2.5): one
// row per link of an asset permission, served from the views of migration 9 (the permission's name and
// org, the other side's display). Links are added and removed, never edited; an added link has the
// side effects a permission write has (perms/permission-rules.ts linkGrantedToSystemUsers).
import { fixtureAsset, fixtureNode } from '../../assets/samples.ts';
import { fixtureSystemUser } from '../../assets/system-user-link-store.ts';
import { fullValue } from '../../assets/node-tree.ts';
import { L, message } from '../../engine/field-kit.ts';
import { everyAction, IsOrgAdmin } from '../../core/permissions.ts';
import type { Org } from '../../core/context.ts';
import type { DB } from '../../core/db/open.ts';
import type { HookArgs, ResourceDef, Row, SampleArgs } from '../../engine/types.ts';
import { t, type Localized } from '../../core/lib/i18n.ts';
import { uuid } from '../../core/lib/ids.ts';
import { defaultExpiry, isoAt } from '../../core/lib/time.ts';
import { DEFAULT_ORG, orgSees } from '../../core/orgs/current-org.ts';
import { firstTwoMembersByName } from '../../core/orgs/membership-store.ts';
import { isOrgMember } from '../../core/orgs/org-members.ts';
import { linkGrantedToSystemUsers } from '../permission-rules.ts';
import { insertGroup } from '../../users/group-store.ts';
import { firstTwoPeopleByName } from '../../users/user-store.ts';
import { targetInOrg, type LinkTarget } from '../link-target-store.ts';
import { nodeKeyOf } from '../node-key-store.ts';
import {
  insertPermission,
  isLinked,
  linkPermission,
  permissionOrgId,
  type PermissionLink,
} from '../permission-store.ts';

interface RelationSpec {
  /** URL / view part ('user-groups' → asset_permissions_user_groups_relations). */
  plural: string;
  table: PermissionLink;
  /** The API key of the other side and its through-table column. */
  key: string;
  column: string;
  /** Table the other side lives in (org-scoped), or 'users' (members of the org). */
  target: 'users' | LinkTarget;
  name: string;
  model: Localized;
  label: Localized;
  displayLabel: Localized;
  relation: string;
  targets: (args: SampleArgs) => string[];
}

const orgOf = (orgId: string): Org => (orgId ? { id: orgId, name: '', kind: 'real' } : DEFAULT_ORG);

function belongs(db: DB, spec: RelationSpec, id: string, orgId: string): boolean {
  if (spec.target === 'users') return isOrgMember(db, orgOf(orgId), id);
  return targetInOrg(db, spec.target, id, orgId);
}

/** The permission's org when the caller's org sees it; null for an unknown or foreign permission. */
function permissionOrg(args: HookArgs, id: string): string | null {
  const orgId = permissionOrgId(args.db, id);
  return orgId !== undefined && orgSees(args.ctx.org, orgId) ? orgId : null;
}

function relationResource(spec: RelationSpec): ResourceDef {
  const { key } = spec;
  const display = `${key}_display`;
  return {
    name: `Asset Permission ${spec.name} Relation List`,
    model: spec.model,
    url: `/api/v1/perms/asset-permissions-${spec.plural}-relations/`,
    table: `asset_permissions_${spec.table}_relations`,
    fields: {
      id: { type: 'integer', label: L('ID', 'ID'), read_only: true },
      assetpermission: {
        type: 'string',
        label: L('资产授权', 'Asset permission'),
        required: true,
        relation: '/api/v1/perms/asset-permissions/',
      },
      assetpermission_display: {
        type: 'string',
        label: L('资产授权名称', 'Asset permission display'),
        read_only: true,
      },
      [key]: { type: 'string', label: spec.label, required: true, relation: spec.relation },
      [display]: { type: 'string', label: spec.displayLabel, read_only: true },
    },
    searchFields: ['assetpermission_display', display],
    filterFields: ['id', key, 'assetpermission'],
    orderingFields: ['assetpermission_display', display],
    defaultOrder: ['assetpermission_display', display],
    orgScoped: true,
    bulk: true,
    bulkDelete: 'narrowing',
    actions: ['list', 'retrieve', 'create', 'delete'],
    permissions: everyAction(IsOrgAdmin),
    hooks: {
      validate: (args, data) => {
        const invalid = (value: unknown) => [t(args.ctx.lang, 'field.invalid_pk', { value: String(value) })];
        const errors: Record<string, string[]> = {};
        const orgId = data.assetpermission === undefined ? null : permissionOrg(args, String(data.assetpermission));
        if (data.assetpermission !== undefined && orgId === null)
          errors.assetpermission = invalid(data.assetpermission);
        // An org admin grants only inside the permission's org: objects of other orgs are unknown here.
        if (data[key] !== undefined && orgId !== null && !belongs(args.db, spec, String(data[key]), orgId))
          errors[key] = invalid(data[key]);
        if (Object.keys(errors).length) return errors;
        const exists = orgId !== null && isLinked(args.db, spec.table, String(data.assetpermission), String(data[key]));
        if (exists)
          return {
            non_field_errors: [
              message(
                args,
                L(
                  '字段 assetpermission, {key} 必须能构成唯一集合。',
                  'The fields assetpermission, {key} must make a unique set.',
                ),
                { key },
              ),
            ],
          };
        return null;
      },
      insert: ({ db }, data: Row) => {
        const id = linkPermission(db, spec.table, String(data.assetpermission), String(data[key]));
        linkGrantedToSystemUsers(db, String(data.assetpermission));
        return String(id);
      },
      // 2.3 shows a node by its full path (the view's column is the node's own name, which search uses).
      ...(key === 'node'
        ? {
            serialize: ({ db }: HookArgs, row: Row, out: Row) => {
              out.node_display = nodePath(db, String(row.node));
            },
          }
        : {}),
    },
    sample: (args) => {
      const permission = fixturePermission(args.db, args.orgId, `Relation fixture ${spec.plural} ${args.seq}`);
      return {
        create: spec.targets(args).map((target) => ({ assetpermission: permission, [key]: target })),
        update: {},
      };
    },
  };
}

function nodePath(db: DB, nodeId: string): string {
  const key = nodeKeyOf(db, nodeId);
  return key ? fullValue(db, key) : '';
}

const stored = (orgId: string) => (orgId === 'DEFAULT' ? '' : orgId);

/** A bare permission of the org (no links yet), for samples. */
function fixturePermission(db: DB, orgId: string, name: string): string {
  const id = uuid();
  const now = isoAt(Date.now());
  insertPermission(db, {
    id,
    name,
    date_start: now,
    date_expired: defaultExpiry(Date.now()),
    org_id: stored(orgId),
    date_created: now,
    date_updated: now,
  });
  return id;
}

const two = (make: (i: number) => string) => [0, 1].map(make);

function fixtureGroup(db: DB, orgId: string, name: string): string {
  return insertGroup(db, { name, orgId: stored(orgId), dateCreated: isoAt(Date.now()) });
}

export const assetPermissionUsersRelationsResource = relationResource({
  plural: 'users',
  table: 'users',
  key: 'user',
  column: 'user_id',
  target: 'users',
  name: 'User',
  model: L('资产授权用户关系', 'Asset permission user relation'),
  label: L('用户', 'User'),
  displayLabel: L('用户名称', 'User display'),
  relation: '/api/v1/users/users/',
  targets: ({ db, orgId }) => (orgId === 'DEFAULT' ? firstTwoPeopleByName(db) : firstTwoMembersByName(db, orgId)),
});

export const assetPermissionUserGroupsRelationsResource = relationResource({
  plural: 'user-groups',
  table: 'user_groups',
  key: 'usergroup',
  column: 'usergroup_id',
  target: 'user_groups',
  name: 'User Group',
  model: L('资产授权用户组关系', 'Asset permission user group relation'),
  label: L('用户组', 'User group'),
  displayLabel: L('用户组名称', 'User group display'),
  relation: '/api/v1/users/groups/',
  targets: ({ db, orgId, seq }) => two((i) => fixtureGroup(db, orgId, `Relation group ${seq}-${i}`)),
});

export const assetPermissionAssetsRelationsResource = relationResource({
  plural: 'assets',
  table: 'assets',
  key: 'asset',
  column: 'asset_id',
  target: 'assets',
  name: 'Asset',
  model: L('资产授权资产关系', 'Asset permission asset relation'),
  label: L('资产', 'Asset'),
  displayLabel: L('资产名称', 'Asset display'),
  relation: '/api/v1/assets/assets/',
  targets: ({ db, orgId, seq }) => two((i) => fixtureAsset(db, orgId, `perm-relation-host-${seq}-${i}`)),
});

export const assetPermissionNodesRelationsResource = relationResource({
  plural: 'nodes',
  table: 'nodes',
  key: 'node',
  column: 'node_id',
  target: 'nodes',
  name: 'Node',
  model: L('资产授权节点关系', 'Asset permission node relation'),
  label: L('节点', 'Node'),
  displayLabel: L('节点名称', 'Node display'),
  relation: '/api/v1/assets/nodes/',
  targets: ({ db, orgId, seq }) => two((i) => fixtureNode(db, orgId, `Permission relation node ${seq}-${i}`)),
});

export const assetPermissionSystemUsersRelationsResource = relationResource({
  plural: 'system-users',
  table: 'system_users',
  key: 'systemuser',
  column: 'systemuser_id',
  target: 'system_users',
  name: 'System User',
  model: L('资产授权系统用户关系', 'Asset permission system user relation'),
  label: L('系统用户', 'System user'),
  displayLabel: L('系统用户名称', 'System user display'),
  relation: '/api/v1/assets/system-users/',
  targets: ({ db, orgId, seq }) => two((i) => fixtureSystemUser(db, orgId, `Relation system user ${seq}-${i}`)),
});

export const ASSET_PERMISSION_RELATIONS: readonly ResourceDef[] = [
  assetPermissionUsersRelationsResource,
  assetPermissionUserGroupsRelationsResource,
  assetPermissionAssetsRelationsResource,
  assetPermissionNodesRelationsResource,
  assetPermissionSystemUsersRelationsResource,
];

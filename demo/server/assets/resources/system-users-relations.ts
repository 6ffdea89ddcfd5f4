// /api/v1/assets/system-users-{assets,nodes,users}-relations/ (§2.3): the links of a system user, served
// from views over the through tables that add display names and the system user's org (org scoping
// goes through the system user). Links are added and removed, never edited.
import {
  firstTwoUsers,
  fixtureSystemUser,
  insertLink,
  validateLink,
  type LinkKind,
} from '../system-user-link-store.ts';
import { firstTwoMembers } from '../../core/orgs/membership-store.ts';
import { fixtureAsset, fixtureNode } from '../samples.ts';
import { fullValue } from '../node-tree.ts';
import { nodeKeyById } from '../node-store.ts';
import { L } from '../../engine/field-kit.ts';
import { everyAction, IsOrgAdmin } from '../../core/permissions.ts';
import type { DB } from '../../core/db/open.ts';
import type { FieldDef, ResourceDef, SampleArgs } from '../../engine/types.ts';
import type { Localized } from '../../core/lib/i18n.ts';

interface LinkSpec {
  kind: LinkKind;
  plural: string;
  model: Localized;
  label: Localized;
  displayLabel: Localized;
  relation: string;
  /** Two objects of the org the fresh fixture system user may link. */
  targets: (args: SampleArgs) => string[];
}

function relationResource(spec: LinkSpec): ResourceDef {
  const { kind } = spec;
  const display = `${kind}_display`;
  // The node's full path is computed, not a view column; the other displays are searchable columns.
  const displayField: FieldDef = {
    type: 'string',
    label: spec.displayLabel,
    read_only: true,
    ...(kind === 'node' ? { column: false } : {}),
  };
  return {
    name: `System User ${kind[0].toUpperCase()}${kind.slice(1)} Relation List`,
    model: spec.model,
    url: `/api/v1/assets/system-users-${spec.plural}-relations/`,
    table: `system_users_${spec.plural}_relations`,
    fields: {
      id: { type: 'integer', label: L('ID', 'ID'), read_only: true },
      systemuser: {
        type: 'string',
        label: L('系统用户', 'System user'),
        required: true,
        relation: '/api/v1/assets/system-users/',
      },
      systemuser_display: { type: 'string', label: L('系统用户名称', 'System user display'), read_only: true },
      [kind]: { type: 'string', label: spec.label, required: true, relation: spec.relation },
      [display]: displayField,
    },
    searchFields: kind === 'node' ? ['systemuser_display'] : ['systemuser_display', display],
    filterFields: ['id', kind, 'systemuser'],
    orgScoped: true,
    bulk: true,
    bulkDelete: 'narrowing',
    actions: ['list', 'retrieve', 'create', 'delete'],
    permissions: everyAction(IsOrgAdmin),
    hooks: {
      validate: validateLink(kind),
      insert: insertLink(kind),
      ...(kind === 'node'
        ? {
            serialize: ({ db }: { db: DB }, row, out) => {
              out.node_display = nodePath(db, String(row.node));
            },
          }
        : {}),
    },
    sample: (args) => {
      const systemuser = fixtureSystemUser(args.db, args.orgId, `Relation fixture ${kind} ${args.seq}`);
      return { create: spec.targets(args).map((target) => ({ systemuser, [kind]: target })), update: {} };
    },
  };
}

function nodePath(db: DB, nodeId: string): string {
  const key = nodeKeyById(db, nodeId);
  return key ? fullValue(db, key) : '';
}

const two = (make: (i: number) => string) => [0, 1].map(make);

export const systemUsersAssetsRelationsResource = relationResource({
  kind: 'asset',
  plural: 'assets',
  model: L('系统用户资产关系', 'System user asset relation'),
  label: L('资产', 'Asset'),
  displayLabel: L('资产名称', 'Asset display'),
  relation: '/api/v1/assets/assets/',
  targets: ({ db, orgId, seq }) => two((i) => fixtureAsset(db, orgId, `relation-host-${seq}-${i}`)),
});

export const systemUsersNodesRelationsResource = relationResource({
  kind: 'node',
  plural: 'nodes',
  model: L('系统用户节点关系', 'System user node relation'),
  label: L('节点', 'Node'),
  displayLabel: L('节点名称', 'Node display'),
  relation: '/api/v1/assets/nodes/',
  targets: ({ db, orgId, seq }) => two((i) => fixtureNode(db, orgId, `Relation node ${seq}-${i}`)),
});

export const systemUsersUsersRelationsResource = relationResource({
  kind: 'user',
  plural: 'users',
  model: L('系统用户用户关系', 'System user user relation'),
  label: L('用户', 'User'),
  displayLabel: L('用户名称', 'User display'),
  relation: '/api/v1/users/users/',
  targets: ({ db, orgId }) => {
    const members = orgId === 'DEFAULT' ? firstTwoUsers(db) : firstTwoMembers(db, orgId);
    if (members.length < 2) throw new Error(`the org ${orgId} needs two members for the user relation samples`);
    return members;
  },
});

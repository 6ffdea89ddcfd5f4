// /api/v1/assets/gathered-users/ (§2.3): accounts a gather task found on the org's assets (the task is
// xpack's; rows are seeded), read-only as in 2.3, deletable. Read from the `gathered_users_list` view
// (migration 11) so hostname and ip filter and search like columns. Registered by ../assets/routes.ts:
// the generic contract creates rows, and nothing is created here.
import { isQueryAll, nodeAssetsClause, visibleNode } from '../asset-filters.ts';
import { L, readOnly } from '../../engine/field-kit.ts';
import { everyAction, IsOrgAdmin } from '../../core/permissions.ts';
import type { Clause, HookArgs, ResourceDef } from '../../engine/types.ts';
import { deleteGatheredUser } from '../gathered-user-store.ts';

/** 2.3's AssetRelatedByNodeFilterBackend: node / node_id with all / show_current_asset, as the asset list reads them. */
function nodeFilter(args: HookArgs, value: string): Clause {
  const node = visibleNode(args, value);
  if (!node) return { sql: '0', params: [] };
  const assets = nodeAssetsClause(node, isQueryAll(args.request.query as Record<string, unknown>));
  return {
    sql: `gathered_users_list.asset IN (SELECT assets.id FROM assets WHERE ${assets.sql})`,
    params: assets.params,
  };
}

export const gatheredUsersResource: ResourceDef = {
  name: 'Gathered User List',
  model: L('收集用户', 'GatherUser'),
  url: '/api/v1/assets/gathered-users/',
  table: 'gathered_users_list',
  fields: {
    id: readOnly('string', 'ID', 'ID'),
    asset: { type: 'string', label: L('资产', 'Asset'), read_only: true, relation: '/api/v1/assets/assets/' },
    hostname: readOnly('string', '主机名', 'Hostname'),
    ip: readOnly('string', 'IP', 'IP'),
    username: readOnly('string', '用户名', 'Username'),
    date_last_login: readOnly('datetime', '最后登录日期', 'Date last login'),
    ip_last_login: readOnly('string', '最后登录IP', 'IP last login'),
    present: readOnly('boolean', '存在', 'Present'),
    date_created: readOnly('datetime', '创建日期', 'Date created'),
    date_updated: readOnly('datetime', '更新日期', 'Date updated'),
  },
  searchFields: ['username', 'ip', 'hostname'],
  filterFields: ['asset', 'username', 'present'],
  extraFilters: {
    asset_id: (_args, value) => ({ sql: 'gathered_users_list.asset = ?', params: [value] }),
    asset__ip: (_args, value) => ({ sql: 'gathered_users_list.ip = ?', params: [value] }),
    asset__hostname: (_args, value) => ({ sql: 'gathered_users_list.hostname = ?', params: [value] }),
    node: nodeFilter,
    node_id: nodeFilter,
  },
  orderingFields: ['hostname', 'username', 'date_last_login'],
  defaultOrder: ['hostname', 'username', 'id'],
  orgScoped: true,
  actions: ['list', 'retrieve', 'delete'],
  permissions: everyAction(IsOrgAdmin),
  hooks: {
    remove: ({ db }, row) => {
      deleteGatheredUser(db, String(row.id));
    },
  },
  sample: () => ({ create: [], update: {} }),
};

// /api/v1/perms/asset-permissions/ (§2.5): who may reach which assets as which system users, with
// which actions, while active and inside the window. Not a bulk viewset in 2.3. What a permission
// grants is computed by ../perms/grants.ts; this definition only stores and describes it.
import { everyAction, IsOrgAdmin } from '../../core/permissions.ts';
import { computed, idField, L, relationList, replaceRelations, stampNew, textField } from '../../engine/field-kit.ts';
import type { FieldDef, ResourceDef } from '../../engine/types.ts';
import { defaultExpiry, isoAt } from '../../core/lib/time.ts';
import { ACTION_NAMES, actionNames, actionsMask } from '../actions.ts';
import {
  linkGrantedToSystemUsers,
  PERMISSION_LINKS,
  permissionSample,
  validatePermission,
} from '../permission-rules.ts';
import { permissionFilters } from '../permission-filters.ts';
import { linkedIds, setPermissionActions } from '../permission-store.ts';

const ACTION_LABELS: Record<string, [string, string]> = {
  all: ['全部', 'All'],
  connect: ['连接', 'Connect'],
  upload_file: ['上传文件', 'Upload file'],
  download_file: ['下载文件', 'Download file'],
  updownload: ['上传下载', 'Upload download'],
  clipboard_copy: ['剪贴板复制', 'Clipboard copy'],
  clipboard_paste: ['剪贴板粘贴', 'Clipboard paste'],
  clipboard_copy_paste: ['剪贴板复制粘贴', 'Clipboard copy paste'],
};

const amount = (zh: string, en: string): FieldDef => computed('integer', zh, en);

export const assetPermissionsResource: ResourceDef = {
  name: 'Asset Permission List',
  model: L('资产授权', 'Asset permission'),
  url: '/api/v1/perms/asset-permissions/',
  table: 'asset_permissions',
  fields: {
    id: idField(),
    name: { type: 'string', label: L('名称', 'Name'), required: true, max_length: 128, unique: true },
    users: relationList('用户', 'User', '/api/v1/users/users/'),
    user_groups: relationList('用户组', 'User group', '/api/v1/users/groups/'),
    assets: relationList('资产', 'Asset', '/api/v1/assets/assets/'),
    nodes: relationList('节点', 'Nodes', '/api/v1/assets/nodes/'),
    system_users: { ...relationList('系统用户', 'System user', '/api/v1/assets/system-users/'), required: true },
    actions: {
      type: 'list',
      label: L('动作', 'Actions'),
      column: false,
      default: ['all'],
      child_choices: ACTION_NAMES.map((name) => ({ value: name, label: L(...ACTION_LABELS[name]) })),
    },
    is_active: { type: 'boolean', label: L('激活', 'Active'), default: true },
    date_start: { type: 'datetime', label: L('开始日期', 'Date start'), default: isoAt },
    date_expired: { type: 'datetime', label: L('失效日期', 'Date expired'), default: defaultExpiry },
    comment: textField('备注', 'Comment'),
    is_valid: computed('boolean', '有效', 'Is valid'),
    is_expired: computed('boolean', '已失效', 'Is expired'),
    users_amount: amount('用户数量', 'Users amount'),
    user_groups_amount: amount('用户组数量', 'User groups amount'),
    assets_amount: amount('资产数量', 'Assets amount'),
    nodes_amount: amount('节点数量', 'Nodes amount'),
    system_users_amount: amount('系统用户数量', 'System users amount'),
    created_by: { type: 'string', label: L('创建者', 'Created by'), read_only: true },
    date_created: { type: 'datetime', label: L('创建日期', 'Date created'), read_only: true },
  },
  searchFields: ['name'],
  filterFields: ['name'],
  orderingFields: ['name', 'date_created', 'date_expired'],
  defaultOrder: ['name'],
  fieldsMini: ['id', 'name'],
  extraFilters: permissionFilters,
  orgScoped: true,
  permissions: everyAction(IsOrgAdmin),
  hooks: {
    beforeCreate: (args, data) => {
      stampNew(true)(args, data);
    },
    validate: validatePermission,
    afterWrite: (args, id, data) => {
      if (Array.isArray(data.actions)) setPermissionActions(args.db, id, actionsMask(data.actions.map(String)));
      for (const link of PERMISSION_LINKS) {
        const value = data[link.field];
        if (Array.isArray(value))
          replaceRelations(args, `asset_permission_${link.table}`, 'permission_id', id, link.column, value);
      }
      linkGrantedToSystemUsers(args.db, id);
    },
    serialize: ({ db, now }, row, out) => {
      for (const link of PERMISSION_LINKS) {
        const ids = linkedIds(db, link.table, String(row.id));
        out[link.field] = ids;
        out[`${link.field}_amount`] = ids.length;
      }
      out.actions = actionNames(Number(row.actions));
      const at = isoAt(now);
      out.is_expired = !(String(row.date_start) <= at && at < String(row.date_expired));
      out.is_valid = !!row.is_active && !out.is_expired;
    },
  },
  sample: permissionSample,
};

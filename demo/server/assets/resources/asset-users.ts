// /api/v1/assets/asset-users/ and asset-user-auth-infos/ (§2.3): the accounts known per asset (its admin
// user, its system users, a dynamic system user's users, the AuthBook versions), read from the
// `asset_users` view. The auth-info variant adds the secrets behind the MFA re-check. Registered by
// ../assets/routes.ts, not RESOURCES: a POST stores an AuthBook version (../assets/auth-book-routes.ts), not a
// row of the view, so the generic create-based contract cannot run over them.
import { ASSET_USER_FILTERS, refuseAdminUserDelete, refuseWithoutMfa, removeAssetUser } from '../asset-user-rules.ts';
import { L, readOnly } from '../../engine/field-kit.ts';
import { everyAction, IsOrgAdmin } from '../../core/permissions.ts';
import type { FieldDef, ResourceDef } from '../../engine/types.ts';

const fields: Record<string, FieldDef> = {
  id: readOnly('string', 'ID', 'ID'),
  username: readOnly('string', '用户名', 'Username'),
  asset: { type: 'string', label: L('资产', 'Asset'), read_only: true, relation: '/api/v1/assets/assets/' },
  hostname: readOnly('string', '主机名', 'Hostname'),
  ip: readOnly('string', 'IP', 'IP'),
  // db (an AuthBook version), system_user, system_user_dynamic or admin_user; a CharField in 2.3.
  backend: readOnly('string', '后端', 'Backend'),
  version: readOnly('integer', '版本', 'Version'),
  date_created: readOnly('datetime', '创建日期', 'Date created'),
  date_updated: readOnly('datetime', '更新日期', 'Date updated'),
  comment: readOnly('string', '备注', 'Comment'),
};

const common = {
  table: 'asset_users',
  searchFields: ['^hostname', '^ip', '^username'],
  filterFields: ['id', 'ip', 'hostname', 'username'],
  extraFilters: ASSET_USER_FILTERS,
  orderingFields: ['hostname', 'ip', 'username', 'date_created'],
  defaultOrder: ['hostname', 'username', 'id'],
  orgScoped: true,
  sample: () => ({ create: [], update: {} }),
} satisfies Partial<ResourceDef>;

export const assetUsersResource: ResourceDef = {
  ...common,
  name: 'Asset User List',
  model: L('资产用户', 'Asset user'),
  url: '/api/v1/assets/asset-users/',
  fields,
  actions: ['list', 'retrieve', 'delete'],
  permissions: everyAction(IsOrgAdmin),
  hooks: { beforeDelete: refuseAdminUserDelete, remove: removeAssetUser },
};

const secret = (zh: string, en: string): FieldDef => ({ ...readOnly('string', zh, en), multiline: true });

export const assetUserAuthInfosResource: ResourceDef = {
  ...common,
  name: 'Asset User Auth Info List',
  model: L('资产用户', 'Asset user'),
  url: '/api/v1/assets/asset-user-auth-infos/',
  fields: {
    ...fields,
    password: secret('密码', 'Password'),
    private_key: secret('ssh私钥', 'SSH private key'),
    public_key: secret('ssh公钥', 'SSH public key'),
  },
  actions: ['list', 'retrieve'],
  permissions: everyAction(IsOrgAdmin),
  hooks: { refuse: (args) => refuseWithoutMfa(args) },
};

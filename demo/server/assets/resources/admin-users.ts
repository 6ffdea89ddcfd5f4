// /api/v1/assets/admin-users/ (§2.3): the privileged account used to reach assets. Credentials are
// write-only; deleting one that assets still use is refused.
import { everyAction, IsOrgAdmin } from '../../core/permissions.ts';
import type { ResourceDef } from '../../engine/types.ts';
import {
  auditFields,
  computed,
  idField,
  L,
  message,
  mergeErrors,
  secretField,
  stampNew,
  textField,
  noteField,
} from '../../engine/field-kit.ts';
import { keepStoredSecrets, privateKeyErrors } from '../secrets.ts';
import { adminUserAssetCount, adminUserInUse } from '../asset-store.ts';

export const USERNAME_PATTERN = /^[0-9a-zA-Z_@\-.]*$/;
export const usernameError = L(
  '用户名不合法，只能包含字母、数字、_、@、-、.',
  'Special char not allowed: only letters, digits and _ @ - .',
);

export const adminUsersResource: ResourceDef = {
  name: 'Admin User List',
  model: L('管理用户', 'Admin user'),
  url: '/api/v1/assets/admin-users/',
  table: 'admin_users',
  fields: {
    id: idField(),
    name: { type: 'string', label: L('名称', 'Name'), required: true, max_length: 128, unique: true },
    username: textField('用户名', 'Username', 128),
    password: { ...secretField('密码', 'Password'), max_length: 1024 },
    private_key: secretField('SSH密钥', 'SSH private key'),
    public_key: secretField('SSH公钥', 'SSH public key'),
    comment: noteField('备注', 'Comment'),
    assets_amount: computed('integer', '资产数量', 'Assets amount'),
    ...auditFields(true),
  },
  searchFields: ['name', 'username'],
  filterFields: ['name', 'username'],
  orderingFields: ['name', 'username'],
  defaultOrder: ['name'],
  orgScoped: true,
  bulk: true,
  permissions: everyAction(IsOrgAdmin),
  hooks: {
    beforeCreate: stampNew(true),
    validate: (args, data, existing) => {
      keepStoredSecrets(data, existing, ['password', 'private_key', 'public_key']);
      const username =
        typeof data.username === 'string' && !USERNAME_PATTERN.test(data.username)
          ? { username: [message(args, usernameError)] }
          : null;
      return mergeErrors(username, privateKeyErrors(args, data));
    },
    beforeDelete: (args, row) =>
      adminUserInUse(args.db, String(row.id))
        ? {
            status: 400,
            body: { msg: message(args, L('删除失败，存在关联资产', 'Deleted failed, There are related assets')) },
          }
        : null,
    serialize: ({ db }, row, out) => {
      out.assets_amount = adminUserAssetCount(db, String(row.id));
    },
  },
  sample: ({ seq }) => ({
    create: [0, 1].map((i) => ({
      name: `Sample admin ${seq}-${i}`,
      username: i ? 'administrator' : 'root',
      password: 'Sample-pass-1',
      comment: `sample ${seq}`,
    })),
    update: { comment: `updated ${seq}`, username: 'ops' },
  }),
};

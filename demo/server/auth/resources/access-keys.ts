// /api/v1/authentication/access-keys/ (§2.2): each user sees and changes only their own keys.
import { everyAction, IsValidUser } from '../../core/permissions.ts';
import { credentialChangeRefusal } from '../../core/auth/credential-lock.ts';
import { uuid } from '../../core/lib/ids.ts';
import { isoAt } from '../../core/lib/time.ts';
import type { ResourceDef } from '../../engine/types.ts';

export const accessKeysResource: ResourceDef = {
  name: 'Access Key List',
  model: { en: 'Access key', zh: 'Access key' },
  url: '/api/v1/authentication/access-keys/',
  table: 'access_keys',
  fields: {
    id: { type: 'string', label: { en: 'ID', zh: 'ID' }, read_only: true },
    secret: { type: 'string', label: { en: 'Secret', zh: '密钥' }, read_only: true },
    is_active: { type: 'boolean', label: { en: 'Active', zh: '激活' }, default: true },
    date_created: { type: 'datetime', label: { en: 'Date created', zh: '创建日期' }, read_only: true },
  },
  searchFields: ['^id', '^secret'],
  filterFields: ['is_active'],
  orderingFields: ['date_created', 'is_active'],
  defaultOrder: ['-date_created'],
  permissions: everyAction(IsValidUser),
  createIgnoresBody: true,
  // Keys are made by the server from nothing: importing a file of them makes no sense.
  csvImport: false,
  sample: () => ({ create: [{}, {}], update: { is_active: false } }),
  scope: ({ ctx }) => ({ sql: 'user_id = ?', params: [ctx.user.id] }),
  hooks: {
    // An access key is a credential: under login confirmation, made or changed only from an approved login.
    refuse: (args, action) =>
      action === 'list' || action === 'retrieve' ? null : credentialChangeRefusal(args.request),
    beforeCreate: ({ ctx, now }, data) => {
      data.id = uuid();
      data.secret = uuid();
      data.is_active = true;
      data.user_id = ctx.user.id;
      data.date_created = isoAt(now);
    },
  },
};

// /api/v1/users/users/ (§2.1): global users listed per org through membership; the rules live in users/.
import { credentialChangeRefusal } from '../../core/auth/credential-lock.ts';
import { everyAction, IsOrgAdmin } from '../../core/permissions.ts';
import type { FieldDef, HookArgs, ResourceDef } from '../../engine/types.ts';
import { L, t, type Localized } from '../../core/lib/i18n.ts';
import { defaultExpiry } from '../../core/lib/time.ts';
import { isSuperuser } from '../../core/orgs/membership-store.ts';
import { MFA_LABELS, ROLE_LABELS, SOURCE_LABELS } from '../labels.ts';
import { ORG_ROLE_LABELS, serializeUser } from '../user-fields.ts';
import { userChangeRefusal } from '../user-rules.ts';
import { addMailNote, afterUserWrite, prepareNewUser, validateUser } from '../user-writes.ts';
import { orgRoleFilter, removeUser, userScope } from '../user-scope.ts';

const choicesOf = (labels: Record<string | number, Localized>, keys: (string | number)[]) =>
  keys.map((value) => ({ value, label: labels[value] }));
const computed = (type: FieldDef['type'], zh: string, en: string): FieldDef => ({
  type,
  label: L(zh, en),
  read_only: true,
  column: false,
});

export const usersResource: ResourceDef = {
  name: 'User List',
  model: L('用户', 'User'),
  url: '/api/v1/users/users/',
  table: 'users',
  fields: {
    id: { type: 'string', label: L('ID', 'ID'), read_only: true },
    name: { type: 'string', label: L('名称', 'Name'), required: true, max_length: 128 },
    username: { type: 'string', label: L('用户名', 'Username'), required: true, max_length: 128, unique: true },
    email: { type: 'email', label: L('邮箱', 'Email'), required: true, max_length: 128, unique: true },
    groups: { type: 'list', label: L('用户组', 'User group'), column: false, relation: '/api/v1/users/groups/' },
    groups_display: computed('string', '用户组名称', 'Groups name'),
    role: {
      type: 'choice',
      label: L('角色', 'Role'),
      choices: choicesOf(ROLE_LABELS, ['Admin', 'Auditor', 'User']),
      default: 'User',
    },
    org_roles: {
      type: 'list',
      label: L('组织角色', 'Organization roles'),
      column: false,
      allow_null: true,
      child_choices: choicesOf(ORG_ROLE_LABELS, ['Admin', 'Auditor', 'User']),
    },
    org_role_display: computed('string', '组织角色名称', 'Organization role name'),
    total_role_display: computed('string', '汇总角色名称', 'Total role name'),
    password_strategy: {
      type: 'choice',
      label: L('密码策略', 'Password strategy'),
      write_only: true,
      column: false,
      choices: [
        {
          value: 0,
          label: L('生成重置密码链接，通过邮件发送给用户', 'Reset link will be generated and sent to the user'),
        },
        { value: 1, label: L('设置密码', 'Set password') },
      ],
    },
    password: {
      type: 'string',
      label: L('密码', 'Password'),
      write_only: true,
      column: false,
      allow_blank: true,
      allow_null: true,
      max_length: 128,
    },
    mfa_level: { type: 'choice', label: L('多因子认证', 'MFA'), choices: choicesOf(MFA_LABELS, [0, 1, 2]), default: 0 },
    mfa_enabled: computed('boolean', '多因子认证已启用', 'MFA enabled'),
    mfa_force_enabled: computed('boolean', '强制多因子认证', 'MFA force enabled'),
    public_key: { type: 'string', label: L('SSH公钥', 'SSH public key'), write_only: true, allow_blank: true },
    wechat: { type: 'string', label: L('微信', 'Wechat'), max_length: 128, allow_blank: true, default: '' },
    phone: { type: 'string', label: L('手机', 'Phone'), max_length: 20, allow_blank: true, allow_null: true },
    comment: {
      type: 'string',
      label: L('备注', 'Comment'),
      multiline: true,
      allow_blank: true,
      allow_null: true,
      default: '',
    },
    source: {
      type: 'choice',
      label: L('用户来源', 'Source'),
      choices: choicesOf(SOURCE_LABELS, ['local', 'ldap', 'openid', 'radius', 'cas']),
      default: 'local',
    },
    is_active: { type: 'boolean', label: L('激活', 'Active'), default: true },
    is_valid: computed('boolean', '账户是否有效', 'Is valid'),
    is_expired: computed('boolean', '已过期', 'Is expired'),
    is_first_login: { type: 'boolean', label: L('首次登录', 'Is first login'), read_only: true },
    login_blocked: computed('boolean', '登录被锁定', 'Login blocked'),
    date_expired: { type: 'datetime', label: L('失效日期', 'Date expired'), default: defaultExpiry },
    date_joined: { type: 'datetime', label: L('创建日期', 'Date joined'), read_only: true },
    last_login: { type: 'datetime', label: L('最后登录', 'Last login'), read_only: true },
    date_password_last_updated: {
      type: 'datetime',
      label: L('最后更新密码日期', 'Date password last updated'),
      read_only: true,
    },
    created_by: { type: 'string', label: L('创建者', 'Created by'), read_only: true },
    can_update: computed('boolean', '可以更新', 'Can update'),
    can_delete: computed('boolean', '可以删除', 'Can delete'),
    avatar_url: computed('string', '头像', 'Avatar url'),
  },
  searchFields: ['username', 'name', 'email', 'source'],
  ftsTable: 'users_fts',
  filterFields: ['username', 'email', 'name', 'id', 'source', 'role', 'is_active'],
  orderingFields: ['username', 'name', 'email', 'role', 'source', 'is_active', 'date_joined', 'date_expired'],
  defaultOrder: ['username'],
  fieldsMini: ['id', 'name', 'username'],
  // 2.3's UserSerializer.Meta.fields_small (the write-only password, public_key and password_strategy never show).
  fieldsSmall: [
    'id',
    'name',
    'username',
    'email',
    'wechat',
    'phone',
    'mfa_level',
    'mfa_enabled',
    'mfa_level_display',
    'mfa_force_enabled',
    'role_display',
    'org_role_display',
    'total_role_display',
    'comment',
    'source',
    'is_valid',
    'is_expired',
    'is_active',
    'created_by',
    'is_first_login',
    'date_password_last_updated',
    'date_expired',
    'avatar_url',
    'source_display',
    'date_joined',
    'last_login',
  ],
  extraFilters: { org_role: orgRoleFilter },
  bulk: true,
  permissions: everyAction(IsOrgAdmin),
  scope: userScope,
  hooks: {
    refuse: (args) =>
      (args.request.query as Record<string, string>).all === '1' && !isSuperuser(args.ctx.user)
        ? { status: 403, body: { detail: t(args.ctx.lang, 'auth.forbidden') } }
        : null,
    // One's own user record (password, key, MFA level, e-mail) changes, under login confirmation, only
    // from a login a reviewer approved (core/auth/credential-lock.ts).
    refuseObject: (args, row, action) =>
      userChangeRefusal(args, row, action) ??
      (action === 'update' && row.id === args.ctx.user.id ? credentialChangeRefusal(args.request) : null),
    choices: (args: HookArgs, name) =>
      name === 'role' && !isSuperuser(args.ctx.user) ? choicesOf(ROLE_LABELS, ['User']) : undefined,
    beforeCreate: prepareNewUser,
    validate: (args, data) => validateUser(args, data),
    afterWrite: afterUserWrite,
    afterResponse: addMailNote,
    serialize: serializeUser,
    remove: removeUser,
  },
  sample: ({ seq }) => ({
    create: [0, 1].map((i) => ({
      username: `sample${seq}u${i}`,
      name: `Sample ${seq} user ${i}`,
      email: `sample${seq}u${i}@example.com`,
      password_strategy: 1,
      password: 'Sample-pass-1',
      comment: `sample ${seq}`,
      mfa_level: i,
    })),
    update: { comment: `updated ${seq}`, is_active: false, phone: '13900000000' },
  }),
};

// /api/v1/assets/system-users/ (§2.3): the accounts users log in to assets with; rules in
// ../assets/system-user-rules.ts, auth-info and cmd-filter-rules in ../assets/extra-routes.ts.
import { everyAction, IsOrgAdmin, IsOrgAdminOrAppUser } from '../../core/permissions.ts';
import type { FieldDef, ResourceDef } from '../../engine/types.ts';
import {
  auditFields,
  computed,
  idField,
  L,
  relationList,
  replaceRelations,
  secretField,
  stampNew,
  textField,
  noteField,
} from '../../engine/field-kit.ts';
import { validateSystemUser } from '../system-user-rules.ts';
import { systemUserFilterIds } from '../cmd-filter-store.ts';
import { linkedAssetCount } from '../system-user-link-store.ts';

const PROTOCOLS = ['ssh', 'rdp', 'telnet', 'vnc', 'mysql', 'k8s'];
const text = (zh: string, en: string, max: number, fallback: string): FieldDef => ({
  ...textField(zh, en, max),
  default: fallback,
});

export const systemUsersResource: ResourceDef = {
  name: 'System User List',
  model: L('系统用户', 'System user'),
  url: '/api/v1/assets/system-users/',
  table: 'system_users',
  fields: {
    id: idField(),
    name: { type: 'string', label: L('名称', 'Name'), required: true, max_length: 128, unique: true },
    username: textField('用户名', 'Username', 128),
    protocol: {
      type: 'choice',
      label: L('协议', 'Protocol'),
      choices: PROTOCOLS.map((p) => ({ value: p, label: L(p, p) })),
      default: 'ssh',
    },
    login_mode: {
      type: 'choice',
      label: L('登录模式', 'Login mode'),
      default: 'auto',
      choices: [
        { value: 'auto', label: L('自动登录', 'Automatic login') },
        { value: 'manual', label: L('手动登录', 'Manually login') },
      ],
    },
    priority: { type: 'integer', label: L('优先级', 'Priority'), default: 20 },
    username_same_with_user: {
      type: 'boolean',
      label: L('用户名与用户相同', 'Username same with user'),
      default: false,
    },
    auto_push: { type: 'boolean', label: L('自动推送', 'Auto push'), default: true },
    cmd_filters: relationList('命令过滤器', 'Command filter', '/api/v1/assets/cmd-filters/'),
    sudo: text('Sudo', 'Sudo', 4096, '/bin/whoami'),
    shell: text('Shell', 'Shell', 64, '/bin/bash'),
    sftp_root: text('SFTP根路径', 'SFTP Root', 128, 'tmp'),
    home: textField('家目录', 'Home', 4096),
    system_groups: textField('用户组', 'System groups', 4096),
    comment: noteField('备注', 'Comment'),
    password: { ...secretField('密码', 'Password'), max_length: 1024 },
    private_key: secretField('SSH密钥', 'SSH private key'),
    public_key: secretField('SSH公钥', 'SSH public key'),
    token: secretField('令牌', 'Token'),
    auto_generate_key: {
      type: 'boolean',
      label: L('自动生成密钥', 'Auto generate key'),
      write_only: true,
      column: false,
    },
    assets_amount: computed('integer', '资产数量', 'Assets amount'),
    ...auditFields(true),
  },
  searchFields: ['name', 'username', 'protocol'],
  filterFields: ['name', 'username', 'protocol'],
  orderingFields: ['name', 'username', 'protocol', 'priority'],
  defaultOrder: ['name'],
  orgScoped: true,
  bulk: true,
  // Terminals (App accounts) read them to connect users (2.3: IsOrgAdminOrAppUser on reads).
  permissions: { ...everyAction(IsOrgAdmin), list: IsOrgAdminOrAppUser, retrieve: IsOrgAdminOrAppUser },
  hooks: {
    beforeCreate: stampNew(true),
    validate: validateSystemUser,
    afterWrite: (args, id, data) => {
      if (Array.isArray(data.cmd_filters))
        replaceRelations(args, 'system_user_cmd_filters', 'system_user_id', id, 'filter_id', data.cmd_filters);
    },
    serialize: ({ db }, row, out) => {
      out.cmd_filters = systemUserFilterIds(db, String(row.id));
      out.assets_amount = linkedAssetCount(db, String(row.id));
    },
  },
  // Manual login needs no stored credential, so an exported row (without secrets) imports back.
  sample: ({ seq }) => ({
    create: [0, 1].map((i) => ({
      name: `Sample system user ${seq}-${i}`,
      username: `deploy${i}`,
      protocol: i ? 'rdp' : 'ssh',
      login_mode: 'manual',
      priority: 30 + i,
      sudo: '/bin/ls',
      home: `/home/deploy${i}`,
      system_groups: 'wheel,ops',
      comment: `sample ${seq}`,
    })),
    update: { comment: `updated ${seq}`, priority: 90, shell: '/bin/sh' },
  }),
};

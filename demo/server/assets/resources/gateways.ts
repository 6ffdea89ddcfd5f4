// /api/v1/assets/gateways/ (§2.3): ssh jump hosts of a domain. As in 2.3, `public_key` is returned;
// password and private key are write-only (empty on update keeps the stored one).
import { everyAction, IsOrgAdmin, IsOrgAdminOrAppUser } from '../../core/permissions.ts';
import type { Clause, HookArgs, ResourceDef } from '../../engine/types.ts';
import {
  auditFields,
  idField,
  L,
  mergeErrors,
  noteField,
  secretField,
  stampNew,
  textField,
  unknownIds,
} from '../../engine/field-kit.ts';
import { gatewaySample } from '../samples.ts';
import { keepStoredSecrets, privateKeyErrors } from '../secrets.ts';

export const gatewaysResource: ResourceDef = {
  name: 'Gateway List',
  model: L('网关', 'Gateway'),
  url: '/api/v1/assets/gateways/',
  table: 'gateways',
  fields: {
    id: idField(),
    name: { type: 'string', label: L('名称', 'Name'), required: true, max_length: 128, unique: true },
    ip: { type: 'string', label: L('IP', 'IP'), required: true, max_length: 128, format: 'ip' },
    port: { type: 'integer', label: L('端口', 'Port'), default: 22, min_value: 1, max_value: 65535 },
    protocol: {
      type: 'choice',
      label: L('协议', 'Protocol'),
      choices: [{ value: 'ssh', label: L('ssh', 'ssh') }],
      default: 'ssh',
    },
    username: textField('用户名', 'Username', 128),
    password: secretField('密码', 'Password'),
    private_key: secretField('SSH密钥', 'SSH private key'),
    public_key: textField('SSH公钥', 'SSH public key'),
    domain: { type: 'string', label: L('网域', 'Domain'), required: true, relation: '/api/v1/assets/domains/' },
    is_active: { type: 'boolean', label: L('激活', 'Is active'), default: true },
    comment: noteField('备注', 'Comment', 128),
    ...auditFields(true),
  },
  searchFields: ['name', 'username', 'ip'],
  filterFields: ['name', 'username', 'ip', 'domain'],
  extraFilters: {
    domain__name: (_args: HookArgs, value: string): Clause => ({
      sql: 'domain IN (SELECT id FROM domains WHERE name = ?)',
      params: [value],
    }),
  },
  orderingFields: ['name', 'ip', 'port'],
  defaultOrder: ['name'],
  orgScoped: true,
  bulk: true,
  // Terminals (App accounts) read them to connect users (2.3: IsOrgAdminOrAppUser on reads).
  permissions: { ...everyAction(IsOrgAdmin), list: IsOrgAdminOrAppUser, retrieve: IsOrgAdminOrAppUser },
  hooks: {
    beforeCreate: stampNew(true),
    validate: (args, data, existing) => {
      keepStoredSecrets(data, existing, ['password', 'private_key']);
      return mergeErrors(unknownIds(args, 'domains', 'domain', data.domain), privateKeyErrors(args, data));
    },
  },
  sample: gatewaySample,
};

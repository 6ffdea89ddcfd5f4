// /api/v1/terminal/commands/ (§2.6): what 2.3's SessionCommandSerializer describes. Not an engine resource
// (its list is read by time window with 2.3's own filters, terminals post arrays): terminal/command-routes.ts
// serves it, and uses this definition for OPTIONS and the row shape.
import { IsAppUser, IsSessionReader } from '../../core/permissions.ts';
import { L } from '../../engine/field-kit.ts';
import type { FieldDef, ResourceDef } from '../../engine/types.ts';

export const RISK_LEVELS = [
  { value: 0, label: L('普通', 'Ordinary') },
  { value: 5, label: L('危险', 'Dangerous') },
];

const text = (zh: string, en: string, max: number, extra: Partial<FieldDef> = {}): FieldDef => ({
  type: 'string',
  label: L(zh, en),
  max_length: max,
  required: true,
  ...extra,
});

export const commandsResource: ResourceDef = {
  name: 'Command List',
  model: L('命令', 'Command'),
  url: '/api/v1/terminal/commands/',
  table: 'commands',
  fields: {
    id: { type: 'string', label: L('ID', 'ID'), read_only: true },
    user: text('用户', 'User', 64),
    asset: text('资产', 'Asset', 128),
    system_user: text('系统用户', 'System user', 64),
    input: text('命令', 'Command', 128),
    output: text('输出', 'Output', 1024, { required: false, allow_blank: true, multiline: true, default: '' }),
    session: text('会话', 'Session', 36),
    risk_level: { type: 'choice', label: L('风险等级', 'Risk level'), choices: RISK_LEVELS, default: 0 },
    org_id: text('组织', 'Organization', 36, { required: false, allow_blank: true, allow_null: true, default: '' }),
    timestamp: {
      type: 'integer',
      label: L('时间', 'Timestamp'),
      required: true,
      min_value: 0,
      max_value: 253402300799,
    },
  },
  // 2.3's query parameters (not django-filter fields): user (prefix), asset, system_user, input (contains),
  // session_id, risk_level, date_from / date_to.
  filterFields: ['user', 'asset', 'system_user', 'input', 'session', 'risk_level'],
  // Only the terminal that carried a session writes its commands (terminal/command-write.ts checks whose
  // session it is); admins read them like auditors.
  permissions: {
    list: IsSessionReader,
    retrieve: IsSessionReader,
    create: IsAppUser,
    update: IsAppUser,
    delete: IsAppUser,
  },
  actions: ['list', 'create'],
  sample: () => ({ create: [], update: {} }),
};

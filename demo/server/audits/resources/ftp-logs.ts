// /api/v1/audits/ftp-logs/ (§2.9): file operations made through the terminal's file doors. Only a
// terminal POSTs rows, one per operation as its App user, and only for a user its door let in
// (terminal/ftp-row-binding.ts: the user's, asset's and system user's names and the org are then the
// server's); org admins and auditors list them in their org. 2.3's permission (IsOrgAdminOrAppUser |
// IsOrgAuditor) let admins and auditors post rows naming anyone. No update, delete or retrieve: an audit
// record is append-only (audits/append-only.ts answers a DELETE 405). A terminal names each row's `id`
// (a UUID it chose when the operation happened, journaled with the row), so a row it sends again after a
// lost answer is stored once: its outbox retries until the server takes a row.
import { L, readOnly, textField } from '../../engine/field-kit.ts';
import { IsAppUser, IsOrgAdminOrAppUserOrAuditor } from '../audit-permissions.ts';
import { applyFtpBinding, refuseUnboundFtpRow } from '../../terminal/ftp-row-binding.ts';
import type { HookArgs, ResourceDef, Row } from '../../engine/types.ts';
import { t } from '../../core/lib/i18n.ts';
import { uuid, UUID_PATTERN } from '../../core/lib/ids.ts';
import { isoAt } from '../../core/lib/time.ts';
import { insertFtpLog } from '../ftp-log-store.ts';
import { orgExists } from '../../orgs/org-store.ts';

const OPERATES = ['Delete', 'Upload', 'Download', 'Rmdir', 'Rename', 'Mkdir', 'Symlink'] as const;
const OPERATE_ZH: Record<(typeof OPERATES)[number], string> = {
  Delete: '删除',
  Upload: '上传',
  Download: '下载',
  Rmdir: '删除目录',
  Rename: '重命名',
  Mkdir: '创建目录',
  Symlink: '建立软链接',
};

/** The id the terminal chose for the row (a UUID), else none. */
function sentId(args: HookArgs): string | null {
  const body = args.request.body as Row | null;
  const value = body && typeof body === 'object' && !Array.isArray(body) ? body.id : undefined;
  return typeof value === 'string' && UUID_PATTERN.test(value) ? value.toLowerCase() : null;
}

/** The org the terminal names in the body (`''` = DEFAULT), when it is one; else none. */
function sentOrg(args: HookArgs): { orgId: string } | { invalid: string } | null {
  const body = args.request.body as Row | null;
  const value = body && typeof body === 'object' && !Array.isArray(body) ? body.org_id : undefined;
  if (value === undefined || value === null) return null;
  const id = String(value);
  if (id === '' || id.toUpperCase() === 'DEFAULT') return { orgId: '' };
  return orgExists(args.db, id) ? { orgId: id } : { invalid: id };
}

export const ftpLogsResource: ResourceDef = {
  name: 'FTP Log List',
  model: L('FTP日志', 'FTP log'),
  url: '/api/v1/audits/ftp-logs/',
  table: 'ftp_logs',
  fields: {
    id: readOnly('string', 'ID', 'ID'),
    user: { ...textField('用户', 'User', 128), required: true, allow_blank: false, default: undefined },
    remote_addr: { ...textField('远端地址', 'Remote addr', 128), allow_null: true },
    asset: { ...textField('资产', 'Asset', 1024), required: true, allow_blank: false, default: undefined },
    system_user: {
      ...textField('系统用户', 'System user', 128),
      required: true,
      allow_blank: false,
      default: undefined,
    },
    operate: {
      type: 'choice',
      label: L('操作', 'Operate'),
      required: true,
      choices: OPERATES.map((value) => ({ value, label: L(OPERATE_ZH[value], value) })),
    },
    filename: { ...textField('文件名', 'Filename', 1024), required: true, allow_blank: false, default: undefined },
    is_success: { type: 'boolean', label: L('成功', 'Success'), default: true },
    date_start: readOnly('datetime', '开始日期', 'Date start'),
  },
  searchFields: ['user', 'asset', 'system_user', 'filename'],
  filterFields: ['user', 'asset', 'system_user', 'filename'],
  orderingFields: ['date_start', 'user', 'asset'],
  defaultOrder: ['-date_start'],
  dateRangeField: 'date_start',
  orgScoped: true,
  actions: ['list', 'create'],
  permissions: {
    list: IsOrgAdminOrAppUserOrAuditor,
    retrieve: IsOrgAdminOrAppUserOrAuditor,
    create: IsAppUser,
    update: IsAppUser,
    delete: IsAppUser,
  },
  csvImport: false,
  hooks: {
    refuse: (args, action) => (action === 'create' ? refuseUnboundFtpRow(args) : null),
    validate: (args) => {
      const org = sentOrg(args);
      return org && 'invalid' in org
        ? { org_id: [t(args.ctx.lang, 'field.invalid_pk', { value: org.invalid.slice(0, 64) })] }
        : null;
    },
    beforeCreate: (args, data) => {
      data.id = sentId(args) ?? uuid();
      data.date_start = isoAt(args.now);
      // A terminal serves every org: the row belongs to the asset's org it names, not the caller's header.
      const org = sentOrg(args);
      if (org && 'orgId' in org) data.org_id = org.orgId;
      applyFtpBinding(args, data);
    },
    // A row sent twice (the terminal's retry after a lost answer) is kept as first stored. The org's
    // seeded sample rows (seed/audits.ts) give way to its first real one.
    insert: ({ db }, data) => {
      const text = (column: string) => String(data[column] ?? '');
      insertFtpLog(db, {
        id: text('id'),
        user: text('user'),
        remote_addr: data.remote_addr === undefined || data.remote_addr === null ? null : String(data.remote_addr),
        asset: text('asset'),
        system_user: text('system_user'),
        operate: text('operate'),
        filename: text('filename'),
        is_success: data.is_success === false || data.is_success === 0 ? 0 : 1,
        date_start: text('date_start'),
        org_id: text('org_id'),
      });
      return String(data.id);
    },
  },
  sample: ({ seq }) => ({
    create: [
      {
        user: `Demo User(user${seq})`,
        remote_addr: '127.0.0.1',
        asset: `web-${seq}(127.0.0.${(seq % 250) + 2})`,
        system_user: 'root',
        operate: 'Upload',
        filename: `/tmp/report-${seq}.txt`,
        is_success: true,
      },
      {
        user: `Demo User(user${seq})`,
        remote_addr: '127.0.0.1',
        asset: `web-${seq}(127.0.0.${(seq % 250) + 2})`,
        system_user: 'root',
        operate: 'Mkdir',
        filename: `/tmp/dir-${seq}`,
        is_success: false,
      },
    ],
    update: {},
  }),
};

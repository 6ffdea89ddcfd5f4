// /api/v1/terminal/terminals/ (§2.6): the registered terminals, superusers only, global. A terminal
// registers itself (v2 registration); here it is accepted, changed or removed. Removing is 2.3's soft
// delete: the row stays hidden (its name may then be registered again) and its service account is deleted,
// which revokes its access key at once. `is_alive` = a heartbeat within the last 60 s.
import { everyAction, IsSuperUser } from '../../core/permissions.ts';
import { L } from '../../engine/field-kit.ts';
import type { FieldDef, HookArgs, ResourceDef, Row } from '../../engine/types.ts';
import { pick, t } from '../../core/lib/i18n.ts';
import { createTerminal, terminalNameTaken } from '../terminal-accounts.ts';
import { STORAGE_STATE_CHOICES, storageState } from '../storage-state.ts';
import { deleteServiceAccount, setServiceAccountActive, userIsActive } from '../../users/user-store.ts';
import { liveTerminalNamed, markTerminalDeleted } from '../terminal-store.ts';
import { storageNamed, type StorageTable } from '../storage-store.ts';

export const ALIVE_MS = 60_000;

const REPLAY_STATES = [
  { value: 'ok', label: L('正常', 'OK') },
  { value: 'waiting', label: L('上传中', 'Uploading') },
  { value: 'failing', label: L('存储失败，重试中', 'Store failing, retrying') },
  { value: 'unknown', label: L('终端离线', 'Terminal offline') },
];

const storageField = (zh: string, en: string, table: string): FieldDef => ({
  type: 'string',
  label: L(zh, en),
  max_length: 128,
  default: 'default',
  relation: `/api/v1/terminal/${table.replace('_', '-')}/`,
});

/** A storage given by name or id is stored by name (2.3 keeps the name); unknown ones are refused. */
function storageName(args: HookArgs, table: StorageTable, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return storageNamed(args.db, table, value) ?? null;
}

export const terminalsResource: ResourceDef = {
  name: 'Terminal List',
  model: L('终端', 'Terminal'),
  url: '/api/v1/terminal/terminals/',
  table: 'terminals',
  fields: {
    id: { type: 'string', label: L('ID', 'ID'), read_only: true },
    name: { type: 'string', label: L('名称', 'Name'), required: true, max_length: 32 },
    remote_addr: { type: 'string', label: L('远端地址', 'Remote Address'), read_only: true },
    ssh_port: { type: 'integer', label: L('SSH端口', 'SSH Port'), default: 2222, min_value: 1, max_value: 65535 },
    http_port: { type: 'integer', label: L('HTTP端口', 'HTTP Port'), default: 5000, min_value: 1, max_value: 65535 },
    // Our extension (terminal/terminal-report.ts, web-doors.ts): where the server reaches its web door,
    // as its heartbeat reports it, and whether it takes new web-terminal sessions.
    http_host: { type: 'string', label: L('Web 终端地址', 'Web door address'), read_only: true },
    accepts_web: { type: 'boolean', label: L('接受 Web 终端会话', 'Takes web terminal sessions'), default: true },
    command_storage: storageField('命令存储', 'Command storage', 'command_storages'),
    replay_storage: storageField('录像存储', 'Replay storage', 'replay_storages'),
    comment: {
      type: 'string',
      label: L('备注', 'Comment'),
      allow_blank: true,
      default: '',
      multiline: true,
      max_length: 1024,
    },
    is_accepted: { type: 'boolean', label: L('已接受', 'Is Accepted'), default: false },
    is_active: { type: 'boolean', label: L('激活', 'Is active'), default: true, column: false },
    session_online: { type: 'integer', label: L('在线会话', 'Session Online'), read_only: true },
    is_alive: { type: 'boolean', label: L('在线', 'Is alive'), read_only: true, column: false },
    // What its heartbeat last said of its uploads to the object store.
    replay_state: {
      type: 'choice',
      label: L('录像上传', 'Recording uploads'),
      read_only: true,
      column: false,
      choices: REPLAY_STATES,
    },
    replay_pending: { type: 'integer', label: L('待保存录像', 'Recordings waiting'), read_only: true },
    replay_error: { type: 'string', label: L('录像存储错误', 'Recording store error'), read_only: true },
    // The data folder its heartbeat reports (terminal/storage-state.ts): a terminal whose disk is full shows.
    storage_status: {
      type: 'choice',
      label: L('存储状态', 'Storage'),
      read_only: true,
      column: false,
      choices: STORAGE_STATE_CHOICES,
    },
    storage_free_bytes: {
      type: 'integer',
      label: L('可用空间（字节）', 'Free space (bytes)'),
      read_only: true,
      max_value: Number.MAX_SAFE_INTEGER,
    },
    storage_total_bytes: {
      type: 'integer',
      label: L('总空间（字节）', 'Total space (bytes)'),
      read_only: true,
      max_value: Number.MAX_SAFE_INTEGER,
    },
    storage_last_fault: {
      type: 'dict',
      label: L('最近一次存储故障', 'Last storage fault'),
      read_only: true,
      column: false,
    },
    date_created: { type: 'datetime', label: L('创建日期', 'Date created'), read_only: true },
  },
  searchFields: ['name', 'remote_addr'],
  filterFields: ['name', 'remote_addr'],
  orderingFields: ['name', 'date_created'],
  defaultOrder: ['name'],
  bulk: true,
  bulkDelete: 'exactlyOne',
  csvImport: false,
  permissions: everyAction(IsSuperUser),
  scope: () => ({ sql: 'is_deleted = 0', params: [] }),
  hooks: {
    validate: (args, data, existing) => {
      const errors: Record<string, string[]> = {};
      for (const [field, table] of [
        ['command_storage', 'command_storages'],
        ['replay_storage', 'replay_storages'],
      ] as const) {
        if (data[field] === undefined) continue;
        const name = storageName(args, table, data[field]);
        if (name === null) errors[field] = [t(args.ctx.lang, 'field.invalid_pk', { value: String(data[field]) })];
        else data[field] = name;
      }
      const renamed = typeof data.name === 'string' && data.name !== existing?.name;
      if (
        renamed &&
        (existing ? liveTerminalNamed(args.db, data.name as string) : terminalNameTaken(args.db, String(data.name)))
      ) {
        errors.name = [t(args.ctx.lang, 'field.unique')];
      }
      return Object.keys(errors).length ? errors : null;
    },
    // A superuser may add a terminal by hand (2.3's v1 list took POST): it gets its service account, whose
    // key is shown once, in this answer.
    insert: (args, data) => {
      const made = createTerminal(
        args.db,
        {
          name: String(data.name),
          comment: String(data.comment ?? ''),
          remoteAddr: '',
          accepted: data.is_accepted === true,
          sshPort: data.ssh_port as number,
          httpPort: data.http_port as number,
          commandStorage: data.command_storage as string,
          replayStorage: data.replay_storage as string,
        },
        args.now,
      );
      data.service_account = made.serviceAccount;
      return made.id;
    },
    afterResponse: (_args, data, out) => {
      if (data.service_account) out.service_account = data.service_account;
    },
    // is_active is the service account's: switching it off stops the terminal's signed calls.
    afterWrite: (args, id, data) => {
      if (typeof data.is_active !== 'boolean') return;
      setServiceAccountActive(args.db, id, data.is_active);
    },
    remove: (args, row) => {
      markTerminalDeleted(args.db, String(row.id));
      if (row.user_id) deleteServiceAccount(args.db, String(row.user_id));
    },
    serialize: (args, row: Row, out) => {
      const active = row.user_id ? userIsActive(args.db, String(row.user_id)) : 0;
      out.is_active = Boolean(active);
      out.is_alive = typeof row.last_heartbeat === 'number' && args.now - row.last_heartbeat < ALIVE_MS;
      out.replay_state = !out.is_alive
        ? 'unknown'
        : row.replay_error
          ? 'failing'
          : Number(row.replay_pending) > 0
            ? 'waiting'
            : 'ok';
      const state = storageState({
        free: typeof row.storage_free_bytes === 'number' ? row.storage_free_bytes : null,
        total: typeof row.storage_total_bytes === 'number' ? row.storage_total_bytes : null,
        fault: String(row.storage_fault ?? ''),
      });
      out.storage_status = state;
      out.storage_status_display = pick(
        args.ctx.lang,
        STORAGE_STATE_CHOICES.find((choice) => choice.value === state)!.label,
      );
      out.storage_last_fault = typeof row.storage_last_fault === 'string' ? JSON.parse(row.storage_last_fault) : null;
    },
  },
  sample: ({ seq }) => ({
    create: [0, 1].map((i) => ({
      name: `sample-term-${seq}-${i}`,
      comment: `sample ${seq}`,
      ssh_port: 2222 + i,
      is_accepted: true,
    })),
    update: { comment: `updated ${seq}`, is_accepted: false },
  }),
};

// /api/v1/terminal/sessions/ (§2.6): one row per connection a terminal carried. Records are append-only:
// only a terminal creates one, for a user its door authenticated — who, what, from where and when are
// set from that sign-in (terminal/session-binding.ts), never from the body; only the terminal that opened
// it changes it, and only to finish it (terminal/session-record.ts); nobody deletes one through the API
// (audits/append-only.ts answers 405): sessions age out with their commands and recording by
// TERMINAL_SESSION_KEEP_DURATION (terminal/session-retention.ts). Admins and auditors read; a user, their own. Org scoped.
import { IsAppUser } from '../../core/permissions.ts';
import { terminalOf } from '../app-user.ts';
import { IsSessionReaderOrOwner, ownSessionsOnly } from '../session-owner.ts';
import type { FieldDef, HookArgs, ResourceDef, Row } from '../../engine/types.ts';
import { L } from '../../engine/field-kit.ts';
import { t } from '../../core/lib/i18n.ts';
import { UUID_PATTERN, uuid } from '../../core/lib/ids.ts';
import { isoAt } from '../../core/lib/time.ts';
import { applyBinding, refuseUnboundSession } from '../session-binding.ts';
import { sessionChangeErrors } from '../session-record.ts';
import { replayStatusOf, replayStorageOfTerminal } from '../replay-status.ts';
import { sessionSample } from '../samples.ts';
import { commandCountOfSession, deleteSampleCommands } from '../command-store.ts';
import { deleteSampleSessions, sessionExists } from '../session-store.ts';

export const LOGIN_FROM = [
  { value: 'ST', label: L('SSH 终端', 'SSH Terminal') },
  { value: 'WT', label: L('Web 终端', 'Web Terminal') },
];
export const SESSION_PROTOCOLS = ['ssh', 'rdp', 'vnc', 'telnet', 'mysql', 'k8s'].map((p) => ({
  value: p,
  label: L(p, p),
}));
/** Protocols a live session can be joined on (2.3 Session.can_join). */
const JOINABLE = new Set(['ssh', 'telnet', 'mysql', 'k8s']);

const REPLAY_STATUSES = [
  { value: 'stored', label: L('已保存', 'Stored') },
  { value: 'recording', label: L('录制中', 'Recording') },
  { value: 'not_kept', label: L('不保存（Null 存储）', 'Not kept (Null storage)') },
  { value: 'uploading', label: L('上传中', 'Being stored') },
  { value: 'retrying', label: L('尚未保存，重试中', 'Not yet stored, retrying') },
  { value: 'terminal_offline', label: L('尚未保存，终端离线', 'Not yet stored, its terminal is offline') },
  { value: 'missing', label: L('没有录像', 'No recording') },
];

const text = (zh: string, en: string, max: number, extra: Partial<FieldDef> = {}): FieldDef => ({
  type: 'string',
  label: L(zh, en),
  max_length: max,
  ...extra,
});
const flag = (zh: string, en: string, value: boolean): FieldDef => ({
  type: 'boolean',
  label: L(zh, en),
  default: value,
});

/** A new session's id (terminals choose it, so replays and commands can name it before the answer); a change's rules. */
function validate(args: HookArgs, data: Row, existing: Row | null): Record<string, string[]> | null {
  if (existing) return sessionChangeErrors(args, data, existing);
  const lang = args.ctx.lang;
  if (data.id !== undefined && data.id !== '') {
    if (typeof data.id !== 'string' || !UUID_PATTERN.test(data.id)) return { id: [t(lang, 'field.invalid_uuid')] };
    if (sessionExists(args.db, data.id.toLowerCase())) return { id: [t(lang, 'field.unique')] };
  }
  return null;
}

function removeSamples(db: HookArgs['db'], orgId: string): void {
  deleteSampleCommands(db, orgId);
  deleteSampleSessions(db, orgId);
}

export const terminalSessionsResource: ResourceDef = {
  name: 'Session List',
  model: L('会话', 'Session'),
  url: '/api/v1/terminal/sessions/',
  table: 'terminal_sessions',
  fields: {
    id: { type: 'string', label: L('ID', 'ID'), max_length: 36, allow_blank: true },
    user: text('用户', 'User', 128, { required: true }),
    user_id: text('用户 ID', 'User ID', 36, { allow_blank: true, default: '' }),
    asset: text('资产', 'Asset', 128, { required: true }),
    asset_id: text('资产 ID', 'Asset ID', 36, { allow_blank: true, default: '' }),
    system_user: text('系统用户', 'System user', 128, { required: true }),
    system_user_id: text('系统用户 ID', 'System user ID', 36, { allow_blank: true, default: '' }),
    login_from: { type: 'choice', label: L('登录来源', 'Login from'), choices: LOGIN_FROM, default: 'ST' },
    remote_addr: text('远端地址', 'Remote addr', 128, { allow_blank: true, allow_null: true, default: '' }),
    is_success: flag('是否成功', 'Is success', true),
    is_finished: flag('是否结束', 'Is finished', false),
    has_replay: flag('录像', 'Replay', false),
    has_command: flag('命令', 'Command', false),
    protocol: { type: 'choice', label: L('协议', 'Protocol'), choices: SESSION_PROTOCOLS, default: 'ssh' },
    date_start: { type: 'datetime', label: L('开始日期', 'Date start'), default: (now: number) => isoAt(now) },
    date_end: { type: 'datetime', label: L('结束日期', 'Date end'), allow_null: true },
    terminal: {
      type: 'string',
      label: L('终端', 'Terminal'),
      read_only: true,
      relation: '/api/v1/terminal/terminals/',
    },
    can_replay: { type: 'boolean', label: L('可以回放', 'Can replay'), read_only: true, column: false },
    can_join: { type: 'boolean', label: L('可以加入', 'Can join'), read_only: true, column: false },
    // Our extension: where the recording belongs (bound when the session opens) and how far it got.
    replay_status: {
      type: 'choice',
      label: L('录像状态', 'Recording'),
      read_only: true,
      column: false,
      choices: REPLAY_STATUSES,
    },
    replay_storage_name: { type: 'string', label: L('录像存储', 'Replay storage'), read_only: true, column: false },
    replay_error: { type: 'string', label: L('录像错误', 'Recording error'), read_only: true, column: false },
  },
  displayFields: {
    command_amount: { type: 'integer', label: L('命令数量', 'Command amount'), read_only: true, column: false },
  },
  filterFields: ['user', 'asset', 'system_user', 'remote_addr', 'protocol', 'terminal', 'is_finished', 'login_from'],
  searchFields: ['user', 'asset', 'system_user', 'remote_addr'],
  orderingFields: ['date_start', 'date_end', 'user', 'asset', 'system_user', 'remote_addr', 'protocol'],
  defaultOrder: ['-date_start'],
  dateRangeField: 'date_start',
  orgScoped: true,
  csvImport: false,
  // No delete (audits/append-only.ts answers 405) and no bulk writes: one session, one door sign-in.
  actions: ['list', 'retrieve', 'create', 'update'],
  permissions: {
    list: IsSessionReaderOrOwner,
    retrieve: IsSessionReaderOrOwner,
    // A session's record is its terminal's word: no admin writes one (the console only reads sessions
    // and asks terminals to kill them).
    create: IsAppUser,
    update: IsAppUser,
    delete: IsAppUser,
  },
  hooks: {
    refuse: (args, action) => (action === 'create' ? refuseUnboundSession(args) : null),
    validate,
    beforeCreate: (args, data) => {
      data.id = typeof data.id === 'string' && data.id ? data.id.toLowerCase() : uuid();
      applyBinding(args, data);
      data.is_finished = false;
      data.date_end = null;
      data.has_replay = false;
      data.has_command = false;
      data.terminal = terminalOf(args.db, args.ctx.user)?.id ?? null;
      // Its recording goes where its terminal's replay storage points now, whatever the terminal is told later.
      data.replay_storage = replayStorageOfTerminal(args.db, data.terminal as string | null);
      // The first real session of an org ends its demo samples (seed/session-samples.ts), commands with them.
      removeSamples(args.db, String(data.org_id ?? ''));
    },
    // A terminal changes only its own sessions.
    refuseObject: (args, row) => {
      const own = terminalOf(args.db, args.ctx.user);
      return own && own.id === row.terminal
        ? null
        : { status: 403, body: { detail: t(args.ctx.lang, 'auth.forbidden') } };
    },
    serialize: (args, row, out) => {
      out.can_replay = Boolean(row.has_replay);
      out.can_join = !row.is_finished && JOINABLE.has(String(row.protocol));
      const replay = replayStatusOf(args.db, row, args.now);
      out.replay_status = replay.status;
      out.replay_storage_name = replay.storage;
      out.replay_error = replay.error;
    },
    display: (args, row, out) => {
      out.command_amount = commandCountOfSession(args.db, row.id);
    },
  },
  sample: sessionSample,
  // A user who reads no sessions sees their own (terminal/session-owner.ts).
  scope: (args) => ownSessionsOnly(args.db, args.ctx, args.now) ?? { sql: '1', params: [] },
};

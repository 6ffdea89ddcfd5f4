// /api/v1/terminal/sessions/ (§2.6): one row per connection a terminal carried. Terminals create and close
// them (the terminal is set from the calling service account, never from the body); only the terminal
// that opened a session changes it; org admins may create and delete in their org; auditors read. Org
// scoped; a terminal (App, any org) names the session's org in `org_id`.
import { IsAppUser, IsOrgAdminOrAppUser, IsSessionReader, isAppUser, terminalOf } from '../terminal/app-user.ts';
import type { FieldDef, HookArgs, ResourceDef, Row } from '../engine/types.ts';
import { L } from '../assets/fields.ts';
import { t } from '../lib/i18n.ts';
import { UUID_PATTERN, uuid } from '../lib/ids.ts';
import { isoAt } from '../lib/time.ts';
import { sessionSample } from '../terminal/samples.ts';

export const LOGIN_FROM = [{ value: 'ST', label: L('SSH 终端', 'SSH Terminal') }, { value: 'WT', label: L('Web 终端', 'Web Terminal') }];
export const SESSION_PROTOCOLS = ['ssh', 'rdp', 'vnc', 'telnet', 'mysql', 'k8s'].map((p) => ({ value: p, label: L(p, p) }));
/** Protocols a live session can be joined on (2.3 Session.can_join). */
const JOINABLE = new Set(['ssh', 'telnet', 'mysql', 'k8s']);

const text = (zh: string, en: string, max: number, extra: Partial<FieldDef> = {}): FieldDef =>
  ({ type: 'string', label: L(zh, en), max_length: max, ...extra });
const flag = (zh: string, en: string, value: boolean): FieldDef => ({ type: 'boolean', label: L(zh, en), default: value });

/**
 * `org_id` as the body sent it for this item (org_id is read-only in OPTIONS, as on every org resource, so
 * the engine does not pass it on): the body itself, or the array item carrying this session's id.
 */
function sentOrgId(args: HookArgs, data: Row): unknown {
  const body = args.request.body;
  const items = Array.isArray(body) ? body : [body];
  const item = items.length === 1 ? items[0] : items.find((entry) => entry && typeof entry === 'object' && (entry as Row).id === data.id);
  return item && typeof item === 'object' ? (item as Row).org_id : undefined;
}

/** The id the body asks for (terminals choose it, so replays and commands can name it before the answer). */
function validate(args: HookArgs, data: Row, existing: Row | null): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const lang = args.ctx.lang;
  if (!existing && data.id !== undefined && data.id !== '') {
    if (typeof data.id !== 'string' || !UUID_PATTERN.test(data.id)) errors.id = [t(lang, 'field.invalid_uuid')];
    else if (args.db.prepare('SELECT 1 FROM terminal_sessions WHERE id = ?').get(data.id.toLowerCase())) errors.id = [t(lang, 'field.unique')];
  }
  if (existing) delete data.id;
  // A terminal may file a session under any org it names; admins write into their current org.
  const sent = existing || !isAppUser(args.ctx.user) ? undefined : sentOrgId(args, data);
  if (sent !== undefined && sent !== null) {
    const wanted = typeof sent === 'string' ? sent.trim() : '';
    const value = wanted === 'DEFAULT' ? '' : wanted;
    if (typeof sent !== 'string') errors.org_id = [t(lang, 'field.invalid_string')];
    else if (value && !args.db.prepare('SELECT 1 FROM orgs WHERE id = ?').get(value)) errors.org_id = [t(lang, 'field.invalid_pk', { value })];
    else data.chosen_org = value;
  }
  // 2.3: a UUID sent as system_user is replaced by the system user's name.
  if (typeof data.system_user === 'string' && UUID_PATTERN.test(data.system_user)) {
    const named = args.db.prepare('SELECT name FROM system_users WHERE id = ?').pluck().get(data.system_user) as string | undefined;
    if (named) {
      if (!data.system_user_id) data.system_user_id = data.system_user;
      data.system_user = named;
    }
  }
  if (data.is_finished === true && !data.date_end && !existing?.date_end) data.date_end = isoAt(args.now);
  return Object.keys(errors).length ? errors : null;
}

function removeSamples(db: HookArgs['db'], orgId: string): void {
  db.prepare('DELETE FROM commands WHERE session IN (SELECT id FROM terminal_sessions WHERE is_sample = 1 AND org_id = ?)').run(orgId);
  db.prepare('DELETE FROM terminal_sessions WHERE is_sample = 1 AND org_id = ?').run(orgId);
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
    terminal: { type: 'string', label: L('终端', 'Terminal'), read_only: true, relation: '/api/v1/terminal/terminals/' },
    can_replay: { type: 'boolean', label: L('可以回放', 'Can replay'), read_only: true, column: false },
    can_join: { type: 'boolean', label: L('可以加入', 'Can join'), read_only: true, column: false },
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
  bulk: true,
  // A list DELETE removes one session at a time (nothing to narrow against: sessions are never seeded).
  bulkDelete: 'exactlyOne',
  csvImport: false,
  permissions: {
    list: IsSessionReader, retrieve: IsSessionReader,
    // A session's record (finished, its end, has_replay/has_command) is its terminal's word: no admin
    // rewrites it (the console only reads sessions and asks terminals to kill them).
    create: IsOrgAdminOrAppUser, update: IsAppUser, delete: IsOrgAdminOrAppUser,
  },
  hooks: {
    validate,
    beforeCreate: (args, data) => {
      data.id = typeof data.id === 'string' && data.id ? data.id.toLowerCase() : uuid();
      if (data.chosen_org !== undefined) data.org_id = data.chosen_org;
      delete data.chosen_org;
      data.terminal = terminalOf(args.db, args.ctx.user)?.id ?? null;
      // The first real session of an org ends its demo samples (seed/session-samples.ts), commands with them.
      if (isAppUser(args.ctx.user)) removeSamples(args.db, String(data.org_id ?? ''));
    },
    // A terminal changes or deletes only its own sessions; admins delete any of their org.
    refuseObject: (args, row) => {
      if (!isAppUser(args.ctx.user)) return null;
      const own = terminalOf(args.db, args.ctx.user);
      return own && own.id === row.terminal ? null : { status: 403, body: { detail: t(args.ctx.lang, 'auth.forbidden') } };
    },
    serialize: (_args, row, out) => {
      out.can_replay = Boolean(row.has_replay);
      out.can_join = !row.is_finished && JOINABLE.has(String(row.protocol));
    },
    display: (args, row, out) => {
      out.command_amount = args.db.prepare('SELECT COUNT(*) FROM commands WHERE session = ?').pluck().get(row.id);
    },
  },
  sample: sessionSample,
};

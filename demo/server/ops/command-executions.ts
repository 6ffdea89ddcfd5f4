// Batch commands (§2.7 `command-executions/`, IsValidUser, ROOT org, the caller's own rows): POST
// `{hosts, run_as, command}` runs the command over SSH on every host as the run-as system user. Who may
// run what is the grant engine's answer: every host must be granted to the caller with that system
// user and the `connect` action (2.3: 400 `{"hosts": "Not has host [...] permission"}`), the system
// user's command filters judge the command as the terminal's door does (a deny rule refuses the whole
// run before any host is touched, naming the rule; the refused run is still written down, as a finished
// execution that failed with the refusal), and with SECURITY_COMMAND_EXECUTION off common
// users get 403 "Command execution disabled". Each run is a row of command_executions (the audit log's
// source) whose id is its task's id, so its log is `/api/v1/ops/celery/task/<id>/log/`.
import type { FastifyInstance } from 'fastify';
import { CommandFilter, ready as filterReady, type FilterRule } from '../../shared/command-filter/command-filter.ts';
import { latestAuthBook, withAssetAuth } from '../assets/auth-book-store.ts';
import { runAsSystemUser, type RunAsSystemUser } from '../assets/system-user-store.ts';
import { computed, L, readOnly } from '../engine/field-kit.ts';
import { authorize, everyAction, IsValidUser } from '../core/permissions.ts';
import type { UserRow } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { registerResource } from '../engine/routes.ts';
import { serializeRow } from '../engine/serialize.ts';
import type { AuthedCtx, HookArgs, ResourceDef, Row } from '../engine/types.ts';
import { pick, t, type Lang, type Localized } from '../core/lib/i18n.ts';
import { UUID_PATTERN, uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { hasAdminOrAuditorRole, isSuperAuditor, isSuperuser } from '../core/orgs/membership-store.ts';
import { ACTION_BITS } from '../perms/actions.ts';
import { grantedSystemUsers } from '../perms/grants.ts';
import { openColumns } from '../core/secrets/sealed-columns.ts';
import { commandWork } from '../tasks/command-work.ts';
import type { JobRecord } from '../tasks/job-record.ts';
import { assetsByIds } from '../tasks/start-tasks.ts';
import type { AssetRow, LoginAccount } from '../tasks/targets.ts';
import { filterName, filterRulesOf } from './command-filter-store.ts';
import { executionById, executionHosts, insertExecution as storeExecution } from './execution-store.ts';

export const COMMAND_EXECUTIONS_URL = '/api/v1/ops/command-executions/';
/** Most hosts one run may name (the runner works on 10 at once; a run is one task). */
export const MAX_HOSTS = 1000;
const MAX_COMMAND = 4096;

export const COMMAND_TEXT = {
  // 2.3's text (CommandExecutionViewSet.check_permissions).
  disabled: L('批量命令已禁用', 'Command execution disabled'),
  noPermission: L('没有主机 {hosts} 的权限', 'Not has host {hosts} permission'),
  refused: L(
    '命令被拒绝：命中命令过滤器“{filter}”的规则“{rule}”',
    'Command refused: it matches the rule "{rule}" of the command filter "{filter}"',
  ),
  notSsh: L('批量命令只能以 SSH 系统用户执行', 'Batch commands run as SSH system users only'),
  tooMany: L('一次最多 {max} 台主机', 'At most {max} hosts at once'),
  stopped: L('已被 {user} 停止', 'Stopped by {user}'),
  notRunning: L('该命令执行已结束', 'This command execution has finished'),
} satisfies Record<string, Localized>;

/** 2.3's `is_common_user`: no admin or auditor role, neither system-wide nor in any org. */
export function isCommonUser(db: DB, user: UserRow): boolean {
  if (isSuperuser(user) || isSuperAuditor(user)) return false;
  return !hasAdminOrAuditorRole(db, user.id);
}

export function executionDisabledFor(db: DB, settingOn: boolean, user: UserRow): boolean {
  return !settingOn && isCommonUser(db, user);
}

type RunAsRow = RunAsSystemUser;

export interface CheckedCommand {
  command: string;
  runAs: RunAsRow;
  assets: AssetRow[];
}

/** A run the command filter refused: what it would have been, and why (the 400 answer's text). */
export interface RefusedCommand extends CheckedCommand {
  reason: string;
}

type FieldErrors = Record<string, unknown>;

/** Reads and checks a run request for `user`: field errors (400), or what to run. */
export function checkCommand(
  db: DB,
  user: UserRow,
  lang: Lang,
  nowMs: number,
  body: unknown,
): { errors: FieldErrors; refused?: RefusedCommand } | CheckedCommand {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { errors: { detail: t(lang, 'request.invalid_body') } };
  const data = body as Row;
  const errors: FieldErrors = {};
  const hosts = data.hosts;
  if (hosts === undefined || hosts === null) errors.hosts = [t(lang, 'field.required')];
  else if (!Array.isArray(hosts)) errors.hosts = [t(lang, 'field.invalid_list')];
  else if (!hosts.length) errors.hosts = [t(lang, 'field.required')];
  else if (hosts.length > MAX_HOSTS) errors.hosts = [pick(lang, COMMAND_TEXT.tooMany, { max: MAX_HOSTS })];
  else {
    const bad = hosts.find((id) => typeof id !== 'string' || !UUID_PATTERN.test(id));
    if (bad !== undefined) errors.hosts = [t(lang, 'field.invalid_pk', { value: String(bad).slice(0, 64) })];
  }
  const runAsId = data.run_as;
  let runAs: RunAsRow | undefined;
  if (runAsId === undefined || runAsId === null || runAsId === '') errors.run_as = [t(lang, 'field.required')];
  else if (typeof runAsId !== 'string' || !UUID_PATTERN.test(runAsId) || !(runAs = runAsSystemUser(db, runAsId))) {
    errors.run_as = [t(lang, 'field.invalid_pk', { value: String(runAsId).slice(0, 64) })];
  } else if (runAs.protocol !== 'ssh') errors.run_as = [pick(lang, COMMAND_TEXT.notSsh)];
  const command = data.command;
  if (command === undefined || command === null) errors.command = [t(lang, 'field.required')];
  else if (typeof command !== 'string') errors.command = [t(lang, 'field.invalid_string')];
  else if (!command.trim()) errors.command = [t(lang, 'field.blank')];
  else if (command.length > MAX_COMMAND) errors.command = [t(lang, 'field.max_length', { max: MAX_COMMAND })];
  else if (command.includes('\u0000')) errors.command = [t(lang, 'field.null_characters')];
  if (Object.keys(errors).length) return { errors };

  // Every host granted to the caller (in any org: batch commands run in ROOT) with this system user and `connect`.
  const ids = [...new Set(hosts as string[])];
  const scope = { subject: { user: user.id }, orgId: null, now: nowMs };
  const refused = ids.filter(
    (id) =>
      !grantedSystemUsers(db, scope, id).some((su) => su.id === runAs!.id && (su.actions & ACTION_BITS.connect) !== 0),
  );
  if (refused.length)
    return {
      errors: {
        hosts: pick(lang, COMMAND_TEXT.noPermission, { hosts: `[${refused.map((id) => `'${id}'`).join(', ')}]` }),
      },
    };

  const verdict = new CommandFilter(filterRulesOf(db, runAs!.id)).check(command as string);
  if (!verdict.allowed) {
    const rule = verdict.rule as (FilterRule & { filter_id?: string }) | undefined;
    const filter = rule?.filter_id ? filterName(db, rule.filter_id) : undefined;
    const reason = pick(lang, COMMAND_TEXT.refused, { rule: rule?.content ?? '', filter: filter ?? '' });
    return {
      errors: { command: [reason] },
      refused: { command: command as string, runAs: runAs!, assets: assetsByIds(db, ids), reason },
    };
  }
  return { command: command as string, runAs: openColumns(db, 'system_users', runAs!), assets: assetsByIds(db, ids) };
}

/** The run-as account on one asset: the system user's (a dynamic one's username is the caller's), its AuthBook version there over it. */
function loginOn(db: DB, runAs: RunAsRow, user: UserRow): (asset: AssetRow) => LoginAccount | undefined {
  const username = runAs.username_same_with_user ? user.username : runAs.username;
  return (asset) =>
    withAssetAuth(
      { username, password: runAs.password, private_key: runAs.private_key },
      latestAuthBook(db, asset.id, username),
    );
}

/** The job center's task name of a batch command: one task per command text in an org. */
export const commandTaskName = (command: string): string =>
  `Batch command: ${command.replace(/\s+/g, ' ').trim().slice(0, 100)}`;

/** The execution's row and its hosts; `refused`: it ends there, failed with that reason (2.3: an `error` key). */
function insertExecution(db: DB, user: UserRow, checked: CheckedCommand, at: string, refused?: string): string {
  const id = uuid();
  // The seeded samples stand in only until the first real run (or refusal): execution-store.ts.
  storeExecution(
    db,
    {
      id,
      run_as: checked.runAs.id,
      user: user.id,
      command: checked.command,
      is_finished: refused ? 1 : 0,
      result: refused ? JSON.stringify({ error: refused }) : '{}',
      date_created: at,
      date_start: refused ? at : null,
      date_finished: refused ? at : null,
      org_id: checked.runAs.org_id,
    },
    checked.assets.map((asset) => asset.id),
  );
  return id;
}

/** A run the command filter refused, written down as the audit log's failed execution; nothing is queued or run. */
export function recordRefusedExecution(app: FastifyInstance, user: UserRow, refused: RefusedCommand): string {
  return insertExecution(app.bastion.db, user, refused, isoAt(app.bastion.now()), refused.reason);
}

/** Records the execution (and its hosts), then queues its run; returns the execution's id (its task's id). */
export function startCommandExecution(
  app: FastifyInstance,
  user: UserRow,
  lang: Lang,
  checked: CheckedCommand,
): string {
  const { db, now } = app.bastion;
  const id = insertExecution(db, user, checked, isoAt(now()));
  const job: JobRecord = {
    kind: 'command',
    command: checked.command,
    run_as: checked.runAs.id,
    hosts: checked.assets.map((asset) => asset.id),
    user: user.id,
  };
  const work = commandWork(db, {
    command: checked.command,
    runAsLabel: `${checked.runAs.name}(${checked.runAs.username_same_with_user ? user.username : checked.runAs.username})`,
    assets: checked.assets,
    loginOn: loginOn(db, checked.runAs, user),
  });
  const owner = { creator: user.username, creatorId: user.id, lang, orgId: checked.runAs.org_id };
  app.tasks.submit(commandTaskName(checked.command), owner, work, job, id);
  return id;
}

export const commandExecutionsResource: ResourceDef = {
  name: 'Command Execution List',
  model: L('命令执行', 'Command execution'),
  url: COMMAND_EXECUTIONS_URL,
  table: 'command_executions',
  fields: {
    id: readOnly('string', 'ID', 'ID'),
    hosts: { ...computed('list', '主机', 'Host'), relation: '/api/v1/assets/assets/' },
    run_as: { ...readOnly('string', '运行用户', 'Run as'), relation: '/api/v1/assets/system-users/' },
    command: readOnly('string', '命令', 'Command'),
    result: readOnly('dict', '结果', 'Result'),
    log_url: computed('string', '日志', 'Log url'),
    is_finished: readOnly('boolean', '是否完成', 'Is finished'),
    date_created: readOnly('datetime', '创建日期', 'Date created'),
    date_finished: readOnly('datetime', '完成日期', 'Date finished'),
  },
  searchFields: ['command'],
  filterFields: ['run_as', 'is_finished'],
  orderingFields: ['date_created', 'date_finished'],
  defaultOrder: ['-date_created'],
  actions: ['list', 'retrieve'],
  permissions: everyAction(IsValidUser),
  // ROOT and the caller's own rows only, whatever org the request names (2.3's RootOrgViewMixin + user filter).
  scope: ({ ctx }) => ({ sql: 'user = ?', params: [ctx.user.id] }),
  hooks: {
    refuse: ({ db, ctx, request }) =>
      executionDisabledFor(
        db,
        request.server.bastion.settings.get<boolean>('SECURITY_COMMAND_EXECUTION') !== false,
        ctx.user,
      )
        ? { status: 403, body: { detail: pick(ctx.lang, COMMAND_TEXT.disabled) } }
        : null,
    serialize: ({ db }, row, out) => {
      out.hosts = executionHosts(db, row.id);
      out.log_url = `/api/v1/ops/celery/task/${row.id}/log/`;
    },
  },
  sample: () => ({ create: [], update: {} }),
};

export function registerCommandExecutionRoutes(app: FastifyInstance): void {
  // The door's parser is WebAssembly, loaded once; a check before it is loaded would judge lines unparsed.
  app.addHook('onReady', async () => {
    await filterReady();
  });
  registerResource(app, commandExecutionsResource);
  app.post(COMMAND_EXECUTIONS_URL, async (request, reply) => {
    if (!authorize(request, reply, IsValidUser)) return reply;
    const { db, now, settings } = app.bastion;
    const ctx = request.ctx as AuthedCtx;
    if (executionDisabledFor(db, settings.get<boolean>('SECURITY_COMMAND_EXECUTION') !== false, ctx.user)) {
      return reply.code(403).send({ detail: pick(ctx.lang, COMMAND_TEXT.disabled) });
    }
    const checked = checkCommand(db, ctx.user, ctx.lang, now(), request.body);
    if ('errors' in checked) {
      if (checked.refused) recordRefusedExecution(app, ctx.user, checked.refused);
      return reply.code(400).send(checked.errors);
    }
    if (app.tasks.closed) return reply.code(503).send({ detail: t(ctx.lang, 'request.server_error') });
    const id = startCommandExecution(app, ctx.user, ctx.lang, checked);
    const args: HookArgs = { db, ctx, request, now: now() };
    const row = executionById(db, id);
    return reply.code(201).send(serializeRow(commandExecutionsResource, args, row, 'retrieve'));
  });
}

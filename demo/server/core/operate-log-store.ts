// Operate logs (§2.9): the resource engine calls recordOperation for every create, update and delete it
// makes (single, bulk, CSV import), inside the write's own transaction, so a rolled-back batch leaves no
// log. Only the admin-managed models 2.3 records (apps/audits/signals_handler.py MODELS_NEED_RECORD) are
// logged; each maps to how 2.3's model prints itself (its __str__), keyed by the definition's table.
import type { FastifyRequest } from 'fastify';
import type { RequestContext, UserRow } from './context.ts';
import type { DB } from './db/open.ts';
import type { Localized } from './lib/i18n.ts';
import { uuid } from './lib/ids.ts';
import { isoAt } from './lib/time.ts';
import { storedOrgId } from './orgs/current-org.ts';

export type OperateAction = 'create' | 'update' | 'delete';

type Row = Record<string, unknown>;
/** What the log needs of a resource definition (engine/types.ts ResourceDef): its table and model name. */
interface Logged {
  table: string;
  model: Localized;
}
/** What the log needs of a write (the engine's HookArgs): who, from where, when, in which org. */
interface Write {
  db: DB;
  ctx: RequestContext & { user: UserRow };
  request: FastifyRequest;
  now: number;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const named = (row: Row) => text(row.name);
const nameAndUsername = (row: Row) => `${text(row.name)}(${text(row.username)})`;

/** Table -> the object's string as 2.3 shows it in the log's `resource` column. */
const RECORDED: Record<string, (row: Row) => string> = {
  users: nameAndUsername,
  user_groups: named,
  assets: (row) => `${text(row.hostname)}(${text(row.ip)})`,
  nodes: (row) => text(row.value),
  admin_users: named,
  system_users: nameAndUsername,
  domains: named,
  gateways: named,
  orgs: named,
  asset_permissions: named,
  cmd_filters: named,
  cmd_filter_rules: (row) => `${text(row.type)} % ${text(row.content)}`,
  platforms: named,
  remote_apps: named,
  remote_app_permissions: named,
  database_apps: named,
  database_app_permissions: named,
  // Not in 2.3's list: every action on a ticket is logged here (who approved, rejected, closed, replied).
  tickets: (row) => `${text(row.user_display)}: ${text(row.title)}`,
};

export const isRecorded = (def: Logged): boolean => def.table in RECORDED;

/** The user as 2.3's User.__str__ prints it: "name(username)". */
export const userLabel = (user: { name: string; username: string }): string => `${user.name}(${user.username})`;

export function recordOperation(def: Logged, args: Write, action: OperateAction, row: Row): void {
  const describe = RECORDED[def.table];
  if (!describe) return;
  insertOperateLog(args.db, {
    user: userLabel(args.ctx.user),
    action,
    resourceType: def.model[args.ctx.lang],
    resource: describe(row),
    remoteAddr: args.request.ip ?? '',
    datetime: isoAt(args.now),
    orgId: storedOrgId(args.ctx.org),
  });
}

/** One row (this table's only insert), each text cut to its column's length as 2.3's model does. */
export function insertOperateLog(
  db: DB,
  row: {
    user: string;
    action: OperateAction;
    resourceType: string;
    resource: string;
    remoteAddr: string;
    datetime: string;
    orgId: string;
  },
): void {
  db.prepare(
    `INSERT INTO operate_logs (id, user, action, resource_type, resource, remote_addr, datetime, org_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    uuid(),
    row.user.slice(0, 128),
    row.action,
    row.resourceType.slice(0, 64),
    row.resource.slice(0, 128),
    row.remoteAddr,
    row.datetime,
    row.orgId,
  );
}

// The asset-permission extras of §2.5 and /perms/system-users-permission/: everyone a permission
// reaches (users/all/), everything it covers (assets/all/), the yes/no and the actions a terminal asks
// for (user/validate/, user/actions/), 2.3's cache refresh, and the system users granted to the caller.
// What is granted comes from grants.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { L } from '../engine/field-kit.ts';
import { authorize, IsOrgAdmin, IsValidUser, sendForbidden, type PermissionCheck } from '../core/permissions.ts';
import { listRows } from '../engine/list.ts';
import { paginated } from '../engine/paging.ts';
import { singleValues } from '../engine/query-params.ts';
import { serializeRow } from '../engine/serialize.ts';
import type { Clause, HookArgs, ResourceDef, Row } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { UUID_PATTERN } from '../core/lib/ids.ts';
import { orgSees, storedOrgId } from '../core/orgs/current-org.ts';
import { canAdmin, canAudit } from '../core/orgs/membership-store.ts';
import { systemUsersResource } from '../assets/resources/system-users.ts';
import { userExists } from '../users/user-store.ts';
import { actionNames } from './actions.ts';
import { grantedSystemUserRows } from './grant-store.ts';
import { grantedSystemUsers, permissionAssetsClause, permissionUsersClause, type GrantScope } from './grants.ts';
import { targetOrgId, type LinkTarget } from './link-target-store.ts';
import { permissionOrgId } from './permission-store.ts';

const BASE = '/api/v1/perms/asset-permissions/';
const text = (zh: string, en: string) => ({ type: 'string' as const, label: L(zh, en) });

/** A read-only list over `table` limited to `clause`, searched and filtered on `fields` (2.3's filter_fields = search_fields). */
function scopedList(table: string, fields: string[], order: string, clause: Clause): ResourceDef {
  return {
    name: 'Scoped List',
    model: L('对象', 'Object'),
    url: '',
    table,
    fields: { id: text('ID', 'ID'), ...Object.fromEntries(fields.map((f) => [f, text(f, f)])) },
    searchFields: fields,
    filterFields: fields,
    orderingFields: [order],
    defaultOrder: [order],
    scope: () => clause,
    permissions: { list: IsOrgAdmin, retrieve: IsOrgAdmin, create: IsOrgAdmin, update: IsOrgAdmin, delete: IsOrgAdmin },
    sample: () => ({ create: [], update: {} }),
  };
}

function listAnswer(args: HookArgs, def: ResourceDef, shape: (row: Row) => Row) {
  const { rows, page, count } = listRows(def, args, singleValues(args.request.query as Record<string, unknown>));
  const results = rows.map(shape);
  return page ? paginated(args.request, page, count, results) : results;
}

function argsOf(request: FastifyRequest, check: PermissionCheck, reply: FastifyReply): HookArgs | null {
  if (!authorize(request, reply, check)) return null;
  return { db: request.server.bastion.db, ctx: request.ctx, request, now: request.server.bastion.now() };
}

/** The permission of the path when the current org sees it; else a 404 has been sent. */
function permissionOf(args: HookArgs, reply: FastifyReply): string | null {
  const id = String((args.request.params as { id: string }).id);
  const orgId = UUID_PATTERN.test(id) ? permissionOrgId(args.db, id) : undefined;
  if (orgId !== undefined && orgSees(args.ctx.org, orgId)) return id;
  reply.code(404).send({
    detail: t(args.ctx.lang, 'request.object_not_found', {
      model: args.ctx.lang === 'zh' ? '资产授权' : 'Asset permission',
    }),
  });
  return null;
}

/**
 * user/validate/ and user/actions/: the system users `user_id` may use on `asset_id` in the current org.
 * 2.3 lets any valid user ask about anyone; here a user asks about themself, admins and auditors of
 * the org (and App accounts, the terminals) about anyone. Returns null when the ids are not UUIDs.
 */
function userAssetGrant(
  args: HookArgs,
  reply: FastifyReply,
): { systemUser: string; actions: number | null } | null | 'sent' {
  const query = singleValues(args.request.query as Record<string, unknown>);
  const userId = query.user_id ?? '';
  const { db, ctx } = args;
  if (
    userId !== ctx.user.id &&
    ctx.user.role !== 'App' &&
    !canAdmin(db, ctx.user, ctx.org) &&
    !canAudit(db, ctx.user, ctx.org)
  ) {
    sendForbidden(args.request, reply);
    return 'sent';
  }
  const missing = (model: string) => {
    reply.code(404).send({ detail: t(ctx.lang, 'request.object_not_found', { model }) });
    return 'sent' as const;
  };
  if (!UUID_PATTERN.test(userId) || !userExists(db, userId)) return missing(ctx.lang === 'zh' ? '用户' : 'User');
  const assetId = query.asset_id ?? '';
  const systemUser = query.system_user_id ?? '';
  if (!UUID_PATTERN.test(assetId) || !UUID_PATTERN.test(systemUser)) return null;
  // As 2.3's org-scoped get_object_or_404: another org's asset or system user is not found here (ROOT sees
  // every org), so a refusal does not tell an id of another org from an id of nothing.
  const seen = (table: LinkTarget, id: string) => {
    const orgId = targetOrgId(db, table, id);
    return orgId !== undefined && orgSees(ctx.org, orgId);
  };
  if (!seen('assets', assetId)) return missing(ctx.lang === 'zh' ? '资产' : 'Asset');
  if (!seen('system_users', systemUser)) return missing(ctx.lang === 'zh' ? '系统用户' : 'System user');
  const scope: GrantScope = {
    subject: { user: userId },
    orgId: ctx.org.kind === 'root' ? null : storedOrgId(ctx.org),
    now: args.now,
  };
  const granted = grantedSystemUsers(db, scope, assetId).find((su) => su.id === systemUser);
  return { systemUser, actions: granted ? granted.actions : null };
}

const SYSTEM_USER_FIELDS = [
  'id',
  'name',
  'username',
  'protocol',
  'login_mode',
  'login_mode_display',
  'priority',
  'username_same_with_user',
  'auto_push',
  'cmd_filters',
  'sudo',
  'shell',
  'comment',
  'sftp_root',
  'date_created',
  'created_by',
];

export function registerPermissionExtraRoutes(app: FastifyInstance): void {
  app.get(`${BASE}:id/users/all/`, (request, reply) => {
    const args = argsOf(request, IsOrgAdmin, reply);
    const id = args && permissionOf(args, reply);
    if (!args || !id) return reply;
    return listAnswer(
      args,
      scopedList('users', ['username', 'name'], 'username', permissionUsersClause(id)),
      (row) => ({ user: row.id, user_display: `${row.name}(${row.username})` }),
    );
  });
  app.get(`${BASE}:id/assets/all/`, (request, reply) => {
    const args = argsOf(request, IsOrgAdmin, reply);
    const id = args && permissionOf(args, reply);
    if (!args || !id) return reply;
    return listAnswer(
      args,
      scopedList('assets', ['hostname', 'ip'], 'hostname', permissionAssetsClause(id)),
      (row) => ({ asset: row.id, asset_display: `${row.hostname}(${row.ip})` }),
    );
  });
  app.get(`${BASE}user/validate/`, (request, reply) => {
    const args = argsOf(request, IsValidUser, reply);
    if (!args) return reply;
    const grant = userAssetGrant(args, reply);
    if (grant === 'sent') return reply;
    const action = singleValues(request.query as Record<string, unknown>).action_name ?? '';
    const allowed = !!grant && grant.actions !== null && (actionNames(grant.actions) as string[]).includes(action);
    return reply.code(allowed ? 200 : 403).send({ msg: allowed });
  });
  app.get(`${BASE}user/actions/`, (request, reply) => {
    const args = argsOf(request, IsValidUser, reply);
    if (!args) return reply;
    const grant = userAssetGrant(args, reply);
    if (grant === 'sent') return reply;
    if (!grant) return reply.code(403).send({ msg: false });
    return { actions: grant.actions === null ? [] : actionNames(grant.actions) };
  });
  // Grants are computed on every call here (2.3 rebuilt cached user trees): nothing to refresh.
  app.get(`${BASE}cache/refresh/`, (request, reply) => (argsOf(request, IsOrgAdmin, reply) ? { msg: true } : reply));

  app.get('/api/v1/perms/system-users-permission/', (request, reply) => {
    const args = argsOf(request, IsValidUser, reply);
    if (!args) return reply;
    const rows = grantedSystemUserRows(args.db, { subject: { user: args.ctx.user.id }, orgId: null, now: args.now });
    return rows.map((row) => {
      const out = serializeRow(systemUsersResource, args, row, 'list');
      return Object.fromEntries(SYSTEM_USER_FIELDS.map((name) => [name, out[name] ?? null]));
    });
  });
}

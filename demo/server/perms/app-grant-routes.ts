// The application granted-resource endpoints of §2.5, for each kind of ./app-kinds.ts:
//   /api/v1/perms/users/<id>/<kind>/            the user's apps in the current org (IsOrgAdmin)
//   /api/v1/perms/users/<kind>/                 the caller's own apps in every org ("my", IsValidUser)
//   …/<kind>/tree/                              the same as Lina tree items under one root (`?only=1`: no root)
//   …/<kind>/<app_id>/system-users/             the system users granted on one app
//   /api/v1/perms/user-groups/<id>/<kind>/      a group's own apps (IsOrgAdmin)
//   /api/v1/perms/<kind>-permissions/user/validate/?user_id&<kind>_id&system_user_id   200/403 {"msg"}
// Each is a thin call into ./app-grants.ts, which alone decides what is granted.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, IsOrgAdmin, IsValidUser, type PermissionCheck } from '../auth/permissions.ts';
import { visibleIds } from '../assets/fields.ts';
import { listRows } from '../engine/list.ts';
import { paginated } from '../engine/paging.ts';
import { readOptions, serializeRow } from '../engine/serialize.ts';
import type { AuthedCtx, HookArgs, ResourceDef } from '../engine/types.ts';
import { pick, t } from '../lib/i18n.ts';
import { ROOT_ORG, storedOrgId } from '../orgs/current-org.ts';
import { isOrgMember } from '../orgs/org-members.ts';
import { databaseAppsResource } from '../resources/database-apps.ts';
import { k8sAppsResource } from '../resources/k8s-apps.ts';
import { remoteAppsResource } from '../resources/remote-apps.ts';
import { APP_KINDS, type AppKind } from './app-kinds.ts';
import { grantedAppsClause, grantedAppSystemUsers, type AppGrantScope } from './app-grants.ts';

type Query = Record<string, string>;
type Who = 'my' | 'user' | 'group';

const PERMS = '/api/v1/perms';
const APPS: Record<AppKind['kind'], ResourceDef> = { remote_app: remoteAppsResource, database_app: databaseAppsResource, k8s_app: k8sAppsResource };

/** Runs the handler for callers the check allows, with the request's hook arguments. */
function guarded(app: FastifyInstance, check: PermissionCheck, handle: (args: HookArgs, request: FastifyRequest, reply: FastifyReply) => unknown) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (!authorize(request, reply, check)) return reply;
    return handle({ db: app.bastion.db, ctx: request.ctx as AuthedCtx, request, now: app.bastion.now() }, request, reply);
  };
}

const notFound = (args: HookArgs, reply: FastifyReply) => reply.code(404).send({ detail: t(args.ctx.lang, 'request.not_found') });

/**
 * The scope of a request and the hook arguments to list with: "my" = the caller in every org (lists
 * run as ROOT); a user = a member of the current org; a group = one the current org holds. Null when
 * the subject is not there (the handler answers 404).
 */
function scopeOf(args: HookArgs, who: Who, id: string | undefined): { scope: AppGrantScope; listArgs: HookArgs } | null {
  if (who === 'my') return { scope: { subject: { user: args.ctx.user.id }, orgId: null, now: args.now }, listArgs: { ...args, ctx: { ...args.ctx, org: ROOT_ORG } } };
  const orgId = args.ctx.org.kind === 'root' ? null : storedOrgId(args.ctx.org);
  if (who === 'user') {
    const exists = args.db.prepare('SELECT 1 FROM users WHERE id = ?').get(id);
    return exists && isOrgMember(args.db, args.ctx.org, String(id)) ? { scope: { subject: { user: String(id) }, orgId, now: args.now }, listArgs: args } : null;
  }
  return visibleIds(args, 'user_groups', [String(id)]).size ? { scope: { subject: { group: String(id) }, orgId, now: args.now }, listArgs: args } : null;
}

/** The kind's app definition narrowed to the granted apps, with the granted views' filters and search. */
function grantedDef(kind: AppKind, scope: AppGrantScope): ResourceDef {
  const clause = grantedAppsClause(kind, scope);
  return { ...APPS[kind.kind], filterFields: ['name', 'id', 'type', 'comment'], searchFields: ['name', 'comment'], extraFilters: undefined, scope: () => clause };
}

function treeItems(args: HookArgs, kind: AppKind, rows: { id: unknown; name: unknown }[], only: boolean) {
  const root = { id: kind.treeRoot, name: pick(args.ctx.lang, kind.label), title: kind.treeTitle, pId: '', isParent: true, open: false, iconSkin: '', nocheck: false, meta: { type: kind.kind } };
  const items = rows.map((row) => ({
    id: String(row.id), name: String(row.name), title: String(row.name), pId: only ? '' : kind.treeRoot,
    isParent: false, open: false, iconSkin: 'file', nocheck: false, meta: { type: kind.kind },
  }));
  return only ? items : [root, ...items];
}

function registerKind(app: FastifyInstance, kind: AppKind): void {
  const list = (who: Who, tree: boolean) => (args: HookArgs, request: FastifyRequest, reply: FastifyReply) => {
    const found = scopeOf(args, who, (request.params as { id?: string }).id);
    if (!found) return notFound(args, reply);
    const def = grantedDef(kind, found.scope);
    const query = request.query as Query;
    if (tree) {
      const { rows } = listRows(def, found.listArgs, { ...query, limit: '', offset: '' });
      return treeItems(args, kind, rows as { id: unknown; name: unknown }[], query.only === '1');
    }
    const { rows, page, count } = listRows(def, found.listArgs, query);
    const opts = readOptions('list', query);
    const results = rows.map((row) => serializeRow(def, found.listArgs, row, opts));
    return page ? paginated(request, page, count, results) : results;
  };
  const systemUsers = (who: Who) => (args: HookArgs, request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { id?: string; app_id: string };
    const found = scopeOf(args, who, params.id);
    if (!found) return notFound(args, reply);
    const exists = args.db.prepare(`SELECT 1 FROM ${kind.table} WHERE id = ?`).get(params.app_id);
    if (!exists) return notFound(args, reply);
    return grantedAppSystemUsers(args.db, kind, found.scope, params.app_id);
  };
  const seg = kind.segment;
  app.get(`${PERMS}/users/${seg}/`, guarded(app, IsValidUser, list('my', false)));
  app.get(`${PERMS}/users/${seg}/tree/`, guarded(app, IsValidUser, list('my', true)));
  app.get(`${PERMS}/users/${seg}/:app_id/system-users/`, guarded(app, IsValidUser, systemUsers('my')));
  app.get(`${PERMS}/users/:id/${seg}/`, guarded(app, IsOrgAdmin, list('user', false)));
  app.get(`${PERMS}/users/:id/${seg}/tree/`, guarded(app, IsOrgAdmin, list('user', true)));
  app.get(`${PERMS}/users/:id/${seg}/:app_id/system-users/`, guarded(app, IsOrgAdmin, systemUsers('user')));
  app.get(`${PERMS}/user-groups/:id/${seg}/`, guarded(app, IsOrgAdmin, list('group', false)));
  // 2.3: IsOrgAdminOrAppUser across every org (its app utils switch to ROOT); here an org admin asks
  // about the grants of the current org only (ROOT: every org).
  app.get(`${PERMS}/${kind.kind.replace('_', '-')}-permissions/user/validate/`, guarded(app, IsOrgAdmin, (args, request, reply) => {
    const query = request.query as Query;
    const ids = [query.user_id, query[`${kind.kind}_id`], query.system_user_id];
    if (ids.some((value) => typeof value !== 'string' || !value)) return reply.code(403).send({ msg: false });
    const [user, appId, systemUser] = ids as string[];
    if (!args.db.prepare('SELECT 1 FROM users WHERE id = ?').get(user) || !args.db.prepare(`SELECT 1 FROM ${kind.table} WHERE id = ?`).get(appId)) return notFound(args, reply);
    const orgId = args.ctx.org.kind === 'root' ? null : storedOrgId(args.ctx.org);
    const granted = grantedAppSystemUsers(args.db, kind, { subject: { user }, orgId, now: args.now }, appId).some((s) => s.id === systemUser);
    return reply.code(granted ? 200 : 403).send({ msg: granted });
  }));
}

export function registerAppGrantRoutes(app: FastifyInstance): void {
  for (const kind of APP_KINDS) registerKind(app, kind);
}

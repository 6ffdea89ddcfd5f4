// The application granted-resource endpoints of §2.5, for each kind of ./app-kinds.ts:
//   /api/v1/perms/users/<id>/<kind>/            the user's apps in the current org (themself, or admins/auditors of the org)
//   /api/v1/perms/users/<kind>/                 the caller's own apps in every org ("my", IsValidUser)
//   …/<kind>/tree/                              the same as Lina tree items under one root (`?only=1`: no root)
//   …/<kind>/<app_id>/system-users/             the system users granted on one app
//   /api/v1/perms/user-groups/<id>/<kind>/      a group's own apps (admins/auditors of the org)
//   /api/v1/perms/<kind>-permissions/user/validate/?user_id&<kind>_id&system_user_id   200/403 {"msg"}
// Each is a thin call into ./app-grants.ts, which alone decides what is granted.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, IsValidUser, type PermissionCheck } from '../core/permissions.ts';
import { listRows } from '../engine/list.ts';
import { paginated } from '../engine/paging.ts';
import { readOptions, serializeRow } from '../engine/serialize.ts';
import type { AuthedCtx, HookArgs, ResourceDef } from '../engine/types.ts';
import { pick, t } from '../core/lib/i18n.ts';
import { ROOT_ORG, storedOrgId } from '../core/orgs/current-org.ts';
import { canAdmin, canAudit } from '../core/orgs/membership-store.ts';
import { UUID_PATTERN } from '../core/lib/ids.ts';
import { databaseAppsResource } from '../applications/resources/database-apps.ts';
import { k8sAppsResource } from '../applications/resources/k8s-apps.ts';
import { remoteAppsResource } from '../applications/resources/remote-apps.ts';
import { userExists } from '../users/user-store.ts';
import { APP_KINDS, type AppKind } from './app-kinds.ts';
import { grantScope } from './grant-scope.ts';
import { grantedAppsClause, grantedAppSystemUsers, type AppGrantScope } from './app-grants.ts';
import { targetExists } from './link-target-store.ts';

type Query = Record<string, string>;
type Who = 'my' | 'user' | 'group';

const PERMS = '/api/v1/perms';
const APPS: Record<AppKind['kind'], ResourceDef> = {
  remote_app: remoteAppsResource,
  database_app: databaseAppsResource,
  k8s_app: k8sAppsResource,
};

/** Runs the handler for callers the check allows, with the request's hook arguments. */
function guarded(
  app: FastifyInstance,
  check: PermissionCheck,
  handle: (args: HookArgs, request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (!authorize(request, reply, check)) return reply;
    return handle(
      { db: app.bastion.db, ctx: request.ctx as AuthedCtx, request, now: app.bastion.now() },
      request,
      reply,
    );
  };
}

const notFound = (args: HookArgs, reply: FastifyReply) =>
  reply.code(404).send({ detail: t(args.ctx.lang, 'request.not_found') });

/** Admins and auditors of the current org, and terminals, may ask about others (validate/, as the asset grant routes). */
const overseer = (args: HookArgs): boolean =>
  canAdmin(args.db, args.ctx.user, args.ctx.org) ||
  canAudit(args.db, args.ctx.user, args.ctx.org) ||
  // Terminals ask right before a session opens (2.3: IsOrgAdminOrAppUser), as for assets.
  args.ctx.user.role === 'App';

type Scoped = { scope: AppGrantScope; listArgs: HookArgs };

/**
 * Whose app grants a request reads, by the one rule of the asset grant routes (./grant-scope.ts, which
 * also sends the refusal): "my" lists run as ROOT, so they span every org.
 */
function scoped(request: FastifyRequest, reply: FastifyReply, who: Who): Scoped | null {
  const granted = grantScope(who, request, reply);
  if (!granted) return null;
  const listArgs = who === 'my' ? { ...granted.args, ctx: { ...granted.args.ctx, org: ROOT_ORG } } : granted.args;
  return { scope: granted.scope, listArgs };
}

/** The kind's app definition narrowed to the granted apps, with the granted views' filters and search. */
function grantedDef(kind: AppKind, scope: AppGrantScope): ResourceDef {
  const clause = grantedAppsClause(kind, scope);
  return {
    ...APPS[kind.kind],
    filterFields: ['name', 'id', 'type', 'comment'],
    searchFields: ['name', 'comment'],
    extraFilters: undefined,
    scope: () => clause,
  };
}

function treeItems(args: HookArgs, kind: AppKind, rows: { id: unknown; name: unknown }[], only: boolean) {
  const root = {
    id: kind.treeRoot,
    name: pick(args.ctx.lang, kind.label),
    title: kind.treeTitle,
    pId: '',
    isParent: true,
    open: false,
    iconSkin: '',
    nocheck: false,
    meta: { type: kind.kind },
  };
  const items = rows.map((row) => ({
    id: String(row.id),
    name: String(row.name),
    title: String(row.name),
    pId: only ? '' : kind.treeRoot,
    isParent: false,
    open: false,
    iconSkin: 'file',
    nocheck: false,
    meta: { type: kind.kind },
  }));
  return only ? items : [root, ...items];
}

function registerKind(app: FastifyInstance, kind: AppKind): void {
  const list = (who: Who, tree: boolean) => (args: HookArgs, request: FastifyRequest, reply: FastifyReply) => {
    const found = scoped(request, reply, who);
    if (!found) return reply;
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
    const params = request.params as { app_id: string };
    const found = scoped(request, reply, who);
    if (!found) return reply;
    const exists = targetExists(args.db, kind.table, params.app_id);
    if (!exists) return notFound(args, reply);
    return grantedAppSystemUsers(args.db, kind, found.scope, params.app_id);
  };
  const seg = kind.segment;
  app.get(`${PERMS}/users/${seg}/`, guarded(app, IsValidUser, list('my', false)));
  app.get(`${PERMS}/users/${seg}/tree/`, guarded(app, IsValidUser, list('my', true)));
  app.get(`${PERMS}/users/${seg}/:app_id/system-users/`, guarded(app, IsValidUser, systemUsers('my')));
  app.get(`${PERMS}/users/:user_id/${seg}/`, guarded(app, IsValidUser, list('user', false)));
  app.get(`${PERMS}/users/:user_id/${seg}/tree/`, guarded(app, IsValidUser, list('user', true)));
  app.get(`${PERMS}/users/:user_id/${seg}/:app_id/system-users/`, guarded(app, IsValidUser, systemUsers('user')));
  app.get(`${PERMS}/user-groups/:group_id/${seg}/`, guarded(app, IsValidUser, list('group', false)));
  // 2.3: IsOrgAdminOrAppUser across every org (its app utils switch to ROOT). Here, as the asset
  // permissions' validate: a user about themself, admins/auditors of the current org about its
  // members, within the current org (ROOT: every org); ids that are not UUIDs answer 403 {"msg": false}.
  app.get(
    `${PERMS}/${kind.kind.replace('_', '-')}-permissions/user/validate/`,
    guarded(app, IsValidUser, (args, request, reply) => {
      const query = request.query as Query;
      const ids = [query.user_id, query[`${kind.kind}_id`], query.system_user_id];
      if (ids.some((value) => typeof value !== 'string' || !UUID_PATTERN.test(value)))
        return reply.code(403).send({ msg: false });
      const [user, appId, systemUser] = ids as string[];
      if (user !== args.ctx.user.id && !overseer(args))
        return reply.code(403).send({ detail: t(args.ctx.lang, 'auth.forbidden') });
      if (!userExists(args.db, user) || !targetExists(args.db, kind.table, appId)) return notFound(args, reply);
      const orgId = args.ctx.org.kind === 'root' ? null : storedOrgId(args.ctx.org);
      const granted = grantedAppSystemUsers(args.db, kind, { subject: { user }, orgId, now: args.now }, appId).some(
        (s) => s.id === systemUser,
      );
      return reply.code(granted ? 200 : 403).send({ msg: granted });
    }),
  );
}

export function registerAppGrantRoutes(app: FastifyInstance): void {
  for (const kind of APP_KINDS) registerKind(app, kind);
}

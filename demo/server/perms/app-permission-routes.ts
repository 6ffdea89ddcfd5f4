// Endpoints of one application permission beyond CRUD (§2.5), for each kind of ./app-kinds.ts:
//   <perm>/<id>/users/all/    every user it reaches, directly or through its groups: [{user, user_display}]
//   <perm>/<id>/<apps>/all/   its apps: [{<appKey>, <appKey>_display}]
//   <perm>/<id>/users/add/, /users/remove/, /<apps>/add/, /<apps>/remove/   PUT/PATCH {users | <apps>: [ids]}
//     -> {"msg": "ok"}; ids the org cannot use -> 200 {"error": {field: [...]}}, as 2.3 answers. GET shows
//     {id, <field>}. 2.3 has these four on remote-app permissions only; they are offered on every kind here.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unknownIds } from '../engine/field-kit.ts';
import { detailRoute } from '../engine/detail-route.ts';
import { listRows } from '../engine/list.ts';
import { paginated } from '../engine/paging.ts';
import type { HookArgs, ResourceDef, Row } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { appPermissionResourceOf } from './resources/app-permissions.ts';
import { usersResource } from '../users/resources/users.ts';
import { APP_KINDS, type AppKind } from './app-kinds.ts';
import { outsiderErrors } from './app-permission-rules.ts';
import { appPermissionLinkIds, changeLinks } from './app-permission-store.ts';

type Query = Record<string, string>;

/** Users named by the permission or members of its groups (2.3's `all_users`). */
function allUsersClause(kind: AppKind, permissionId: unknown) {
  return {
    sql: `id IN (SELECT user_id FROM ${kind.prefix}_users WHERE permission_id = ? UNION
      SELECT ug.user_id FROM ${kind.prefix}_user_groups pg JOIN user_group_users ug ON ug.group_id = pg.usergroup_id WHERE pg.permission_id = ?)`,
    params: [permissionId, permissionId],
  };
}

function registerKind(app: FastifyInstance, kind: AppKind): void {
  const def = appPermissionResourceOf(kind);
  const read = detailRoute(app, def, 'retrieve');
  const write = detailRoute(app, def, 'update');
  const base = `${def.url}:id/`;

  // Lists of plain rows with 2.3's filters and search (users: username, name; apps: name), paged on `limit`.
  const page = (request: FastifyRequest, listDef: ResourceDef, args: HookArgs, shape: (row: Row) => Row) => {
    const query = request.query as Query;
    const { rows, page: p, count } = listRows(listDef, args, query);
    const results = rows.map(shape);
    return p ? paginated(request, p, count, results) : results;
  };

  app.get(
    `${base}users/all/`,
    read((args, row, request) => {
      const clause = allUsersClause(kind, row.id);
      const listDef: ResourceDef = {
        ...usersResource,
        orgScoped: false,
        scope: () => clause,
        filterFields: ['username', 'name'],
        searchFields: ['username', 'name'],
        extraFilters: undefined,
        ftsTable: undefined,
      };
      return page(request, listDef, args, (user) => ({
        user: user.id,
        user_display: `${user.name}(${user.username})`,
      }));
    }),
  );

  app.get(
    `${base}${kind.segment}/all/`,
    read((args, row, request) => {
      const clause = {
        sql: `id IN (SELECT ${kind.appColumn} FROM ${kind.prefix}_${kind.table} WHERE permission_id = ?)`,
        params: [row.id],
      };
      const listDef: ResourceDef = {
        name: def.name,
        model: kind.label,
        url: kind.appsUrl,
        table: kind.table,
        fields: {},
        permissions: def.permissions,
        filterFields: ['name'],
        searchFields: ['name'],
        orderingFields: ['name'],
        defaultOrder: ['name'],
        scope: () => clause,
        sample: def.sample,
      };
      return page(request, listDef, args, (one) => ({ [kind.appKey]: one.id, [`${kind.appKey}_display`]: one.name }));
    }),
  );

  const links = [
    {
      segment: 'users',
      field: 'users',
      table: 'users',
      column: 'user_id',
      check: (args: HookArgs, value: unknown) => outsiderErrors(args, 'users', value),
    },
    {
      segment: kind.segment,
      field: kind.field,
      table: kind.table,
      column: kind.appColumn,
      check: (args: HookArgs, value: unknown) => unknownIds(args, kind.table, kind.field, value),
    },
  ];
  for (const link of links) {
    app.get(
      `${base}${link.segment}/add/`,
      read((args, row) => ({ id: row.id, [link.field]: appPermissionLinkIds(args.db, kind, link.table, row.id) })),
    );
    app.get(
      `${base}${link.segment}/remove/`,
      read((args, row) => ({ id: row.id, [link.field]: appPermissionLinkIds(args.db, kind, link.table, row.id) })),
    );
    for (const mode of ['add', 'remove'] as const) {
      const handler = write((args, row, request) => {
        const body =
          request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Row) : {};
        const value = body[link.field];
        if (value !== undefined && value !== null && !Array.isArray(value))
          return { error: { [link.field]: [t(args.ctx.lang, 'field.invalid_list')] } };
        const ids = Array.isArray(value) ? value.map(String) : [];
        const errors = mode === 'add' ? link.check(args, ids) : null;
        if (errors) return { error: errors };
        args.db.transaction(() => changeLinks(args.db, kind, link.field, String(row.id), ids, mode))();
        return { msg: 'ok' };
      });
      app.put(`${base}${link.segment}/${mode}/`, handler);
      app.patch(`${base}${link.segment}/${mode}/`, handler);
    }
  }
}

export function registerAppPermissionRoutes(app: FastifyInstance): void {
  for (const kind of APP_KINDS) registerKind(app, kind);
}

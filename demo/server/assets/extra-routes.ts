// Read and action endpoints of §2.3 outside plain CRUD: an asset's platform and gateways, an admin
// user's assets / auth / nodes, a system user's auth-info and command filter rules.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { coerceField } from '../engine/fields.ts';
import { detailRoute } from '../engine/detail-route.ts';
import { notFound } from '../engine/guard.ts';
import { listRows } from '../engine/list.ts';
import { paginated } from '../engine/paging.ts';
import { serializeRow } from '../engine/serialize.ts';
import type { HookArgs, Row } from '../engine/types.ts';
import { findOne } from '../engine/write.ts';
import { adminUsersResource } from './resources/admin-users.ts';
import { assetsResource } from './resources/assets.ts';
import { cmdFilterRulesResource } from './resources/cmd-filter-rules.ts';
import { platformsResource } from './resources/platforms.ts';
import { systemUsersResource } from './resources/system-users.ts';
import { openColumns, sealColumns } from '../core/secrets/sealed-columns.ts';
import { visibleNode } from './asset-filters.ts';
import { assetConnectivity } from './asset-writes.ts';
import { L, message } from '../engine/field-kit.ts';
import { keepStoredSecrets, privateKeyErrors } from './secrets.ts';
import { setAdminUserOnSubtree } from './asset-store.ts';
import { clearAuth, setAuthColumns, systemUserById } from './system-user-store.ts';
import { setAdminUserAuth } from './admin-user-store.ts';
import { systemUserRules } from './cmd-filter-store.ts';
import { activeSshGateways } from './gateway-store.ts';
import { platformByName } from './platform-store.ts';

const bodyOf = (request: FastifyRequest): Row =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Row) : {};

export function registerAssetExtraRoutes(app: FastifyInstance): void {
  const asset = detailRoute(app, assetsResource, 'retrieve');
  app.get(
    `${assetsResource.url}:id/platform/`,
    asset((args, row, _request, reply) => {
      const platform = platformByName(args.db, row.platform as string | null);
      return platform
        ? serializeRow(platformsResource, args, platform, 'retrieve')
        : notFound(args, reply, platformsResource);
    }),
  );
  app.get(
    `${assetsResource.url}:id/gateways/`,
    asset((args, row) =>
      row.domain
        ? activeSshGateways(args.db, String(row.domain)).map((gateway) => openColumns(args.db, 'gateways', gateway))
        : [],
    ),
  );
  registerAdminUserRoutes(app);
  registerSystemUserRoutes(app);
}

function registerAdminUserRoutes(app: FastifyInstance): void {
  const base = adminUsersResource.url;
  const read = detailRoute(app, adminUsersResource, 'retrieve');
  const write = detailRoute(app, adminUsersResource, 'update');
  app.get(
    `${base}:id/assets/`,
    read((args, row, request) => {
      const query = { ...(request.query as Record<string, string>), admin_user__id: String(row.id) };
      const { rows, page, count } = listRows(assetsResource, args, query);
      const results = rows.map((a) => ({
        id: a.id,
        hostname: a.hostname,
        ip: a.ip,
        port: a.port,
        connectivity: assetConnectivity(a),
      }));
      return page ? paginated(request, page, count, results) : results;
    }),
  );
  const auth = write((args, row, request, reply) => {
    const data: Row = {};
    // Typed like the resource's own fields: a list or an object is a field error, not a column value.
    const typeErrors: Record<string, string[]> = {};
    for (const field of ['password', 'private_key']) {
      if (!(field in bodyOf(request))) continue;
      const coerced = coerceField(adminUsersResource.fields[field], bodyOf(request)[field], args.ctx.lang);
      if (coerced.ok) data[field] = coerced.value;
      else typeErrors[field] = [coerced.error];
    }
    if (Object.keys(typeErrors).length) return reply.code(400).send(typeErrors);
    keepStoredSecrets(data, row, ['password', 'private_key']);
    const errors = privateKeyErrors(args, { ...data, password: data.password ?? row.password });
    if (errors) return reply.code(400).send(errors);
    setAdminUserAuth(args.db, String(row.id), sealColumns(args.db, 'admin_users', data));
    return serializeRow(adminUsersResource, args, findOne(args, adminUsersResource, String(row.id))!, 'retrieve');
  });
  const nodes = write((args, row, request, reply) => {
    const ids = bodyOf(request).nodes;
    const found = Array.isArray(ids) ? ids.map((id) => visibleNode(args, String(id))) : [];
    if (!Array.isArray(ids) || found.some((n) => !n))
      return reply.code(400).send({ error: message(args, L('节点不存在', 'Node does not exist')) });
    args.db.transaction(() => {
      for (const node of found) setAdminUserOnSubtree(args.db, String(row.id), node!);
    })();
    return { msg: 'ok' };
  });
  for (const method of ['put', 'patch'] as const) {
    app[method](`${base}:id/auth/`, auth);
    app[method](`${base}:id/nodes/`, nodes);
  }
}

const AUTH_FIELDS = ['password', 'private_key', 'public_key', 'token'];
// 2.3.1's SystemUserWithAuthInfoSerializer: its Meta names these fields and, with extra_kwargs of its own,
// leaves the secrets readable; org_id/org_name come from its org mixin. A terminal reads sftp_root, sudo,
// shell, priority… from here, not only the secrets.
const AUTH_INFO_FIELDS = [
  'id',
  'name',
  'username',
  'protocol',
  'login_mode',
  'login_mode_display',
  'priority',
  'username_same_with_user',
  'auto_push',
  'sudo',
  'shell',
  'comment',
  'sftp_root',
  'org_id',
  'org_name',
];
/** The auth-info body of an opened (unsealed) system-user row. */
export function authInfo(args: HookArgs, row: Row): Row {
  const shown = serializeRow(systemUsersResource, args, row, 'retrieve') as Row;
  const info: Row = Object.fromEntries(AUTH_INFO_FIELDS.map((f) => [f, shown[f]]));
  for (const f of AUTH_FIELDS) info[f] = row[f];
  return info;
}

function registerSystemUserRoutes(app: FastifyInstance): void {
  const base = systemUsersResource.url;
  const read = detailRoute(app, systemUsersResource, 'retrieve');
  const write = detailRoute(app, systemUsersResource, 'update');
  app.get(
    `${base}:id/auth-info/`,
    read((args, row) => authInfo(args, row)),
  );
  const update = write((args, row, request, reply) => {
    const data: Row = {};
    for (const field of AUTH_FIELDS)
      if (typeof bodyOf(request)[field] === 'string') data[field] = bodyOf(request)[field];
    const errors = privateKeyErrors(args, { ...data, password: data.password ?? row.password });
    if (errors) return reply.code(400).send(errors);
    setAuthColumns(args.db, String(row.id), sealColumns(args.db, 'system_users', data));
    return authInfo(args, openColumns(args.db, 'system_users', systemUserById(args.db, String(row.id))!));
  });
  app.put(`${base}:id/auth-info/`, update);
  app.patch(`${base}:id/auth-info/`, update);
  app.delete(
    `${base}:id/auth-info/`,
    write((args, row, _request, reply) => {
      clearAuth(args.db, String(row.id));
      return reply.code(204).send();
    }),
  );
  app.get(
    `${base}:id/cmd-filter-rules/`,
    read((args, row) => {
      return systemUserRules(args.db, String(row.id)).map((rule) =>
        serializeRow(cmdFilterRulesResource, args, rule, 'list'),
      );
    }),
  );
}

// OPTIONS on the granted lists that Lina 2.3.1 shows as tables. Its AutoDataTable asks
// `OPTIONS <list url>?draw=1&display=1` before the first GET and builds no table at all when that
// fails, so a 405 left the user and user-group "granted assets" tabs (`perms/users/<id>/assets/`,
// `perms/user-groups/<id>/assets/`, then `…/nodes/<node_id>/assets/` once a node is picked), the user's
// own asset and application pages and the granted-application tabs empty. 2.3 answers DRF's metadata
// with a GET action (its serializer's fields, `filter` on its filter fields) to whoever may read the list:
// the same callers as the GET here (grant-scope.ts), which sends the 401/403/404 otherwise.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { L } from '../engine/field-kit.ts';
import { everyAction, IsValidUser } from '../core/permissions.ts';
import { buildOptions } from '../engine/options.ts';
import type { FieldDef, ResourceDef } from '../engine/types.ts';
import { databaseAppsResource } from '../applications/resources/database-apps.ts';
import { k8sAppsResource } from '../applications/resources/k8s-apps.ts';
import { remoteAppsResource } from '../applications/resources/remote-apps.ts';
import { APP_KINDS, type AppKind } from './app-kinds.ts';
import { grantScope, type ScopeKind } from './grant-scope.ts';

const PERMS = '/api/v1/perms';
const PREFIXES: { kind: ScopeKind; prefix: string; view: string }[] = [
  { kind: 'my', prefix: `${PERMS}/users/`, view: 'User Granted' },
  { kind: 'user', prefix: `${PERMS}/users/:user_id/`, view: 'User Granted' },
  { kind: 'group', prefix: `${PERMS}/user-groups/:group_id/`, view: 'User Group Granted' },
];

const shown = (type: FieldDef['type'], zh: string, en: string): FieldDef => ({
  type,
  label: L(zh, en),
  read_only: true,
});

/** 2.3's AssetGrantedSerializer: every field read-only; filter fields hostname, ip, id, comment. */
const grantedAsset = (name: string): ResourceDef => ({
  name,
  model: L('资产', 'Asset'),
  url: '',
  table: 'assets',
  fields: {
    id: shown('string', 'ID', 'ID'),
    hostname: shown('string', '主机名', 'Hostname'),
    ip: shown('string', 'IP', 'IP'),
    protocols: shown('list', '协议组', 'Protocols'),
    os: shown('string', '操作系统', 'OS'),
    domain: shown('field', '网域', 'Domain'),
    platform: shown('field', '系统平台', 'Platform'),
    comment: shown('string', '备注', 'Comment'),
  },
  filterFields: ['hostname', 'ip', 'id', 'comment'],
  searchFields: ['hostname', 'ip', 'comment'],
  orgScoped: true,
  permissions: everyAction(IsValidUser),
  sample: () => ({ create: [], update: {} }),
});

const APP_DEFS: Record<AppKind['kind'], ResourceDef> = {
  remote_app: remoteAppsResource,
  database_app: databaseAppsResource,
  k8s_app: k8sAppsResource,
};
const APP_VIEWS: Record<AppKind['kind'], string> = {
  remote_app: 'Remote Apps',
  database_app: 'Database Apps',
  k8s_app: 'K8s Apps',
};

export function registerGrantedOptionsRoutes(app: FastifyInstance): void {
  const answer = (kind: ScopeKind, def: ResourceDef) => (request: FastifyRequest, reply: FastifyReply) => {
    const granted = grantScope(kind, request, reply);
    if (!granted) return reply;
    return buildOptions(def, granted.args, ['GET']);
  };
  for (const { kind, prefix, view } of PREFIXES) {
    app.options(`${prefix}assets/`, answer(kind, grantedAsset(`${view} Assets Api`)));
    app.options(`${prefix}nodes/:node_id/assets/`, answer(kind, grantedAsset(`${view} Node Assets Api`)));
    for (const appKind of APP_KINDS) {
      // The granted apps' list: the app's own fields, with the granted views' filters.
      const def: ResourceDef = {
        ...APP_DEFS[appKind.kind],
        name: `${view} ${APP_VIEWS[appKind.kind]} Api`,
        filterFields: ['name', 'id', 'type', 'comment'],
      };
      app.options(`${prefix}${appKind.segment}/`, answer(kind, def));
    }
  }
}

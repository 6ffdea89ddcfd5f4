// The granted-resource endpoints of §2.5 for assets, in their three forms ("my", one user, one group;
// see grant-scope.ts). Each handler is a thin call into grants.ts, shaped by granted-shapes.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { L, message } from '../assets/fields.ts';
import { nodeById, nodeByKey } from '../assets/node-tree.ts';
import type { TreeItem } from '../assets/tree-items.ts';
import { singleValues } from '../engine/query-params.ts';
import type { HookArgs } from '../engine/types.ts';
import { t } from '../lib/i18n.ts';
import { UUID_PATTERN } from '../lib/ids.ts';
import { orgSees } from '../orgs/current-org.ts';
import { actionNames } from './actions.ts';
import { grantScope, type ScopeKind } from './grant-scope.ts';
import {
  FAVORITE_KEY, grantedAssetIdList, grantedAssetsClause, grantedPlacements, grantedSystemUsers, idsClause, nodeAssetIds, specialNodeCounts,
  placedAssets, treeCounts, UNGROUPED_KEY, type GrantScope, type Placement,
} from './grants.ts';
import { grantedAssetItem, grantedAssetRows, grantedAssetsAnswer, nodeItems, nodeRows } from './granted-shapes.ts';
import { usableAssetIds } from './usable-assets.ts';

type Handler = (args: HookArgs, scope: GrantScope, request: FastifyRequest, reply: FastifyReply) => unknown;
const SPECIAL = new Set([FAVORITE_KEY, UNGROUPED_KEY]);
const NODE_MISSING = L('节点 对象不存在。', 'Node object does not exist.');

const VARIANTS: { kind: ScopeKind; prefix: string }[] = [
  { kind: 'my', prefix: '/api/v1/perms/users/' },
  { kind: 'user', prefix: '/api/v1/perms/users/:user_id/' },
  { kind: 'group', prefix: '/api/v1/perms/user-groups/:group_id/' },
];

/**
 * The node a request names (`?key=`, `?id=` or the path's node id): its key, `null` for none, or
 * 'missing' for an unknown node or one outside the scope's org. `-12` / `-10` name the special nodes.
 */
function nodeKey(args: HookArgs, scope: GrantScope, raw: { key?: string; id?: string }): string | null | 'missing' {
  const named = raw.key ?? raw.id;
  if (named === undefined) return null;
  if (SPECIAL.has(named)) return named;
  const node = raw.key !== undefined ? nodeByKey(args.db, named) : UUID_PATTERN.test(named) ? nodeById(args.db, named) : null;
  if (!node || (scope.orgId !== null && !orgSees(args.ctx.org, node.org_id))) return 'missing';
  return node.key;
}

/** `node=<id>` of an asset list: the assets the tree shows on that node (placements computed only then). */
const byNode = (args: HookArgs, scope: GrantScope) => (key: string, deep: boolean) =>
  idsClause(nodeAssetIds(args.db, scope, grantedPlacements(args.db, scope), key, deep));

/** The granted ids (hostname order) the tree shows on `key`. */
const onNode = (args: HookArgs, scope: GrantScope, key: string, deep: boolean) => {
  const shown = nodeAssetIds(args.db, scope, grantedPlacements(args.db, scope), key, deep);
  return grantedAssetIdList(args.db, scope).filter((id) => shown.has(id));
};

/** Every node of the tree with its count, the special nodes included. */
function allCounts(args: HookArgs, scope: GrantScope, placements: Placement[]): Map<string, number> {
  const counts = treeCounts(placements, 'all');
  for (const special of specialNodeCounts(args.db, scope, placements)) counts.set(special.key, special.amount);
  return counts;
}

/** Lazy-tree selection: the children of `key`, or (no key) the special nodes, the org roots and their children. */
function childCounts(args: HookArgs, scope: GrantScope, placements: Placement[], key: string | null): Map<string, number> {
  if (key !== null) return SPECIAL.has(key) ? new Map() : treeCounts(placements, key);
  const roots = treeCounts(placements, null);
  const counts = new Map(roots);
  for (const root of roots.keys()) for (const [child, amount] of treeCounts(placements, root)) counts.set(child, amount);
  for (const special of specialNodeCounts(args.db, scope, placements)) counts.set(special.key, special.amount);
  return counts;
}

/** Asset rows the tree shows on `key` (no paging), for the trees with assets. */
const assetsOn = (args: HookArgs, scope: GrantScope, placements: Placement[], key: string) =>
  grantedAssetRows(args, idsClause(nodeAssetIds(args.db, scope, placements, key, false), 'a.id'));

const ENDPOINTS: { path: string; method?: 'GET' | 'DELETE'; kinds?: ScopeKind[]; handle: Handler }[] = [
  {
    path: 'assets/',
    handle: (args, scope, request) => grantedAssetsAnswer(
      args, usableAssetIds(args.db, scope, grantedAssetIdList(args.db, scope), request.query as Record<string, unknown>), byNode(args, scope)),
  },
  {
    path: 'assets/tree/', kinds: ['my', 'user'],
    handle: (args, scope) => grantedAssetRows(args, grantedAssetsClause(args.db, scope, 'a.id')).map((asset) => grantedAssetItem(args.db, asset, '')),
  },
  { path: 'nodes/', handle: (args, scope) => nodeRows(args, allCounts(args, scope, grantedPlacements(args.db, scope))) },
  { path: 'nodes/tree/', kinds: ['my', 'user'], handle: (args, scope) => nodeItems(args, allCounts(args, scope, grantedPlacements(args.db, scope))) },
  {
    path: 'nodes/children/',
    handle: (args, scope, request, reply) => withSelection(args, scope, request, reply, (key) => nodeRows(args, childCounts(args, scope, grantedPlacements(args.db, scope), key))),
  },
  {
    path: 'nodes/children/tree/',
    handle: (args, scope, request, reply) => withSelection(args, scope, request, reply, (key) => nodeItems(args, childCounts(args, scope, grantedPlacements(args.db, scope), key))),
  },
  {
    path: 'nodes/children-with-assets/tree/', kinds: ['my', 'user'],
    handle: (args, scope, request, reply) => withSelection(args, scope, request, reply, (key) => {
      const placements = grantedPlacements(args.db, scope);
      const items: TreeItem[] = nodeItems(args, childCounts(args, scope, placements, key));
      if (key === null) return items;
      return [...items, ...assetsOn(args, scope, placements, key).map((asset) => grantedAssetItem(args.db, asset, key))];
    }),
  },
  {
    path: 'nodes-with-assets/tree/', kinds: ['my', 'user'],
    handle: (args, scope) => {
      const placements = grantedPlacements(args.db, scope);
      const assets = new Map(grantedAssetRows(args, idsClause(placedAssets(placements), 'a.id')).map((asset) => [String(asset.id), asset]));
      const items = nodeItems(args, allCounts(args, scope, placements));
      for (const { asset_id: id, key } of placements) {
        const asset = assets.get(id);
        if (asset) items.push(grantedAssetItem(args.db, asset, key));
      }
      return items;
    },
  },
  {
    path: 'nodes/:node_id/assets/',
    handle: (args, scope, request, reply) => {
      const key = nodeKey(args, scope, { id: (request.params as { node_id: string }).node_id });
      if (key === null || key === 'missing') return reply.code(404).send({ detail: message(args, NODE_MISSING) });
      const deep = ['1', 'true'].includes(singleValues(request.query as Record<string, unknown>).all ?? '');
      return grantedAssetsAnswer(args, onNode(args, scope, key, deep), byNode(args, scope));
    },
  },
  {
    path: 'assets/:asset_id/system-users/',
    handle: (args, scope, request, reply) => {
      const assetId = (request.params as { asset_id: string }).asset_id;
      if (!UUID_PATTERN.test(assetId) || !args.db.prepare('SELECT 1 FROM assets WHERE id = ?').get(assetId)) {
        return reply.code(404).send({ detail: t(args.ctx.lang, 'request.object_not_found', { model: args.ctx.lang === 'zh' ? '资产' : 'Asset' }) });
      }
      return grantedSystemUsers(args.db, scope, assetId).map((su) => ({ ...su, username_same_with_user: !!su.username_same_with_user, actions: actionNames(su.actions) }));
    },
  },
  // 2.3 expires the user's cached tree; grants here are computed on every call, so there is nothing to drop.
  { path: 'asset-permissions/cache/', method: 'DELETE', kinds: ['my', 'user'], handle: (_args, _scope, _request, reply) => reply.code(204).send() },
];

function withSelection(args: HookArgs, scope: GrantScope, request: FastifyRequest, reply: FastifyReply, answer: (key: string | null) => unknown) {
  const query = singleValues(request.query as Record<string, unknown>);
  const key = nodeKey(args, scope, { key: query.key, id: query.key === undefined ? query.id : undefined });
  if (key === 'missing') return reply.code(404).send({ detail: message(args, NODE_MISSING) });
  return answer(key);
}

export function registerGrantedRoutes(app: FastifyInstance): void {
  for (const variant of VARIANTS) {
    for (const endpoint of ENDPOINTS) {
      if (endpoint.kinds && !endpoint.kinds.includes(variant.kind)) continue;
      app.route({
        method: endpoint.method ?? 'GET',
        url: `${variant.prefix}${endpoint.path}`,
        handler: (request, reply) => {
          const granted = grantScope(variant.kind, request, reply);
          if (!granted) return reply;
          return endpoint.handle(granted.args, granted.scope, request, reply);
        },
      });
    }
  }
}

// The granted-resource endpoints of §2.5 for assets, in their three forms ("my", one user, one group;
// see grant-scope.ts). Each handler is a thin call into grants.ts, shaped by granted-shapes.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { L, message } from '../engine/field-kit.ts';
import { nodeById, nodeByKey } from '../assets/node-tree.ts';
import { assetExists } from '../assets/asset-store.ts';
import { singleValues } from '../engine/query-params.ts';
import type { HookArgs } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { UUID_PATTERN } from '../core/lib/ids.ts';
import { orgSees } from '../core/orgs/current-org.ts';
import { actionNames } from './actions.ts';
import { grantScope, type ScopeKind } from './grant-scope.ts';
import { allCounts, childCounts, nodeAssetIds, treeIndexOf, type TreeIndex } from './grant-tree.ts';
import {
  FAVORITE_KEY,
  grantedSystemUsers,
  grantsOf,
  idsClause,
  UNGROUPED_KEY,
  type GrantScope,
  type Grants,
} from './grants.ts';
import { sendGrantedAssets } from './granted-lists.ts';
import { placesUnder, treePieces, type NodeShape } from './granted-trees.ts';
import { sendPieces } from './json-pieces.ts';
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
  const node =
    raw.key !== undefined ? nodeByKey(args.db, named) : UUID_PATTERN.test(named) ? nodeById(args.db, named) : null;
  if (!node || (scope.orgId !== null && !orgSees(args.ctx.org, node.org_id))) return 'missing';
  return node.key;
}

/** The grants and (only for a `node=` filter, or when `need`) the indexed tree of the scope. */
async function grantsAndTree(
  args: HookArgs,
  scope: GrantScope,
  need = false,
): Promise<{ grants: Grants; tree: TreeIndex | null }> {
  const grants = await grantsOf(args.db, scope);
  const wanted = need || singleValues(args.request.query as Record<string, unknown>).node !== undefined;
  return { grants, tree: wanted ? await treeIndexOf(grants.placements) : null };
}

/** `node=<id>` of an asset list: the assets the tree shows on that node. */
const byNode = (args: HookArgs, scope: GrantScope, tree: TreeIndex | null) => (key: string, deep: boolean) =>
  tree ? idsClause(nodeAssetIds(args.db, scope, tree, key, deep)) : { sql: '0', params: [] };

/** The granted ids (hostname order) the tree shows on `key`. */
const onNode = (args: HookArgs, scope: GrantScope, grants: Grants, tree: TreeIndex, key: string, deep: boolean) => {
  const shown = nodeAssetIds(args.db, scope, tree, key, deep);
  return grantedOrder(grants, shown);
};

/** The ids of `shown` in the grants' (hostname, id) order. */
const grantedOrder = (grants: Grants, shown: Set<string>) => grants.ids.filter((id) => shown.has(id));

/** A node answer (rows or tree items) of the scope, from its counts. */
async function nodesAnswer(
  args: HookArgs,
  scope: GrantScope,
  reply: FastifyReply,
  shape: NodeShape,
  select: (tree: TreeIndex) => Map<string, number>,
) {
  const { tree } = await grantsAndTree(args, scope, true);
  return sendPieces(reply, treePieces(args, select(tree!), shape));
}

const ENDPOINTS: { path: string; method?: 'GET' | 'DELETE'; kinds?: ScopeKind[]; handle: Handler }[] = [
  {
    path: 'assets/',
    handle: async (args, scope, request, reply) => {
      const { grants, tree } = await grantsAndTree(args, scope);
      const usable = await usableAssetIds(args.db, scope, grants.ids, request.query as Record<string, unknown>);
      return sendGrantedAssets(args, reply, usable, byNode(args, scope, tree));
    },
  },
  {
    path: 'assets/tree/',
    kinds: ['my', 'user'],
    handle: async (args, scope, _request, reply) =>
      sendPieces(reply, treePieces(args, new Map(), 'items', placesUnder((await grantsOf(args.db, scope)).ids, ''))),
  },
  {
    path: 'nodes/',
    handle: (args, scope, _request, reply) =>
      nodesAnswer(args, scope, reply, 'rows', (tree) => allCounts(args.db, scope, tree)),
  },
  {
    path: 'nodes/tree/',
    kinds: ['my', 'user'],
    handle: (args, scope, _request, reply) =>
      nodesAnswer(args, scope, reply, 'items', (tree) => allCounts(args.db, scope, tree)),
  },
  {
    path: 'nodes/children/',
    handle: (args, scope, request, reply) =>
      withSelection(args, scope, request, reply, (key) =>
        nodesAnswer(args, scope, reply, 'rows', (tree) => childCounts(args.db, scope, tree, key)),
      ),
  },
  {
    path: 'nodes/children/tree/',
    handle: (args, scope, request, reply) =>
      withSelection(args, scope, request, reply, (key) =>
        nodesAnswer(args, scope, reply, 'items', (tree) => childCounts(args.db, scope, tree, key)),
      ),
  },
  {
    path: 'nodes/children-with-assets/tree/',
    kinds: ['my', 'user'],
    handle: (args, scope, request, reply) =>
      withSelection(args, scope, request, reply, async (key) => {
        const { grants, tree } = await grantsAndTree(args, scope, true);
        const counts = childCounts(args.db, scope, tree!, key);
        const assets = key === null ? [] : grantedOrder(grants, nodeAssetIds(args.db, scope, tree!, key, false));
        return sendPieces(reply, treePieces(args, counts, 'items', key === null ? [] : placesUnder(assets, key)));
      }),
  },
  {
    path: 'nodes-with-assets/tree/',
    kinds: ['my', 'user'],
    handle: async (args, scope, _request, reply) => {
      const { grants, tree } = await grantsAndTree(args, scope, true);
      const places = grants.placements.map(({ asset_id: id, key }): [string, string] => [id, key]);
      return sendPieces(reply, treePieces(args, allCounts(args.db, scope, tree!), 'items', places));
    },
  },
  {
    path: 'nodes/:node_id/assets/',
    handle: async (args, scope, request, reply) => {
      const key = nodeKey(args, scope, { id: (request.params as { node_id: string }).node_id });
      if (key === null || key === 'missing') return reply.code(404).send({ detail: message(args, NODE_MISSING) });
      const deep = ['1', 'true'].includes(singleValues(request.query as Record<string, unknown>).all ?? '');
      const { grants, tree } = await grantsAndTree(args, scope, true);
      return sendGrantedAssets(args, reply, onNode(args, scope, grants, tree!, key, deep), byNode(args, scope, tree));
    },
  },
  {
    path: 'assets/:asset_id/system-users/',
    handle: (args, scope, request, reply) => {
      const assetId = (request.params as { asset_id: string }).asset_id;
      if (!UUID_PATTERN.test(assetId) || !assetExists(args.db, assetId)) {
        return reply.code(404).send({
          detail: t(args.ctx.lang, 'request.object_not_found', { model: args.ctx.lang === 'zh' ? '资产' : 'Asset' }),
        });
      }
      return grantedSystemUsers(args.db, scope, assetId).map((su) => ({
        ...su,
        username_same_with_user: !!su.username_same_with_user,
        actions: actionNames(su.actions),
      }));
    },
  },
  // 2.3 expires the user's cached tree; grants here are computed on every call, so there is nothing to drop.
  {
    path: 'asset-permissions/cache/',
    method: 'DELETE',
    kinds: ['my', 'user'],
    handle: (_args, _scope, _request, reply) => reply.code(204).send(),
  },
];

function withSelection(
  args: HookArgs,
  scope: GrantScope,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: (key: string | null) => unknown,
) {
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

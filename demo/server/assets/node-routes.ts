// The node tree endpoints of §2.3 beyond plain CRUD: tree, children (GET/POST), children/tree,
// a node's assets, moving nodes, and adding/removing/replacing a node's assets. All IsOrgAdmin.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IsOrgAdmin } from '../core/permissions.ts';
import { coerceField } from '../engine/fields.ts';
import { makeGuard } from '../engine/guard.ts';
import { listRows } from '../engine/list.ts';
import { paginated } from '../engine/paging.ts';
import { serializeRow } from '../engine/serialize.ts';
import type { HookArgs, Row } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { UUID_PATTERN } from '../core/lib/ids.ts';
import { assetsResource } from './resources/assets.ts';
import { nodesResource, NODE_MESSAGES } from './resources/nodes.ts';
import { L, message, unknownIds, writeOrg } from '../engine/field-kit.ts';
import { visibleNode } from './asset-filters.ts';
import { addAssets, removeAssets, replaceAssets } from './node-asset-store.ts';
import { childNodes, nodeSelection, treeItems } from './node-selection.ts';
import { createChild, moveNode } from './node-tree.ts';
import { nodeById, orgRoot, siblingNameTaken, type NodeRow } from './node-store.ts';

type Query = Record<string, string>;
const BASE = '/api/v1/assets/nodes/';
const idsIn = (body: unknown, key: string): unknown =>
  body && typeof body === 'object' ? (body as Row)[key] : undefined;

/**
 * A client may choose the new node's id (2.3 passes it to create_child): it must be a UUID no node
 * uses yet. A taken id gets the same answer whichever org holds the node, so nothing is learnt about
 * other orgs.
 */
function clientIdError(args: HookArgs, id: unknown): string | null {
  if (id === undefined || id === null || id === '') return null;
  if (typeof id !== 'string' || !UUID_PATTERN.test(id)) return t(args.ctx.lang, 'field.invalid_uuid');
  return nodeById(args.db, id) ? t(args.ctx.lang, 'field.unique') : null;
}

export function registerNodeRoutes(app: FastifyInstance): void {
  const guard = makeGuard(app, { ...nodesResource, permissions: { ...nodesResource.permissions, list: IsOrgAdmin } });
  /** Runs `handle` for an authorised caller with the node of the path (404 when the org cannot see it). */
  const withNode =
    (handle: (args: HookArgs, node: NodeRow, request: FastifyRequest, reply: FastifyReply) => unknown) =>
    (request: FastifyRequest, reply: FastifyReply) => {
      const args = guard('list', request, reply);
      if (!args) return reply;
      const node = visibleNode(args, (request.params as { id: string }).id);
      if (!node)
        return reply.code(404).send({ detail: message(args, L('节点 对象不存在。', 'Node object does not exist.')) });
      return handle(args, node, request, reply);
    };
  const serializeNode = (args: HookArgs, node: NodeRow) =>
    serializeRow(nodesResource, args, node as unknown as Row, 'list');

  app.get(`${BASE}tree/`, (request, reply) => {
    const args = guard('list', request, reply);
    if (!args) return reply;
    orgRoot(args.db, writeOrg(args), args.now);
    return treeItems(args, childNodes(args, null, 'every'), false);
  });

  const listChildren = (args: HookArgs, node: NodeRow | null, query: Query) =>
    childNodes(args, node, query.all === 'all' ? 'descendants' : 'children').map((n) => serializeNode(args, n));
  app.get(`${BASE}children/`, (request, reply) => {
    const args = guard('list', request, reply);
    if (!args) return reply;
    const selection = nodeSelection(args, request.query as Query);
    if (selection === 'missing')
      return reply.code(404).send({ detail: message(args, L('节点 对象不存在。', 'Node object does not exist.')) });
    return listChildren(args, selection, request.query as Query);
  });
  app.get(
    `${BASE}:id/children/`,
    withNode((args, node, request) => listChildren(args, node, request.query as Query)),
  );

  const createUnder = (args: HookArgs, parent: NodeRow, body: unknown, reply: FastifyReply) => {
    const value = idsIn(body, 'value');
    const coerced =
      value === undefined || value === null ? null : coerceField(nodesResource.fields.value, value, args.ctx.lang);
    if (coerced && !coerced.ok) return reply.code(400).send({ value: [coerced.error] });
    const name = coerced?.ok && coerced.value ? String(coerced.value) : undefined;
    if (name && siblingNameTaken(args.db, parent.key, name, null))
      return reply.code(400).send({ value: [message(args, NODE_MESSAGES.sameName)] });
    const id = idsIn(body, 'id');
    const idError = clientIdError(args, id);
    if (idError) return reply.code(400).send({ id: [idError] });
    const child = args.db.transaction(() =>
      createChild(args.db, parent, name, args.now, typeof id === 'string' && id ? id : undefined),
    )();
    return reply.code(201).send(serializeNode(args, child));
  };
  app.post(`${BASE}children/`, (request, reply) => {
    const args = guard('create', request, reply);
    if (!args) return reply;
    const selection = nodeSelection(args, request.query as Query);
    if (selection === 'missing')
      return reply.code(404).send({ detail: message(args, L('节点 对象不存在。', 'Node object does not exist.')) });
    return createUnder(args, selection ?? orgRoot(args.db, writeOrg(args), args.now), request.body, reply);
  });
  app.post(
    `${BASE}:id/children/`,
    withNode((args, node, request, reply) => createUnder(args, node, request.body, reply)),
  );

  app.get(`${BASE}children/tree/`, (request, reply) => {
    const args = guard('list', request, reply);
    if (!args) return reply;
    const query = request.query as Query;
    const selection = nodeSelection(args, query);
    if (selection === 'missing')
      return reply.code(404).send({ detail: message(args, L('节点 对象不存在。', 'Node object does not exist.')) });
    const nodes = childNodes(args, selection, query.all === 'all' ? 'descendants' : 'children');
    const root = selection ?? orgRoot(args.db, writeOrg(args), args.now);
    return treeItems(args, nodes, query.assets === '1' ? root : false);
  });

  app.get(
    `${BASE}:id/assets/`,
    withNode((args, node, request) => {
      const query = {
        ...(request.query as Query),
        node_id: node.id,
        all: (request.query as Query).all === '1' ? '1' : '0',
      };
      const { rows, page, count } = listRows(assetsResource, args, query);
      const results = rows.map((row) => serializeRow(assetsResource, args, row, 'list'));
      return page ? paginated(request, page, count, results) : results;
    }),
  );

  // 2.3's NodeAddChildrenApi is an UpdateAPIView: PATCH does the same as PUT.
  const addChildren = withNode((args, target, request, reply) => {
    const ids = idsIn(request.body, 'nodes');
    const invalid = unknownIds(args, 'nodes', 'nodes', Array.isArray(ids) ? ids : []);
    if (!Array.isArray(ids) || invalid)
      return reply
        .code(400)
        .send(invalid ?? { nodes: [message(args, L('期望为一个包含物件的列表。', 'Expected a list of items.'))] });
    // Each node is read just before it moves: an earlier move may have changed its key.
    const refused = args.db.transaction(() =>
      ids.some((id) => !moveNode(args.db, visibleNode(args, String(id))!, visibleNode(args, target.id)!)),
    )();
    if (refused)
      return reply.code(400).send({
        error: message(
          args,
          L('不能把节点移到自身或其子节点下', 'A node cannot be moved under itself or its descendants'),
        ),
      });
    // DRF renders Response("OK") as the JSON string "OK".
    return reply.type('application/json').send(JSON.stringify('OK'));
  });
  app.put(`${BASE}:id/children/add/`, addChildren);
  app.patch(`${BASE}:id/children/add/`, addChildren);

  const assetAction = (apply: (args: HookArgs, node: NodeRow, ids: string[]) => void) =>
    withNode((args, node, request, reply) => {
      const ids = idsIn(request.body, 'assets');
      const invalid = unknownIds(args, 'assets', 'assets', Array.isArray(ids) ? ids : []);
      if (!Array.isArray(ids) || invalid)
        return reply
          .code(400)
          .send(invalid ?? { assets: [message(args, L('期望为一个包含物件的列表。', 'Expected a list of items.'))] });
      args.db.transaction(() => apply(args, node, ids.map(String)))();
      return { assets: ids };
    });
  const actions = {
    add: assetAction((args, node, ids) => addAssets(args.db, node, ids)),
    remove: assetAction((args, node, ids) => removeAssets(args.db, node, ids, args.now)),
    replace: assetAction((args, node, ids) => replaceAssets(args.db, node, ids)),
  };
  for (const [name, handler] of Object.entries(actions)) {
    app.put(`${BASE}:id/assets/${name}/`, handler);
    app.patch(`${BASE}:id/assets/${name}/`, handler);
  }
}

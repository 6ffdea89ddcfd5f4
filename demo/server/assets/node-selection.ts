// Which nodes a children / tree request means (`?id=` uuid or `?key=`, else the org root together
// with its children) and their tree items, with assets when asked.
import type { HookArgs } from '../engine/types.ts';
import { singleValues } from '../engine/query-params.ts';
import { visibleNode } from './asset-filters.ts';
import { writeOrg } from '../engine/field-kit.ts';
import { assetsAmount } from './node-amounts.ts';
import { nodeAssetItems } from './node-asset-store.ts';
import { allNodes, childrenOf, descendantsOf, orgNodes, orgRoot, type NodeRow } from './node-store.ts';
import { compareKeys } from './node-tree.ts';
import { assetTreeItem, nodeTreeItem, type TreeItem } from './tree-items.ts';

/** The node named by `?id=` / `?key=`; null when neither is given; 'missing' when the org cannot see it. */
export function nodeSelection(args: HookArgs, raw: Record<string, string>): NodeRow | null | 'missing' {
  const query = singleValues(raw);
  const value = query.id || query.key;
  if (!value) return null;
  return visibleNode(args, value) ?? 'missing';
}

const sortByKey = (nodes: NodeRow[]) => nodes.sort((a, b) => compareKeys(a.key, b.key));

/**
 * 'children' / 'descendants' of `node`; for `null`, the org root itself plus its children (or descendants);
 * 'every' = every node of the caller's org (ROOT: of all orgs).
 */
export function childNodes(
  args: HookArgs,
  node: NodeRow | null,
  mode: 'children' | 'descendants' | 'every',
): NodeRow[] {
  const { db } = args;
  if (mode === 'every') {
    return sortByKey(args.ctx.org.kind === 'root' ? allNodes(db) : orgNodes(db, writeOrg(args)));
  }
  const parent = node ?? orgRoot(db, writeOrg(args), args.now);
  const under = mode === 'children' ? childrenOf(db, parent.key) : descendantsOf(db, parent.key);
  return sortByKey(node ? under : [parent, ...under]);
}

/** Node items, then (when `assetsOf` is a node) the assets directly on that node. */
export function treeItems(args: HookArgs, nodes: NodeRow[], assetsOf: NodeRow | false): TreeItem[] {
  const items = nodes.map((node) => nodeTreeItem(node, assetsAmount(args.db, node.key)));
  if (!assetsOf) return items;
  const assets = nodeAssetItems(args.db, assetsOf.id);
  return [...items, ...assets.map((asset) => assetTreeItem(asset, assetsOf.key))];
}

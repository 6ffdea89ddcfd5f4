// What a scope reaches and where it sits in its tree (§3), computed in short steps: a user granted
// 40,000 assets needs ~100 ms of SQL and sorting, which as one statement would hold the event loop
// (slices.ts). Every statement reads a bounded page (PAGE rows, or LOOKUP ids), so the walk pauses
// between any two of them. Rules, as 2.3's user tree places assets:
//   • every asset on a node in the subtree of a granted node sits on that node;
//   • an asset granted by itself sits on each of its own nodes (or on `-10` when ungrouping single
//     assets and no granted node holds it);
//   • only active assets count; `ids` lists each reachable asset once, by (hostname, id).
import { keyPath } from '../assets/node-tree.ts';
import { activeAssetHostnames } from '../assets/asset-store.ts';
import { assetNodeKeyRows, nodeAssetPairs, nodeAssetsAfter } from '../assets/node-asset-store.ts';
import type { DB } from '../core/db/open.ts';
import { UNGROUPED_KEY, type GrantScope, type Placement } from './grant-rules.ts';
import { permissionAssetPairs, permissionAssetsAfter, permissionNodeKeys, validPermissionIds } from './grant-store.ts';
import { nodeIdAndKey, nodesBetween } from './node-key-store.ts';
import { batches, type Work } from './slices.ts';
import { compareBinary, needsBinaryCompare, sortSliced } from './sliced-sort.ts';

export interface Grants {
  /** Active reachable assets, each once, in (hostname, id) order. */
  ids: string[];
  placements: Placement[];
}

// Sized so that one statement (or one run of plain loop work between two yields) takes a few
// milliseconds on a busy two-core machine.
/** Rows one paged statement reads. */
const PAGE = 1000;
/** Ids one json_each lookup takes. */
const LOOKUP = 250;
/** Items a plain loop handles between two yields. */
const RUN = 2048;

export function* walkGrants(db: DB, scope: GrantScope): Work<Grants> {
  const permissions = validPermissionIds(db, scope);
  yield;
  const roots = outermost(permissionNodeKeys(db, permissions));
  yield;
  const byNode: Placement[] = [];
  for (const root of roots) {
    const nodes = yield* subtreeNodes(db, root);
    const keyOf = new Map(nodes.map((node) => [node.id, node.key]));
    for (const [node, asset] of yield* linked(
      db,
      NODE_ASSETS,
      nodes.map((node) => node.id),
    ))
      byNode.push({ asset_id: asset, key: keyOf.get(node)! });
  }
  const direct = new Set<string>();
  for (const [, asset] of yield* linked(db, PERMISSION_ASSETS, permissions)) direct.add(asset);
  const single = yield* singlePlacements(db, scope, byNode, direct, new Set(roots));
  const hostnames = yield* activeHostnames(db, byNode, direct);
  const placements: Placement[] = [];
  for (const list of [byNode, single]) {
    for (let i = 0; i < list.length; i += 1) {
      if (hostnames.has(list[i].asset_id)) placements.push(list[i]);
      if (i % RUN === RUN - 1) yield;
    }
  }
  const entries: { id: string; hostname: string; wide: boolean }[] = [];
  for (const [id, hostname] of hostnames) {
    entries.push({ id, hostname, wide: needsBinaryCompare(hostname) });
    if (entries.length % RUN === 0) yield;
  }
  const sorted = yield* sortSliced(
    entries,
    (a, b) =>
      (a.wide || b.wide
        ? compareBinary(a.hostname, b.hostname)
        : a.hostname < b.hostname
          ? -1
          : a.hostname > b.hostname
            ? 1
            : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const ids: string[] = [];
  for (const entry of sorted) {
    ids.push(entry.id);
    if (ids.length % RUN === 0) yield;
  }
  return { ids, placements };
}

/** The granted node keys that no other granted key contains (their subtrees cover the rest). */
function outermost(keys: string[]): string[] {
  const kept = new Set<string>();
  for (const key of [...keys].sort((a, b) => a.length - b.length)) {
    if (
      !keyPath(key)
        .slice(0, -1)
        .some((ancestor) => kept.has(ancestor))
    )
      kept.add(key);
  }
  return [...kept];
}

/** The node `root` and every node under it, read PAGE keys at a time along the index on key. */
function* subtreeNodes(db: DB, root: string): Work<{ id: string; key: string }[]> {
  const self = nodeIdAndKey(db, root);
  const nodes = self ? [self] : [];
  for (let after = `${root}:`; ;) {
    const rows = nodesBetween(db, after, `${root};`, LOOKUP);
    nodes.push(...rows);
    yield;
    if (rows.length < LOOKUP) return nodes;
    after = rows[rows.length - 1].key;
  }
}

/**
 * A link table read by its owner column: `[owner, value]` of some owners (at most `limit` rows), and one
 * owner's values after one, in value order, `limit` at a time (along the (owner, value) index).
 */
interface LinkTable {
  pairs: (db: DB, owners: string[], limit: number) => [string, string][];
  after: (db: DB, owner: string, after: string, limit: number) => string[];
}
/** The assets of nodes, the single assets of permissions. */
const NODE_ASSETS: LinkTable = { pairs: nodeAssetPairs, after: nodeAssetsAfter };
const PERMISSION_ASSETS: LinkTable = { pairs: permissionAssetPairs, after: permissionAssetsAfter };
/** Owners asked in one statement (most nodes hold a few dozen assets, most permissions a few). */
const OWNERS = 64;

/**
 * `[owner, value]` of every owner, in the owners' order: OWNERS owners per statement while that reads
 * at most PAGE rows; a batch holding more is read again owner by owner, PAGE values at a time along
 * the (owner, value) index.
 */
function* linked(db: DB, link: LinkTable, owners: string[]): Work<[string, string][]> {
  const out: [string, string][] = [];
  for (const batch of batches(owners, OWNERS)) {
    const rows = link.pairs(db, batch, PAGE + 1);
    yield;
    if (rows.length <= PAGE) {
      const byOwner = new Map<string, string[]>();
      for (const [owner, value] of rows) {
        const values = byOwner.get(owner);
        if (values) values.push(value);
        else byOwner.set(owner, [value]);
      }
      for (const owner of batch) for (const value of byOwner.get(owner) ?? []) out.push([owner, value]);
      continue;
    }
    for (const owner of batch) {
      for (let after = ''; ;) {
        const values = link.after(db, owner, after, PAGE);
        for (const value of values) out.push([owner, value]);
        yield;
        if (values.length < PAGE) break;
        after = values[values.length - 1];
      }
    }
  }
  return out;
}

/** Where assets granted by themselves sit: on each of their nodes outside the granted subtrees, or on `-10`. */
function* singlePlacements(
  db: DB,
  scope: GrantScope,
  byNode: Placement[],
  direct: Set<string>,
  roots: Set<string>,
): Work<Placement[]> {
  const out: Placement[] = [];
  if (scope.ungroupSingleAssets) {
    const placed = new Set<string>();
    for (let i = 0; i < byNode.length; i += 1) {
      placed.add(byNode[i].asset_id);
      if (i % RUN === RUN - 1) yield;
    }
    for (const asset of direct) if (!placed.has(asset)) out.push({ asset_id: asset, key: UNGROUPED_KEY });
    return out;
  }
  for (const batch of batches([...direct], LOOKUP)) {
    for (const row of assetNodeKeyRows(db, batch)) {
      // A node inside a granted subtree already placed the asset there.
      if (!keyPath(row.key).some((key) => roots.has(key))) out.push({ asset_id: row.asset_id, key: row.key });
    }
    yield;
  }
  return out;
}

/** Hostnames of the active assets among those placed or granted directly. */
function* activeHostnames(db: DB, byNode: Placement[], direct: Set<string>): Work<Map<string, string>> {
  const candidates = new Set(direct);
  for (let i = 0; i < byNode.length; i += 1) {
    candidates.add(byNode[i].asset_id);
    if (i % RUN === RUN - 1) yield;
  }
  const hostnames = new Map<string, string>();
  for (const batch of batches([...candidates], LOOKUP)) {
    for (const [id, hostname] of activeAssetHostnames(db, batch)) hostnames.set(id, hostname);
    yield;
  }
  return hostnames;
}

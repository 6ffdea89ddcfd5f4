// The shapes granted resources go out in (§2.5): the list definition and asset rows of `assets/` and
// `nodes/<id>/assets/` (answered by granted-lists.ts), node rows, and Lina's tree items with the special
// favourite / ungrouped nodes, each built from rows read a batch at a time. No grant is decided here.
import { L, message } from '../engine/field-kit.ts';
import type { NodeRow } from '../assets/node-tree.ts';
import { assetTreeItemRows, grantedAssetRows } from '../assets/asset-store.ts';
import { assetTreeItem, nodeTreeItem, type TreeItem } from '../assets/tree-items.ts';
import { everyAction, IsValidUser } from '../core/permissions.ts';
import type { DB } from '../core/db/open.ts';
import { singleValues } from '../engine/query-params.ts';
import type { Clause, HookArgs, ResourceDef, Row } from '../engine/types.ts';
import { orgNames } from '../orgs/org-store.ts';
import { FAVORITE_KEY, UNGROUPED_KEY } from './grants.ts';
import { platformBases } from './granted-lookup-store.ts';
import { nodeKeyOf, nodesByKeys } from './node-key-store.ts';
import { batches } from './slices.ts';
import { sortSliced } from './sliced-sort.ts';

const SPECIAL_NAMES: Record<string, ReturnType<typeof L>> = {
  [FAVORITE_KEY]: L('收藏夹', 'Favorite'),
  [UNGROUPED_KEY]: L('未分组', 'Ungrouped'),
};

/** The list definition the engine pages over: the assets table limited to `granted`. */
export function grantedAssetsList(
  args: HookArgs,
  granted: Clause,
  byNode: (key: string, deep: boolean) => Clause,
): ResourceDef {
  const sortBy = sortColumn(args);
  const text = (zh: string, en: string) => ({ type: 'string' as const, label: L(zh, en) });
  return {
    name: 'Granted Asset List',
    model: L('资产', 'Asset'),
    url: '',
    table: 'assets',
    fields: {
      id: text('ID', 'ID'),
      hostname: text('主机名', 'Hostname'),
      ip: text('IP', 'IP'),
      comment: text('备注', 'Comment'),
    },
    searchFields: ['hostname', 'ip', 'comment'],
    filterFields: ['hostname', 'ip', 'id', 'comment'],
    orderingFields: ['hostname', 'ip'],
    defaultOrder: [sortBy],
    extraFilters: {
      // `node=<id>` (+ `all=1|true` for its subtree), as 2.3's assets/ filter reads it.
      node: ({ db, request }, value) => {
        const key = nodeKeyOf(db, value);
        if (!key) return { sql: '0', params: [] };
        return byNode(key, ['1', 'true'].includes(singleValues(request.query as Record<string, unknown>).all ?? ''));
      },
    },
    scope: () => granted,
    permissions: everyAction(IsValidUser),
    sample: () => ({ create: [], update: {} }),
  };
}

const sortColumn = (args: HookArgs): string =>
  args.request.server.bastion.settings.get<string>('TERMINAL_ASSET_LIST_SORT_BY') === 'ip' ? 'ip' : 'hostname';

/** Lookups every granted row needs: platform bases and org names (both small tables), read once per answer. */
export function lookups(db: DB) {
  const bases = new Map(platformBases(db).map((p) => [p.name, p.base]));
  const orgs = new Map(orgNames(db).map((o) => [o.id, o.name]));
  return {
    base: (name: unknown) => bases.get(String(name)) ?? 'Other',
    orgName: (id: unknown) => (id ? (orgs.get(String(id)) ?? '') : 'DEFAULT'),
    orgs,
  };
}

export type Lookups = ReturnType<typeof lookups>;

/** A granted asset as 2.3's AssetGrantedSerializer shows it. */
function assetRow(row: Row, look: Lookups): Row {
  return {
    id: row.id,
    hostname: row.hostname,
    ip: row.ip,
    protocols: String(row.protocols).split(' ').filter(Boolean),
    os: row.os ?? null,
    domain: row.domain ?? null,
    platform: look.base(row.platform),
    comment: row.comment,
    org_id: row.org_id,
    org_name: look.orgName(row.org_id),
  };
}

/** Ids read per statement when rows are looked up for an answer. */
const LOOKUP = 250;

/** The rows of `ids` (in that order) as pieces of JSON text, LOOKUP ids per statement. */
export function* assetRowTexts(db: DB, ids: string[], look: Lookups): Generator<string | void, void, void> {
  for (const batch of batches(ids, LOOKUP)) {
    const rows = new Map(grantedAssetRows(db, batch).map((row) => [String(row.id), row]));
    for (const id of batch) {
      const row = rows.get(id);
      if (row) yield JSON.stringify(assetRow(row, look));
    }
    yield;
  }
}

/** An asset tree item of a permission tree: with domain and org, unchecked when it has no ssh. */
export function grantedAssetItem(look: Lookups, asset: Row, parentKey: string): TreeItem {
  const item = assetTreeItem({ ...asset, platform_base: look.base(asset.platform) }, parentKey);
  const meta = item.meta.asset as Row;
  Object.assign(meta, { domain: asset.domain ?? null, org_name: look.orgName(asset.org_id), org_id: asset.org_id });
  return { ...item, nocheck: !(meta.protocols as string[]).some((p) => p.startsWith('ssh/')) };
}

/** Tree items of assets at their places (`[asset id, parent key]`, in order), LOOKUP per statement. */
export function* assetItemTexts(
  db: DB,
  places: Iterable<[string, string]>,
  look: Lookups,
): Generator<string | void, void, void> {
  let batch: [string, string][] = [];
  const flush = function* () {
    const rows = new Map(
      assetTreeItemRows(
        db,
        batch.map(([id]) => id),
      ).map((row) => [String(row.id), row]),
    );
    for (const [id, key] of batch) {
      const row = rows.get(id);
      if (row) yield JSON.stringify(grantedAssetItem(look, row, key));
    }
    batch = [];
    yield;
  };
  for (const place of places) {
    batch.push(place);
    if (batch.length === LOOKUP) yield* flush();
  }
  if (batch.length) yield* flush();
}

/** Counted keys in tree order: special keys first, then numeric key order (sorted in slices). */
export function* treeOrder(counts: Map<string, number>): Generator<void, string[], void> {
  const decorated = [...counts.keys()].map((key) => ({ key, parts: key.split(':').map(Number) }));
  yield;
  const sorted = yield* sortSliced(decorated, (a, b) => {
    for (let i = 0; i < Math.min(a.parts.length, b.parts.length); i += 1)
      if (a.parts[i] !== b.parts[i]) return a.parts[i] - b.parts[i];
    return a.parts.length - b.parts.length;
  });
  return sorted.map((entry) => entry.key);
}

/** Node tree items of the counted keys (with their org), in `keys` order, LOOKUP nodes per statement. */
export function* nodeItemBatches(
  args: HookArgs,
  counts: Map<string, number>,
  keys: string[],
  look: Lookups,
): Generator<[TreeItem, string][], void, void> {
  for (const batch of batches(keys, LOOKUP)) {
    const byKey = new Map(nodesByKeys(args.db, batch).map((row) => [row.key, row]));
    const items: [TreeItem, string][] = [];
    for (const key of batch) {
      const node = byKey.get(key);
      const item = nodeItem(args, node, key, counts.get(key) ?? 0, look);
      if (item) items.push([item, node?.org_id ?? '']);
    }
    yield items;
  }
}

function nodeItem(
  args: HookArgs,
  node: NodeRow | undefined,
  key: string,
  amount: number,
  look: Lookups,
): TreeItem | null {
  const special = SPECIAL_NAMES[key];
  if (special) {
    const value = message(args, special);
    const item = nodeTreeItem(
      { id: key, key, parent_key: '', value, child_mark: 0, org_id: '', date_create: '' },
      amount,
    );
    return { ...item, open: false };
  }
  if (!node) return null;
  // A user tree may hold the roots of several orgs (all called Default here): a real org's root is shown by the org's name.
  const orgName = node.parent_key === '' && node.org_id ? look.orgs.get(node.org_id) : undefined;
  return nodeTreeItem(orgName ? { ...node, value: orgName } : node, amount);
}

/** Node rows of `nodes/` and `nodes/children/`: `{id, name, key, value, org_id, assets_amount}`. */
export function nodeRow(item: TreeItem, orgId: string): Row {
  const node = item.meta.node as Row;
  return {
    id: node.id,
    name: node.name,
    key: node.key,
    value: node.value,
    org_id: orgId,
    assets_amount: node.assets_amount,
  };
}

// The shapes granted resources go out in (§2.5): the asset rows of `assets/` and `nodes/<id>/assets/`
// (searched, filtered, ordered and paged by the engine's list over a clause from grants.ts), node rows,
// and Lina's tree items with the special favourite / ungrouped nodes. No grant is decided here.
import { L, message } from '../assets/fields.ts';
import { compareKeys, type NodeRow } from '../assets/node-tree.ts';
import { assetTreeItem, nodeTreeItem, type TreeItem } from '../assets/tree-items.ts';
import { everyAction, IsValidUser } from '../auth/permissions.ts';
import type { DB } from '../db/open.ts';
import { pageOf, paginated } from '../engine/paging.ts';
import { listWhere, orderBy, queryClauses } from '../engine/query.ts';
import { singleValues } from '../engine/query-params.ts';
import type { Clause, HookArgs, ResourceDef, Row } from '../engine/types.ts';
import { FAVORITE_KEY, idsClause, UNGROUPED_KEY } from './grants.ts';

const SPECIAL_NAMES: Record<string, ReturnType<typeof L>> = {
  [FAVORITE_KEY]: L('收藏夹', 'Favorite'),
  [UNGROUPED_KEY]: L('未分组', 'Ungrouped'),
};

/** The list definition the engine pages over: the assets table limited to `granted`. */
function grantedAssetsList(args: HookArgs, granted: Clause, byNode: (key: string, deep: boolean) => Clause): ResourceDef {
  const sortBy = sortColumn(args);
  const text = (zh: string, en: string) => ({ type: 'string' as const, label: L(zh, en) });
  return {
    name: 'Granted Asset List', model: L('资产', 'Asset'), url: '', table: 'assets',
    fields: { id: text('ID', 'ID'), hostname: text('主机名', 'Hostname'), ip: text('IP', 'IP'), comment: text('备注', 'Comment') },
    searchFields: ['hostname', 'ip', 'comment'],
    filterFields: ['hostname', 'ip', 'id', 'comment'],
    orderingFields: ['hostname', 'ip'],
    defaultOrder: [sortBy],
    extraFilters: {
      // `node=<id>` (+ `all=1|true` for its subtree), as 2.3's assets/ filter reads it.
      node: ({ db, request }, value) => {
        const key = db.prepare('SELECT key FROM nodes WHERE id = ?').pluck().get(value) as string | undefined;
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
  (args.request.server.bastion.settings.get<string>('TERMINAL_ASSET_LIST_SORT_BY') === 'ip' ? 'ip' : 'hostname');

/** Lookups every granted row needs: platform bases and org names (both small tables). */
function lookups(db: DB) {
  const bases = new Map((db.prepare('SELECT name, base FROM platforms').all() as { name: string; base: string }[]).map((p) => [p.name, p.base]));
  const orgs = new Map((db.prepare('SELECT id, name FROM orgs').all() as { id: string; name: string }[]).map((o) => [o.id, o.name]));
  return { base: (name: unknown) => bases.get(String(name)) ?? 'Other', orgName: (id: unknown) => (id ? orgs.get(String(id)) ?? '' : 'DEFAULT') };
}

/** A granted asset as 2.3's AssetGrantedSerializer shows it. */
function assetRow(row: Row, look: ReturnType<typeof lookups>): Row {
  return {
    id: row.id, hostname: row.hostname, ip: row.ip, protocols: String(row.protocols).split(' ').filter(Boolean),
    os: row.os ?? null, domain: row.domain ?? null, platform: look.base(row.platform), comment: row.comment,
    org_id: row.org_id, org_name: look.orgName(row.org_id),
  };
}

/**
 * `assets/`-style answer over `granted` (ids in hostname order): a bare array, or a page with `limit`.
 * The engine builds the WHERE and ORDER (search, filters, `node=`, ordering); the ids are selected first
 * — the assets_grant_lookup index covers every column they need — and only the rows shown are read whole.
 */
export function grantedAssetsAnswer(args: HookArgs, granted: string[], byNode: (key: string, deep: boolean) => Clause) {
  const query = singleValues(args.request.query as Record<string, unknown>);
  const def = grantedAssetsList(args, idsClause(granted), byNode);
  const page = pageOf(query);
  const narrowed = queryClauses(def, args, query).length > 0 || (query.order !== undefined && query.order !== '') || def.defaultOrder?.[0] !== 'hostname';
  // `granted` comes in (hostname, id) order: without any narrowing or other order, a page is a slice of it.
  let ids = granted;
  if (narrowed) {
    const where = listWhere(def, args, query);
    ids = args.db.prepare(`SELECT id FROM assets ${where.sql} ${orderBy(def, query.order)}`).pluck().all(...where.params) as string[];
  }
  const shown = page ? ids.slice(page.offset, page.offset + page.limit) : ids;
  const rows = new Map((args.db.prepare('SELECT * FROM assets WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(shown)) as Row[])
    .map((row) => [String(row.id), row]));
  const look = lookups(args.db);
  const results = shown.map((id) => assetRow(rows.get(id)!, look));
  return page ? paginated(args.request, page, ids.length, results) : results;
}

/** Every granted asset (no paging), for the asset tree endpoints. */
export function grantedAssetRows(args: HookArgs, clause: Clause): Row[] {
  return args.db.prepare(`SELECT a.*, (SELECT base FROM platforms WHERE name = a.platform) AS platform_base FROM assets a
    WHERE ${clause.sql} ORDER BY a.hostname, a.id`).all(...clause.params) as Row[];
}

/** An asset tree item of a permission tree: with domain and org, unchecked when it has no ssh. */
export function grantedAssetItem(db: DB, asset: Row, parentKey: string): TreeItem {
  const item = assetTreeItem(asset, parentKey);
  const look = lookups(db);
  const meta = item.meta.asset as Row;
  Object.assign(meta, { domain: asset.domain ?? null, org_name: look.orgName(asset.org_id), org_id: asset.org_id });
  return { ...item, nocheck: !(meta.protocols as string[]).some((p) => p.startsWith('ssh/')) };
}

/** Node tree items for the counted keys (special keys first, then numeric key order). */
export function nodeItems(args: HookArgs, counts: Map<string, number>): TreeItem[] {
  const keys = [...counts.keys()].sort(compareKeys);
  const rows = keys.length
    ? args.db.prepare('SELECT * FROM nodes WHERE key IN (SELECT value FROM json_each(?))').all(JSON.stringify(keys)) as NodeRow[]
    : [];
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const orgNames = new Map((args.db.prepare('SELECT id, name FROM orgs').all() as { id: string; name: string }[]).map((o) => [o.id, o.name]));
  return keys.map((key) => {
    const special = SPECIAL_NAMES[key];
    const amount = counts.get(key) ?? 0;
    if (special) {
      const value = message(args, special);
      const item = nodeTreeItem({ id: key, key, parent_key: '', value, child_mark: 0, org_id: '', date_create: '' }, amount);
      return { ...item, open: false };
    }
    const node = byKey.get(key);
    if (!node) return null;
    // A user tree may hold the roots of several orgs (all called Default here): a real org's root is shown by the org's name.
    const orgName = node.parent_key === '' && node.org_id ? orgNames.get(node.org_id) : undefined;
    return nodeTreeItem(orgName ? { ...node, value: orgName } : node, amount);
  }).filter((item): item is TreeItem => item !== null);
}

/** Node rows of `nodes/` and `nodes/children/`: `{id, name, key, value, org_id, assets_amount}`. */
export function nodeRows(args: HookArgs, counts: Map<string, number>): Row[] {
  return nodeItems(args, counts).map((item) => {
    const node = item.meta.node as Row;
    const orgId = (item.meta as Row).org_id;
    return { id: node.id, name: node.name, key: node.key, value: node.value, org_id: orgId ?? nodeOrg(args.db, String(node.key)), assets_amount: node.assets_amount };
  });
}

const nodeOrg = (db: DB, key: string): string => (db.prepare('SELECT org_id FROM nodes WHERE key = ?').pluck().get(key) as string | undefined) ?? '';

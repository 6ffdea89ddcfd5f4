// The asset list's filters that are not plain columns (§2.3): node/node_id (uuid or key) with
// all=1 / show_current_asset (see isQueryAll), label=name:value (repeatable, AND), ips=, systemuser__id,
// admin_user__id, platform__base.
import type { Clause, HookArgs } from '../engine/types.ts';
import { UUID_PATTERN } from '../core/lib/ids.ts';
import { nodeById, nodeByKey, subtreeClause, type NodeRow } from './node-store.ts';
import { orgSees } from '../core/orgs/current-org.ts';

const NOTHING: Clause = { sql: '0', params: [] };
/** A repeated query parameter arrives as an array. */
const valuesOf = (raw: unknown): string[] => (Array.isArray(raw) ? raw : [raw]).map(String);
const queryOf = (args: HookArgs) => args.request.query as Record<string, unknown>;

/** The node a query value names, if the caller's org can see it. */
export function visibleNode(args: HookArgs, value: string): NodeRow | null {
  const node = UUID_PATTERN.test(value) ? nodeById(args.db, value) : nodeByKey(args.db, value);
  if (!node) return null;
  return orgSees(args.ctx.org, node.org_id) ? node : null;
}

/** Assets on `node`, or in its whole subtree. Every asset keeps at least one node, so an org root's subtree is the org. */
export function nodeAssetsClause(node: NodeRow, wholeSubtree: boolean): Clause {
  if (!wholeSubtree)
    return { sql: 'assets.id IN (SELECT asset_id FROM asset_nodes WHERE node_id = ?)', params: [node.id] };
  if (node.parent_key === '') return { sql: 'assets.org_id = ?', params: [node.org_id] };
  const range = subtreeClause('n.key', node.key);
  return {
    sql: `assets.id IN (SELECT an.asset_id FROM asset_nodes an JOIN nodes n ON n.id = an.node_id WHERE ${range.sql})`,
    params: range.params,
  };
}

function nodeFilter(args: HookArgs, raw: string): Clause {
  const node = visibleNode(args, valuesOf(raw)[0]);
  if (!node) return NOTHING;
  return nodeAssetsClause(node, isQueryAll(queryOf(args)));
}

/**
 * 2.3's `is_query_all`: `all=1` asks for the subtree, but a present `show_current_asset` decides
 * alone — anything but `1` (even empty) is the whole subtree, `1` only the node's own assets.
 */
export function isQueryAll(query: Record<string, unknown>): boolean {
  const last = (raw: unknown): string | undefined => (raw === undefined ? undefined : valuesOf(raw).at(-1));
  const showCurrent = last(query.show_current_asset);
  return showCurrent !== undefined ? showCurrent !== '1' : last(query.all) === '1';
}

/** `name:value`, or `name#value` when the item holds a '#' (JumpServer's order); the value keeps later separators. */
function labelPair(item: string): [string, string] | null {
  const text = item.trim();
  const at = text.indexOf(text.includes('#') ? '#' : ':');
  if (at < 0) return null;
  const [name, value] = [text.slice(0, at).trim(), text.slice(at + 1).trim()];
  return name && value ? [name, value] : null;
}

/**
 * Every pair must match an active label of the asset; a `label` with no usable pair selects nothing, as in
 * 2.3. One SQL term however many pairs (an asset whose active labels match them all), the pairs one JSON
 * parameter, as `ids`: a term per pair made a 500 past SQLite's expression depth of 1000.
 */
function labelFilter(args: HookArgs, raw: string): Clause | null {
  // The engine hands filters the last value of a repeated parameter; labels AND every value.
  const found = valuesOf(queryOf(args).label ?? raw)
    .map(labelPair)
    .filter((pair): pair is [string, string] => pair !== null);
  const pairs = [...new Map(found.map((pair) => [JSON.stringify(pair), pair])).values()];
  if (!pairs.length) return NOTHING;
  return {
    sql: `assets.id IN (SELECT al.asset_id FROM asset_labels al JOIN labels l ON l.id = al.label_id
      JOIN json_each(?) p ON l.name = p.value ->> 0 AND l.value = p.value ->> 1
      WHERE l.is_active = 1 GROUP BY al.asset_id HAVING COUNT(DISTINCT p.key) = ?)`,
    params: [JSON.stringify(pairs), pairs.length],
  };
}

function ipsFilter(_args: HookArgs, raw: string): Clause | null {
  const ips = valuesOf(raw)
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  // One JSON parameter, however many addresses (one `?` each would pass SQLite's variable limit).
  return ips.length ? { sql: 'assets.ip IN (SELECT value FROM json_each(?))', params: [JSON.stringify(ips)] } : null;
}

export const ASSET_FILTERS: Record<string, (args: HookArgs, value: string) => Clause | null> = {
  node: nodeFilter,
  node_id: nodeFilter,
  label: labelFilter,
  ips: ipsFilter,
  systemuser__id: (_args, value) => ({
    sql: 'assets.id IN (SELECT asset_id FROM system_user_assets WHERE system_user_id = ?)',
    params: [value],
  }),
  admin_user__id: (_args, value) => ({ sql: 'assets.admin_user = ?', params: [value] }),
  platform__base: (_args, value) => ({
    sql: 'assets.platform IN (SELECT name FROM platforms WHERE base = ?)',
    params: [value],
  }),
};

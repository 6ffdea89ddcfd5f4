import type { BastionAssetScope } from '../../../core/element-types.ts';
import { limitOffsetAdapter, type ListAdapter } from '../../../core/resource/adapters.ts';
import { MY_ASSETS, loadGrantedChildren, nodeAssetsUrl } from '../../userviews/api.ts';
import { API } from '../field-helpers.ts';
import { nodeAdapter } from '../node-adapter.ts';
import { loadChildren } from '../tree/node-api.ts';
import type { LoadChildren } from '../tree/use-node-tree.ts';

export type AssetColumn = 'hostname' | 'ip' | 'platform' | 'hardware_info' | 'connectivity' | 'org_name' | 'comment';

/** Where one scope of the embeddable list reads from: the table for a node, the tree, the columns. */
export interface AssetSource {
  /** The table's address and paging for the chosen node (`all`: its sub-nodes' assets too). */
  list(nodeId: string | undefined, all: boolean, size: number): { url: string; adapter: ListAdapter };
  tree: LoadChildren;
  columns: readonly AssetColumn[];
  /** The tree has no single root (one per org, then favourites): an "All assets" entry clears the node. */
  allEntry: boolean;
  /** Rows carry the user's favourites mark (read-only: a portal token may not change it). */
  favorites: boolean;
}

const paged = (size: number, extra: Record<string, unknown> = {}): ListAdapter => ({
  ...limitOffsetAdapter,
  defaultSize: size,
  params: (query) => ({ ...limitOffsetAdapter.params(query), ...extra }),
});

/** `org`: every asset of the org, for its admins: the admin list and node tree (jumpserver-api.md §2.3). */
export const orgAssets = (org?: string): AssetSource => ({
  list: (nodeId, all, size) => ({ url: API.assets, adapter: nodeAdapter({ nodeId, all }, paged(size)) }),
  tree: (parent) => loadChildren(parent?.id, undefined, org),
  columns: ['hostname', 'ip', 'platform', 'hardware_info', 'connectivity'],
  allEntry: false,
  favorites: false,
});

/** `mine`: what the signed-in user was granted, from the user page's "my" endpoints (§2.5, userviews/api.ts). */
export const myAssets: AssetSource = {
  list: (nodeId, all, size) => ({
    url: nodeId ? nodeAssetsUrl({ id: nodeId }) : MY_ASSETS,
    adapter: paged(size, nodeId && all ? { all: 1 } : {}),
  }),
  tree: loadGrantedChildren,
  // Granted rows carry no hardware or connectivity (2.3's AssetGrantedSerializer), but their org.
  columns: ['hostname', 'ip', 'platform', 'org_name', 'comment'],
  allEntry: true,
  favorites: true,
};

export const assetSource = (scope: BastionAssetScope, org?: string): AssetSource =>
  scope === 'mine' ? myAssets : orgAssets(org);

import { http } from '../../core/http.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { toNode, type TreeItem, type TreeNode } from '../assets/tree/node-api.ts';

// The "my" endpoints of jumpserver-api.md §2.5 (evaluated across every org for the signed-in user)
// and the favourites of §2.4, as Lina 2.3.1's user page calls them.
const MY = '/api/v1/perms/users/';
export const MY_ASSETS = `${MY}assets/`;
export const FAVORITES = '/api/v1/assets/favorite-assets/';
/** Special node keys of the user tree (§2.3). */
export const FAVORITE_KEY = '-12';
export const UNGROUPED_KEY = '-10';

/** Where a node's table rows come from: the node's granted assets (`?all=1`: its subtree too). */
export const nodeAssetsUrl = (node: Pick<TreeNode, 'id'>) => `${MY}nodes/${encodeURIComponent(node.id)}/assets/`;

export const assetSystemUsersUrl = (assetId: string) => `${MY}assets/${encodeURIComponent(assetId)}/system-users/`;

/** The web terminal (route table: "connect" opens `/luna/?login_to=<id>`); apps add their type. */
export function lunaUrl(id: string, type?: string): string {
  const query = new URLSearchParams(type ? { type, login_to: id } : { login_to: id });
  return `/luna/?${query}`;
}

/**
 * One level of the granted tree (Lina's lazy tree). Opened by key: special nodes (favourites,
 * ungrouped) are keys first. Without a parent the server gives the top level and its children.
 */
export async function loadGrantedChildren(parent?: TreeNode): Promise<TreeNode[]> {
  const items = await http.get<TreeItem[]>(`${MY}nodes/children/tree/`, { params: { key: parent?.key } });
  return (Array.isArray(items) ? items : [])
    .map((item) => toNode(withNodeId(item)))
    .filter((n): n is TreeNode => n !== null);
}

// A special node may come without a uuid: its key then stands for it.
function withNodeId(item: TreeItem): TreeItem {
  const node = item.meta?.node;
  if (item.meta?.type !== 'node' || !node || node.id) return item;
  return { ...item, meta: { ...item.meta, node: { ...node, id: node.key ?? item.id } } };
}

export interface GrantedSystemUser {
  id: string;
  name: string;
  username?: string;
  protocol?: string;
  priority?: number;
}

export async function loadSystemUsers(url: string): Promise<GrantedSystemUser[]> {
  const body = await http.get<unknown>(url, { disableFlashErrMsg: true });
  return Array.isArray(body) ? (body as GrantedSystemUser[]) : [];
}

/** The caller's favourite asset ids (rows `{user, asset}`). */
export async function loadFavorites(): Promise<Set<string>> {
  const body = await http.get<unknown>(FAVORITES);
  const rows = Array.isArray(body) ? (body as Row[]) : ((body as { results?: Row[] })?.results ?? []);
  return new Set(rows.map((row) => String(row.asset)));
}

export const addFavorite = (assetId: string) => http.post(FAVORITES, { asset: assetId });
export const removeFavorite = (assetId: string) => http.delete(FAVORITES, { params: { asset: assetId } });

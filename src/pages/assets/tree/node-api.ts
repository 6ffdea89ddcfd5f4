import { HttpError, http } from '../../../core/http.ts';
import { fieldErrors } from '../../../core/resource/errors.ts';
import { serverMessage } from '../../../core/http-error.ts';
import { toast } from '../../../core/stores/notify.ts';

// The node endpoints of jumpserver-api.md §2.3 the tree uses.
const NODES = '/api/v1/assets/nodes/';

export interface TreeNode {
  /** Node uuid (what the asset filters and node endpoints take). */
  id: string;
  key: string;
  /** Parent key, '' for an org root. */
  parentKey: string;
  value: string;
  /** `"<value> (<assets_amount>)"` as the server titles it. */
  title: string;
}

export interface TreeItem {
  id: string;
  name?: string;
  title?: string;
  pId?: string;
  meta?: { type?: string; node?: { id?: string; value?: string; key?: string } };
}

/** A lazy-tree item of a node (jumpserver-api.md §2.3 tree format) as the tree draws it; other items give null. */
export function toNode(item: TreeItem): TreeNode | null {
  const node = item.meta?.node;
  if (item.meta?.type !== 'node' || !node?.id) return null;
  return {
    id: node.id,
    key: node.key ?? item.id,
    parentKey: item.pId ?? '',
    value: node.value ?? '',
    title: item.name ?? node.value ?? '',
  };
}

/**
 * The children of `nodeId` as tree items; without an id the org root comes first, then its children.
 * `url` names another lazy tree of the same item shape (a user's granted tree, §2.5).
 */
export async function loadChildren(nodeId?: string, url = `${NODES}children/tree/`, org?: string): Promise<TreeNode[]> {
  const items = await http.get<TreeItem[]>(url, { params: { id: nodeId }, org });
  return (Array.isArray(items) ? items : []).map(toNode).filter((n): n is TreeNode => n !== null);
}

/** Shows what the server said (400 bodies are field maps or `{error}`), instead of the generic 400 text. */
export function showServerError(error: unknown): void {
  if (!(error instanceof HttpError)) return;
  const fields = Object.values(fieldErrors(error.data));
  toast.error(serverMessage(error.data) ?? (fields.length ? fields.join('; ') : error.message));
}

async function quietly<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    showServerError(error);
    return undefined;
  }
}

const quiet = { disableFlashErrMsg: true };

export const createChildNode = (parentId: string, value?: string) =>
  quietly(() =>
    http.post<{ id: string; key: string; value: string }>(
      `${NODES}${parentId}/children/`,
      value ? { value } : {},
      quiet,
    ),
  );

export const renameNode = (id: string, value: string) =>
  quietly(() => http.patch<{ value: string }>(`${NODES}${id}/`, { value }, quiet));

export const deleteNode = (id: string) => quietly(() => http.delete(`${NODES}${id}/`, quiet).then(() => true));

export type MoveMode = 'replace' | 'add' | 'remove';

/** `nodes/<id>/assets/<replace|add|remove>/` with `{assets: [ids]}`. */
export const moveAssets = (nodeId: string, assetIds: string[], mode: MoveMode) =>
  quietly(() => http.put(`${NODES}${nodeId}/assets/${mode}/`, { assets: assetIds }, quiet).then(() => true));

import { http } from '../../core/http.ts';
import { OPS_API } from './section.ts';

// What the batch-command page asks (jumpserver-api.md §2.5 "my" endpoints, §2.7 command-executions):
// the caller's granted tree with its assets, the system users granted on an asset, and the runs.

const MY = '/api/v1/perms/users/';

/** A zTree item of `nodes-with-assets/tree/`: nodes (id = key) and assets (id = asset id, pId = node key). */
export interface GrantedTreeItem {
  id: string;
  pId?: string;
  name?: string;
  nocheck?: boolean;
  meta?: {
    type?: string;
    node?: { key?: string; value?: string };
    asset?: { id?: string; hostname?: string; ip?: string; protocols?: string[] };
  };
}

export interface PickerNode {
  key: string;
  name: string;
  children: PickerNode[];
  /** Asset leaves directly under this node. */
  assets: PickerAsset[];
}

export interface PickerAsset {
  id: string;
  hostname: string;
  ip: string;
  ssh: boolean;
}

/** The caller's granted tree (every org), nodes with their assets; assets without SSH cannot be ticked. */
export async function loadGrantedTree(): Promise<PickerNode[]> {
  const items = await http.get<GrantedTreeItem[]>(`${MY}nodes-with-assets/tree/`);
  return buildTree(Array.isArray(items) ? items : []);
}

export function buildTree(items: GrantedTreeItem[]): PickerNode[] {
  const nodes = new Map<string, PickerNode & { parent: string }>();
  for (const item of items) {
    if (item.meta?.type !== 'node') continue;
    nodes.set(item.id, {
      key: item.id,
      name: item.name ?? item.meta.node?.value ?? item.id,
      children: [],
      assets: [],
      parent: item.pId ?? '',
    });
  }
  for (const item of items) {
    const asset = item.meta?.asset;
    if (item.meta?.type !== 'asset' || !asset?.id) continue;
    const ssh = !item.nocheck && (asset.protocols ?? []).some((p) => p.startsWith('ssh/'));
    nodes
      .get(item.pId ?? '')
      ?.assets.push({ id: asset.id, hostname: asset.hostname ?? item.name ?? asset.id, ip: asset.ip ?? '', ssh });
  }
  const roots: PickerNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parent);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Every SSH asset id in the node's subtree. */
export function subtreeAssets(node: PickerNode): string[] {
  return [
    ...node.assets.filter((asset) => asset.ssh).map((asset) => asset.id),
    ...node.children.flatMap(subtreeAssets),
  ];
}

export interface RunAsOption {
  id: string;
  name: string;
  username: string;
}

interface GrantedSystemUser {
  id: string;
  name: string;
  username?: string;
  protocol?: string;
  actions?: string[];
}

const cache = new Map<string, Promise<GrantedSystemUser[]>>();

function systemUsersOf(asset: string): Promise<GrantedSystemUser[]> {
  let answer = cache.get(asset);
  if (!answer) {
    answer = http
      .get<GrantedSystemUser[]>(`${MY}assets/${encodeURIComponent(asset)}/system-users/`, { disableFlashErrMsg: true })
      .then(
        (body) => (Array.isArray(body) ? body : []),
        () => [],
      );
    cache.set(asset, answer);
  }
  return answer;
}

/** Forgets the system users read (a new page visit reads today's grants). */
export const clearSystemUsers = (): void => cache.clear();

/** SSH system users granted with `connect` on every one of `assets` (what the server accepts for all of them). */
export async function runAsChoices(assets: string[]): Promise<RunAsOption[]> {
  if (!assets.length) return [];
  const lists = await Promise.all(assets.map(systemUsersOf));
  const usable = (user: GrantedSystemUser) =>
    user.protocol === 'ssh' && (user.actions ?? []).some((name) => name === 'all' || name === 'connect');
  const [first, ...rest] = lists.map((list) => list.filter(usable));
  return first
    .filter((user) => rest.every((list) => list.some((other) => other.id === user.id)))
    .map((user) => ({ id: user.id, name: user.name, username: user.username ?? '' }));
}

export interface CommandExecution {
  id: string;
  is_finished?: boolean;
  result?: { ok?: string[]; failed?: Record<string, string>; skipped?: Record<string, string>; error?: string };
}

export const runCommand = (
  body: { hosts: string[]; run_as: string; command: string },
  size: { cols: number; rows: number },
) => http.post<CommandExecution>(OPS_API.commandExecutions, body, { params: size, disableFlashErrMsg: true });

export const readExecution = (id: string) =>
  http.get<CommandExecution>(`${OPS_API.commandExecutions}${encodeURIComponent(id)}/`);

export const stopExecution = (id: string) =>
  http.post(`${OPS_API.commandExecutions}${encodeURIComponent(id)}/stop/`, {});

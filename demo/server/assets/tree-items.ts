// Tree items in the zTree shape JumpServer's tree endpoints answer (apps/common/tree.py):
// {id, name, title, pId, isParent, open, iconSkin, nocheck, meta}.
import type { Row } from '../engine/types.ts';
import type { NodeRow } from './node-store.ts';

export interface TreeItem {
  id: string;
  name: string;
  title: string;
  pId: string;
  isParent: boolean;
  open: boolean;
  iconSkin: string;
  nocheck: boolean;
  meta: Record<string, unknown>;
}

export function nodeTreeItem(node: NodeRow, assetsAmount: number): TreeItem {
  const name = `${node.value} (${assetsAmount})`;
  return {
    id: node.key,
    name,
    title: name,
    pId: node.parent_key,
    isParent: true,
    open: node.parent_key === '',
    iconSkin: '',
    nocheck: false,
    meta: {
      type: 'node',
      node: { id: node.id, name: node.value, value: node.value, key: node.key, assets_amount: assetsAmount },
    },
  };
}

const ICONS: Record<string, string> = { Windows: 'windows', Linux: 'linux' };

/** `asset` is an assets row joined with its platform's `base` (column `platform_base`). */
export function assetTreeItem(asset: Row, nodeKey: string): TreeItem {
  const base = String(asset.platform_base ?? 'Other');
  return {
    id: String(asset.id),
    name: String(asset.hostname),
    title: String(asset.ip),
    pId: nodeKey,
    isParent: false,
    open: false,
    iconSkin: ICONS[base] ?? 'file',
    nocheck: false,
    meta: {
      type: 'asset',
      asset: {
        id: asset.id,
        hostname: asset.hostname,
        ip: asset.ip,
        protocols: String(asset.protocols).split(' ').filter(Boolean),
        platform: base,
      },
    },
  };
}

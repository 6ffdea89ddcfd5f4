// Validation and relation writes of an asset: protocols (legacy protocol/port too), platform by name,
// admin user, domain, nodes (default: the org root, or `?node_id=` on POST) and labels.
import type { HookArgs, Row } from '../engine/types.ts';
import { L, message, mergeErrors, replaceRelations, unknownIds, writeOrg } from '../engine/field-kit.ts';
import { visibleNode } from './asset-filters.ts';
import { assetNodeIds } from './node-asset-store.ts';
import { orgRoot } from './node-store.ts';
import { checkProtocols, DEFAULT_PROTOCOLS, firstPort, protocolsFromLegacy } from './protocols.ts';
import { setProtocols } from './asset-store.ts';
import { adminUserName } from './admin-user-store.ts';
import { domainName } from './domain-store.ts';
import { labelIdsOfAsset } from './label-store.ts';
import { platformExists } from './platform-store.ts';

export function validateAsset(args: HookArgs, data: Row, existing: Row | null): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  if (data.protocols === undefined) {
    const legacy = protocolsFromLegacy(data.protocol, data.port);
    if (legacy) data.protocols = legacy;
    else if (!existing) data.protocols = DEFAULT_PROTOCOLS;
  }
  if (data.protocols !== undefined) {
    const checked = checkProtocols(data.protocols);
    if (checked.ok) data.protocols = checked.protocols;
    else errors.protocols = [message(args, checked.error, checked.params)];
  }
  if (typeof data.platform === 'string' && !platformExists(args.db, data.platform)) {
    errors.platform = [
      message(args, L('名称为 {value} 的对象不存在。', 'Object with name={value} does not exist.'), {
        value: data.platform,
      }),
    ];
  }
  if (Array.isArray(data.nodes) && data.nodes.length === 0) {
    errors.nodes = [message(args, L('列表字段不能为空值。', 'This list may not be empty.'))];
  }
  return mergeErrors(
    errors.nodes ? null : unknownIds(args, 'nodes', 'nodes', data.nodes),
    unknownIds(args, 'labels', 'labels', data.labels),
    unknownIds(args, 'admin_users', 'admin_user', data.admin_user),
    unknownIds(args, 'domains', 'domain', data.domain),
    errors,
  );
}

export function writeAssetRelations(args: HookArgs, id: string, data: Row, mode: 'create' | 'update'): void {
  if (Array.isArray(data.protocols)) {
    const protocols = data.protocols as string[];
    setProtocols(args.db, id, protocols.join(' '), firstPort(protocols));
  }
  if (Array.isArray(data.nodes)) replaceRelations(args, 'asset_nodes', 'asset_id', id, 'node_id', data.nodes);
  else if (mode === 'create') {
    const asked = (args.request.query as Record<string, string>).node_id;
    const node = (asked && visibleNode(args, asked)) || orgRoot(args.db, writeOrg(args), args.now);
    replaceRelations(args, 'asset_nodes', 'asset_id', id, 'node_id', [node.id]);
  }
  if (Array.isArray(data.labels)) replaceRelations(args, 'asset_labels', 'asset_id', id, 'label_id', data.labels);
}

/** "<vcpus> Core <memory> <disk_total>" once the hardware task has filled them, else "". */
export function hardwareInfo(row: Row): string {
  if (!row.cpu_vcpus && !row.memory && !row.disk_total) return '';
  return `${row.cpu_vcpus ?? ''} Core ${row.memory ?? ''} ${row.disk_total ?? ''}`.trim();
}

export function serializeAsset(args: HookArgs, row: Row, out: Row): void {
  const { db } = args;
  out.protocols = String(row.protocols ?? '')
    .split(' ')
    .filter(Boolean);
  out.nodes = assetNodeIds(db, String(row.id));
  out.labels = labelIdsOfAsset(db, String(row.id));
  out.hardware_info = hardwareInfo(row);
  out.admin_user_display = row.admin_user ? (adminUserName(db, String(row.admin_user)) ?? '') : '';
  out.domain_display = row.domain ? (domainName(db, String(row.domain)) ?? '') : '';
}

export function assetConnectivity(row: Row): { status: number; datetime: string | null } {
  return {
    status: Number(row.connectivity_status ?? 2),
    datetime: (row.connectivity_datetime as string | null) ?? null,
  };
}

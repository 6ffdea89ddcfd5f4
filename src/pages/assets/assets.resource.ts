import { createElement } from 'react';
import { http } from '../../core/http.ts';
import { t } from '../../core/i18n/index.ts';
import { defineResource, type RelationDefinition } from '../../core/resource/define.ts';
import { ASSET_ROUTES } from './section.ts';
import type { DetailTabProps } from '../../core/engine/detail/relation-tab.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';
import { startAssetTask } from './asset-tasks.ts';
import { ConnectivityCell } from './connectivity.tsx';
import { API, help, picker } from './field-helpers.ts';
import { idsOf, namedMembers } from './members.ts';
import { protocolsRule } from './protocols.ts';
import { assetGrantTabs } from '../perms/granted-tabs.ts';
import './i18n.ts';

// Detail tabs come when first opened, not with the route table that imports this definition.
const AssetSystemUsersTab = lazyComponent<DetailTabProps>(
  () => import('./AssetSystemUsersTab.tsx').then((m) => m.AssetSystemUsersTab),
  'AssetSystemUsersTab',
);

const patch = (id: unknown, body: Record<string, unknown>) => http.patch(`${API.assets}${String(id)}/`, body);

/** A card over one id-list field of the asset, written back with PATCH. */
function listRelation(field: 'nodes' | 'labels', title: string, selectUrl: string): RelationDefinition {
  return {
    title,
    selectUrl,
    members: (asset) => namedMembers(asset, field, selectUrl),
    add: (asset, ids) => patch(asset.id, { [field]: [...new Set([...idsOf(asset, field), ...ids])] }),
    remove: (asset, id) => patch(asset.id, { [field]: idsOf(asset, field).filter((x) => x !== id) }),
  };
}

export const assets = defineResource({
  ...ASSET_ROUTES,
  list: {
    columns: ['hostname', 'ip', 'platform', 'hardware_info', 'connectivity', 'actions'],
    linkField: 'hostname',
    overrides: { connectivity: { kind: 'text', render: (row) => createElement(ConnectivityCell, { row }) } },
    importExport: true,
    bulkUpdate: ['platform', 'admin_user', 'domain', 'is_active', 'comment'],
  },
  form: {
    groups: [
      { title: 'assets.groups.basic', items: ['hostname', 'ip', 'platform', 'public_ip', 'domain'] },
      { title: 'assets.groups.network', items: ['protocols', 'admin_user', 'nodes', 'labels'] },
      { title: 'assets.groups.other', items: ['is_active', 'number', 'comment'] },
    ],
    initial: { protocols: ['ssh/22'], is_active: true, platform: 'Linux' },
    // The server refuses `nodes: []` but files an asset created without nodes under the org root.
    beforeSubmit: (values, method) => {
      if (method !== 'post' || !Array.isArray(values.nodes) || values.nodes.length > 0) return values;
      const { nodes: _empty, ...rest } = values;
      return rest;
    },
    overrides: {
      protocols: { widget: 'tags', rules: [protocolsRule], required: true, ...help('assets.help.protocols') },
      platform: picker(API.platforms, 'name', 'name'),
      // The server checks a new asset's connectivity (and hardware) through its admin user only.
      admin_user: {
        ...picker(API.adminUsers),
        note: (values) => (values.admin_user ? undefined : t('assets.help.noAdminUser')),
      },
      domain: picker(API.domains),
      nodes: { ...picker(API.nodes, 'full_value'), multiple: true },
      labels: { ...picker(API.labels, 'name'), multiple: true },
    },
  },
  detail: {
    titleField: 'hostname',
    // draw=1: the display serializer, which carries `connectivity`.
    url: (id) => `${API.assets}${id}/?draw=1`,
    render: { connectivity: (asset) => createElement(ConnectivityCell, { row: asset }) },
    fields: [
      'hostname',
      'ip',
      'connectivity',
      'protocols',
      'public_ip',
      'admin_user_display',
      'domain_display',
      'platform',
      'vendor',
      'model',
      'sn',
      'cpu_model',
      'cpu_count',
      'cpu_cores',
      'cpu_vcpus',
      'memory',
      'disk_total',
      'disk_info',
      'os',
      'os_version',
      'os_arch',
      'hostname_raw',
      'number',
      'is_active',
      'created_by',
      'date_created',
      'comment',
    ],
    quickActions: (asset, reload) => [
      {
        title: 'assets.quick.active',
        kind: 'switch',
        checked: Boolean(asset.is_active),
        onChange: async (on) => {
          await patch(asset.id, { is_active: on }).catch(() => undefined);
          reload();
        },
      },
      {
        title: 'assets.quick.testConnectivity',
        kind: 'button',
        button: 'assets.quick.test',
        onChange: () => void startAssetTask(String(asset.id), 'test'),
      },
      {
        title: 'assets.quick.refreshHardware',
        kind: 'button',
        button: 'assets.quick.refresh',
        onChange: () => void startAssetTask(String(asset.id), 'refresh'),
      },
    ],
    relations: [
      listRelation('nodes', 'assets.relations.nodes', API.nodes),
      listRelation('labels', 'assets.relations.labels', API.labels),
    ],
    tabs: [
      { name: 'systemUsers', title: 'assets.tabs.systemUsers', component: AssetSystemUsersTab },
      ...assetGrantTabs,
    ],
  },
});

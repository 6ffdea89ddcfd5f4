import { defineResource } from '../../core/resource/define.ts';
import { DOMAIN_ROUTES } from './section.ts';
import type { DetailTabProps } from '../../core/engine/detail/relation-tab.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';
import { API, picker } from './field-helpers.ts';

// The tab draws Shoelace buttons: its code comes when it is first opened, not with the route table.
const GatewaysTab = lazyComponent<DetailTabProps>(
  () => import('./GatewaysTab.tsx').then((m) => m.GatewaysTab),
  'GatewaysTab',
);

export const domains = defineResource({
  ...DOMAIN_ROUTES,
  list: { columns: ['name', 'asset_count', 'gateway_count', 'comment', 'actions'], importExport: true },
  form: {
    fields: ['name', 'assets', 'comment'],
    overrides: { assets: { ...picker(API.assets, 'hostname'), multiple: true } },
  },
  detail: {
    fields: ['name', 'asset_count', 'gateway_count', 'date_created', 'comment'],
    tabs: [{ name: 'gateways', title: 'assets.tabs.gateways', component: GatewaysTab }],
  },
});

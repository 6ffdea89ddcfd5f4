import { defineResource } from '../../core/resource/define.ts'
import { API, picker } from './field-helpers.ts'
import { GatewaysTab } from './GatewaysTab.tsx'

export const domains = defineResource({
  name: 'Domain', url: API.domains, path: '/assets/domains', icon: 'diagram-3',
  list: { columns: ['name', 'asset_count', 'gateway_count', 'comment', 'actions'], importExport: true },
  form: {
    fields: ['name', 'assets', 'comment'],
    overrides: { assets: { ...picker(API.assets, 'hostname'), multiple: true } },
  },
  detail: {
    fields: ['name', 'asset_count', 'gateway_count', 'date_created', 'comment'],
    tabs: [{ name: 'gateways', title: 'assets.tabs.gateways', component: GatewaysTab }],
  },
})

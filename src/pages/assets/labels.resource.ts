import { defineResource } from '../../core/resource/define.ts'
import { API, picker } from './field-helpers.ts'

// List, create and update (no detail page in ROUTES.md).
export const labels = defineResource({
  name: 'Label', url: API.labels, path: '/assets/labels', icon: 'tags', routes: ['list', 'create', 'update'],
  list: { columns: ['name', 'value', 'asset_count', 'is_active', 'comment', 'actions'], importExport: true, bulkUpdate: ['is_active', 'comment'] },
  form: {
    fields: ['name', 'value', 'assets', 'is_active', 'comment'],
    initial: { is_active: true },
    overrides: { assets: { ...picker(API.assets, 'hostname'), multiple: true } },
  },
})

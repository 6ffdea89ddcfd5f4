import { defineResource } from '../../core/resource/define.ts';
import { LABEL_ROUTES } from './section.ts';
import { API, picker } from './field-helpers.ts';

// List, create and update (no detail page in ROUTES.md).
export const labels = defineResource({
  ...LABEL_ROUTES,
  list: {
    columns: ['name', 'value', 'asset_count', 'is_active', 'comment', 'actions'],
    importExport: true,
    bulkUpdate: ['is_active', 'comment'],
  },
  form: {
    fields: ['name', 'value', 'assets', 'is_active', 'comment'],
    initial: { is_active: true },
    overrides: { assets: { ...picker(API.assets, 'hostname'), multiple: true } },
  },
});

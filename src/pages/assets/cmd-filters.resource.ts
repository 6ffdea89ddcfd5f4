import { defineResource } from '../../core/resource/define.ts';
import { COMMAND_FILTER_ROUTES } from './section.ts';
import type { DetailTabProps } from '../../core/engine/detail/relation-tab.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';
import { API, picker } from './field-helpers.ts';

// The tab draws Shoelace buttons: its code comes when it is first opened, not with the route table.
const CommandFilterRulesTab = lazyComponent<DetailTabProps>(
  () => import('./CommandFilterRulesTab.tsx').then((m) => m.CommandFilterRulesTab),
  'CommandFilterRulesTab',
);

export const commandFilters = defineResource({
  ...COMMAND_FILTER_ROUTES,
  list: {
    columns: ['name', 'rules', 'system_users', 'is_active', 'comment', 'actions'],
    importExport: true,
    bulkUpdate: ['is_active', 'comment'],
  },
  form: {
    fields: ['name', 'system_users', 'is_active', 'comment'],
    initial: { is_active: true },
    overrides: { system_users: { ...picker(API.systemUsers), multiple: true } },
  },
  detail: {
    fields: ['name', 'is_active', 'created_by', 'date_created', 'date_updated', 'comment'],
    tabs: [{ name: 'rules', title: 'assets.tabs.rules', component: CommandFilterRulesTab }],
  },
});

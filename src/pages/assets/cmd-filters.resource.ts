import { defineResource } from '../../core/resource/define.ts'
import { CommandFilterRulesTab } from './CommandFilterRulesTab.tsx'
import { API, picker } from './field-helpers.ts'

export const commandFilters = defineResource({
  name: 'CommandFilter', url: API.cmdFilters, path: '/assets/cmd-filters', icon: 'funnel',
  list: { columns: ['name', 'rules', 'system_users', 'is_active', 'comment', 'actions'], importExport: true, bulkUpdate: ['is_active', 'comment'] },
  form: {
    fields: ['name', 'system_users', 'is_active', 'comment'],
    initial: { is_active: true },
    overrides: { system_users: { ...picker(API.systemUsers), multiple: true } },
  },
  detail: {
    fields: ['name', 'is_active', 'created_by', 'date_created', 'date_updated', 'comment'],
    tabs: [{ name: 'rules', title: 'assets.tabs.rules', component: CommandFilterRulesTab }],
  },
})

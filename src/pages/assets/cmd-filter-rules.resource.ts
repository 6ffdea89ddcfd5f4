import { defineResource } from '../../core/resource/define.ts'
import { API, PRIORITY, help } from './field-helpers.ts'

/** Rules live under their filter: `/api/v1/assets/cmd-filters/<filter>/rules/` (nested router). */
export const rulesUrl = (filterId: string): string => `${API.cmdFilters}${encodeURIComponent(filterId)}/rules/`

// Create/update routes only (ROUTES.md CommandFilterRulesCreate/Update); the pages pass the
// filter id (`?filter=`) and build the nested URL themselves, see CommandFilterRuleFormPage.
export const commandFilterRules = defineResource({
  name: 'CommandFilterRules', url: API.cmdFilters, path: '/assets/command-filter-rules', routes: ['create', 'update'],
  list: { columns: ['type', 'content', 'priority', 'action', 'comment', 'actions'] },
  form: {
    fields: ['type', 'content', 'priority', 'action', 'comment'],
    initial: { type: 'command', priority: 50, action: 0 },
    overrides: {
      content: { widget: 'textarea', rows: 5, ...help('assets.help.content') },
      priority: PRIORITY,
      action: help('assets.help.ruleAction'),
    },
  },
})

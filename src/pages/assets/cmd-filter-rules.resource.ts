import { defineResource } from '../../core/resource/define.ts';
import { COMMAND_FILTER_RULES_ROUTES } from './section.ts';
import { PRIORITY, help } from './field-helpers.ts';

// Create/update routes only (ROUTES.md CommandFilterRulesCreate/Update); rules live under their
// filter (`/api/v1/assets/cmd-filters/<filter>/rules/`, section.ts rulesUrl): the pages pass the
// filter id (`?filter=`) and build the nested URL themselves, see routes.ts RuleForm.
export const commandFilterRules = defineResource({
  ...COMMAND_FILTER_RULES_ROUTES,
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
});

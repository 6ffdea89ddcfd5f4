import { defineResource } from '../../core/resource/define.ts';
import { commands } from './commands.resource.tsx';

/**
 * The commands of one session, on its detail page: the Commands list without its search bar filters
 * or date picker. The page fixes `session_id` and a date window around the session, because the
 * server's window otherwise defaults to the last five days (§2.6).
 */
export const sessionCommands = defineResource({
  ...commands,
  name: 'SessionCommand',
  list: {
    ...commands.list,
    columns: ['input', 'risk_level', 'user', 'timestamp'],
    extraFilters: { input: commands.list.extraFilters.input, risk_level: commands.list.extraFilters.risk_level },
    dateRange: false,
  },
});

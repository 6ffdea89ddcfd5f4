import { SESSION_TABS } from './sessions.resource.ts';
import { TabbedLists } from '../../core/engine/list/TabbedLists.tsx';

/** SessionList (`/terminal/session`): online and history sessions (`is_finished`), one tab each. */
export function SessionListPage() {
  return <TabbedLists title="route.SessionList" tabs={SESSION_TABS} className="session-list-page" />;
}

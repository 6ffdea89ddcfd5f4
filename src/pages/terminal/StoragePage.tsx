import { STORAGE_TABS } from './storages.resource.ts';
import { TabbedLists } from '../../core/engine/list/TabbedLists.tsx';

/** Storage (`/terminal/storages`): replay storages and command storages, one tab each. */
export function StoragePage() {
  return <TabbedLists title="route.Storage" tabs={STORAGE_TABS} className="storage-page" />;
}

import type { ReactNode } from 'react';
import { useT } from '../../i18n/index.ts';
import type { ResourceDefinition } from '../../resource/define.ts';
import { queryToSearch, searchToQuery } from '../../resource/search.ts';
import { hashPath, navigateHash, useConsoleSearch } from '../../ui/hash-location.ts';
import { useActiveTab } from '../../ui/tabs.ts';
import { EngineStyle } from '../EngineStyle.tsx';
import { TabList, tabPanelProps, useTabIds } from '../TabList.tsx';
import { ListTable } from './ListTable.tsx';

export interface ListTab {
  name: string;
  /** i18n key. */
  title: string;
  resource: ResourceDefinition;
  /** Sent with every request of this tab, never shown as a search tag (`is_finished=0`). */
  fixed?: Record<string, string>;
}

export interface TabbedListsProps {
  /** i18n key of the page's heading. */
  title: string;
  tabs: readonly ListTab[];
  className: string;
  /** Above the tabs: the page's own buttons (a ticket request) and styles. */
  toolbar?: ReactNode;
}

/**
 * A page of lists behind tabs (sessions online/history, replay/command storages, tickets), as 2.3's tab
 * pages: the active tab is remembered (activeTab query, then cookie), the search lives in the address.
 */
export function TabbedLists({ title, tabs, className, toolbar }: TabbedListsProps) {
  const t = useT();
  const search = useConsoleSearch();
  const [active, choose] = useActiveTab(tabs.map((tab) => tab.name));
  const ids = useTabIds();
  const tab = tabs.find((each) => each.name === active) ?? tabs[0];
  const filters = Object.fromEntries(Object.entries(queryToSearch(search)).filter(([key]) => key !== 'activeTab'));
  const change = (next: Record<string, string>) => {
    const query = searchToQuery({ ...next, activeTab: tab.name });
    navigateHash(`${hashPath()}?${query}`, { replace: true });
  };
  const pick = (name: string) => {
    if (name === tab.name) return;
    // A tab's search means nothing on the other tab's list.
    navigateHash(`${hashPath()}?activeTab=${encodeURIComponent(name)}`, { replace: true });
    choose(name);
  };
  return (
    <section className={`engine-page list-page ${className}`}>
      <EngineStyle />
      <h2>{t(title)}</h2>
      {toolbar}
      <TabList tabs={tabs} active={tab.name} onChoose={pick} label={t(title)} ids={ids} />
      <div {...tabPanelProps(ids, tab.name)} data-tab={tab.name}>
        <ListTable
          key={tab.name}
          resource={tab.resource}
          filters={filters}
          onFiltersChange={change}
          fixed={tab.fixed}
        />
      </div>
    </section>
  );
}

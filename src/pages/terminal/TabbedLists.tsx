import { EngineStyle } from '../../core/engine/EngineStyle.tsx'
import { ListTable } from '../../core/engine/list/ListTable.tsx'
import { useT } from '../../core/i18n/index.ts'
import type { ResourceDefinition } from '../../core/resource/define.ts'
import { queryToSearch, searchToQuery } from '../../core/resource/search.ts'
import { hashPath, navigateHash, useConsoleSearch } from '../../core/ui/hash-location.ts'
import { useActiveTab } from '../../core/ui/tabs.ts'
import './i18n.ts'

export interface ListTab {
  name: string
  /** i18n key. */
  title: string
  resource: ResourceDefinition
  /** Sent with every request of this tab, never shown as a search tag (`is_finished=0`). */
  fixed?: Record<string, string>
}

/**
 * A page of lists behind tabs (sessions online/history, replay/command storages), as 2.3's tab pages:
 * the active tab is remembered (activeTab query, then cookie), the search lives in the address.
 */
export function TabbedLists({ title, tabs, className }: { title: string; tabs: readonly ListTab[]; className: string }) {
  const t = useT()
  const search = useConsoleSearch()
  const [active, choose] = useActiveTab(tabs.map((tab) => tab.name))
  const tab = tabs.find((each) => each.name === active) ?? tabs[0]
  const filters = Object.fromEntries(Object.entries(queryToSearch(search)).filter(([key]) => key !== 'activeTab'))
  const change = (next: Record<string, string>) => {
    const query = searchToQuery({ ...next, activeTab: tab.name })
    navigateHash(`${hashPath()}?${query}`, { replace: true })
  }
  const pick = (name: string) => {
    if (name === tab.name) return
    // A tab's search means nothing on the other tab's list.
    navigateHash(`${hashPath()}?activeTab=${encodeURIComponent(name)}`, { replace: true })
    choose(name)
  }
  return (
    <section className={`engine-page list-page ${className}`}>
      <EngineStyle />
      <h2>{t(title)}</h2>
      <div role="tablist" className="detail-tabs">
        {tabs.map((each) => (
          <button key={each.name} type="button" role="tab" data-tab={each.name} aria-selected={each.name === tab.name}
            className={each.name === tab.name ? 'active' : ''} onClick={() => pick(each.name)}>{t(each.title)}</button>
        ))}
      </div>
      <div role="tabpanel" data-tab={tab.name}>
        <ListTable key={tab.name} resource={tab.resource} filters={filters} onFiltersChange={change} fixed={tab.fixed} />
      </div>
    </section>
  )
}

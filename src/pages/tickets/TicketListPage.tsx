import { EngineStyle } from '../../core/engine/EngineStyle.tsx'
import { ListTable } from '../../core/engine/list/ListTable.tsx'
import { useT } from '../../core/i18n/index.ts'
import { queryToSearch, searchToQuery } from '../../core/resource/search.ts'
import { Button } from '../../core/ui/Button.tsx'
import { hashPath, navigateHash, useConsoleSearch } from '../../core/ui/hash-location.ts'
import { useActiveTab } from '../../core/ui/tabs.ts'
import { PATHS } from './section.ts'
import { ticketsCss } from './styles.ts'
import { TICKET_TABS } from './tickets.resource.ts'
import './i18n.ts'

/**
 * TicketList (`/tickets/tickets`), on the admin page and the user page: My tickets (`assign=0`) and
 * Assigned to me (`assign=1`) behind tabs (the active one remembered as 2.3's tab pages do), the search
 * in the address, and the way to a new request.
 */
export function TicketListPage() {
  const t = useT()
  const search = useConsoleSearch()
  const [active, choose] = useActiveTab(TICKET_TABS.map((tab) => tab.name))
  const tab = TICKET_TABS.find((each) => each.name === active) ?? TICKET_TABS[0]
  const filters = Object.fromEntries(Object.entries(queryToSearch(search)).filter(([key]) => key !== 'activeTab'))
  const change = (next: Record<string, string>) => navigateHash(`${hashPath()}?${searchToQuery({ ...next, activeTab: tab.name })}`, { replace: true })
  const pick = (name: string) => {
    if (name === tab.name) return
    navigateHash(`${hashPath()}?activeTab=${encodeURIComponent(name)}`, { replace: true })
    choose(name)
  }
  return (
    <section className="engine-page list-page ticket-page">
      <EngineStyle />
      <style>{ticketsCss}</style>
      <h2>{t('route.TicketList')}</h2>
      <div className="list-toolbar">
        <Button variant="primary" size="small" className="request-asset-perm" onClick={() => navigateHash(PATHS.create)}>{t('tickets.request')}</Button>
      </div>
      <div role="tablist" className="detail-tabs">
        {TICKET_TABS.map((each) => (
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

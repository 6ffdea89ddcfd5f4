import type { ComponentType } from 'react'
import { resourceRoutes } from '../../core/engine/resource-routes.ts'
import type { ResourceDefinition } from '../../core/resource/define.ts'
import type { PageProps, RouteRecord } from '../../core/routes.ts'
import { adminUsers } from './admin-users.resource.ts'
import { lazyComponent } from '../../core/ui/lazy-component.ts'
import { assets } from './assets.resource.ts'
import type { ChildFormOptions } from './ChildFormPage.tsx'
import { commandFilterRules, rulesUrl } from './cmd-filter-rules.resource.ts'
import { commandFilters } from './cmd-filters.resource.ts'
import { domains } from './domains.resource.ts'
import { API } from './field-helpers.ts'
import { gateways } from './gateways.resource.ts'
import { labels } from './labels.resource.ts'
import { platforms } from './platforms.resource.ts'
import { systemUsers } from './system-users.resource.ts'
import './i18n.ts'

/** Swaps the engine page of the named routes for a section-specific one. */
function withPages(records: RouteRecord[], pages: Record<string, ComponentType<PageProps>>): RouteRecord[] {
  return records.map((record) => (record.name && pages[record.name] ? { ...record, component: pages[record.name] } : record))
}

// The section's own pages load on first use (core/ui/lazy-component.ts).
const AssetListPage = lazyComponent(() => import('./AssetListPage.tsx').then((m) => m.AssetListPage), 'AssetListPage')
const AssetFormPage = lazyComponent(() => import('./AssetFormPage.tsx').then((m) => m.AssetFormPage), 'AssetFormPage')
const childFormPage = (resource: ResourceDefinition, options: ChildFormOptions) =>
  lazyComponent(() => import('./ChildFormPage.tsx').then((m) => m.childFormPage(resource, options)), `${resource.name}FormPage`)

const GatewayForm = childFormPage(gateways, {
  parentKey: 'domain', parentField: 'domain', url: () => API.gateways,
  back: (domain) => (domain ? `/assets/domains/${encodeURIComponent(domain)}?activeTab=gateways` : '/assets/domains'),
})

const RuleForm = childFormPage(commandFilterRules, {
  parentKey: 'filter', parentField: 'filter', url: rulesUrl,
  back: (filter) => `/assets/cmd-filters/${encodeURIComponent(filter)}?activeTab=rules`,
})

const hide = (records: RouteRecord[]) => records.map((r) => ({ ...r, meta: { ...r.meta, title: r.meta?.title ?? '', hidden: true } }))

/** The Assets section of the admin page (ROUTES.md), paths and names as Lina 2.3.1. */
export const assetRoutes: RouteRecord[] = [
  {
    path: '/assets', name: 'assets', redirect: '/assets/assets', meta: { title: 'route.assets', icon: 'inboxes' },
    children: [
      ...withPages(resourceRoutes(assets), { AssetList: AssetListPage, AssetCreate: AssetFormPage, AssetUpdate: AssetFormPage }),
      ...resourceRoutes(domains),
      ...hide(withPages(resourceRoutes(gateways), { GatewayCreate: GatewayForm, GatewayUpdate: GatewayForm })),
      ...resourceRoutes(adminUsers),
      ...resourceRoutes(systemUsers),
      ...resourceRoutes(commandFilters),
      ...hide(withPages(resourceRoutes(commandFilterRules), { CommandFilterRulesCreate: RuleForm, CommandFilterRulesUpdate: RuleForm })),
      ...resourceRoutes(platforms),
      ...resourceRoutes(labels),
    ],
  },
]

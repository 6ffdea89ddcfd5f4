import type { ComponentType } from 'react';
import { lazyResourceRoutes } from '../../core/engine/lazy-routes.ts';
import type { ResourceDefinition } from '../../core/resource/define.ts';
import type { PageProps, RouteRecord } from '../../core/routes.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';
import type { ChildFormOptions } from './ChildFormPage.tsx';
import {
  ADMIN_USER_ROUTES,
  API,
  ASSET_ROUTES,
  COMMAND_FILTER_ROUTES,
  COMMAND_FILTER_RULES_ROUTES,
  DOMAIN_ROUTES,
  GATEWAY_ROUTES,
  LABEL_ROUTES,
  PLATFORM_ROUTES,
  rulesUrl,
  SYSTEM_USER_ROUTES,
} from './section.ts';

/** Swaps the engine page of the named routes for a section-specific one. */
function withPages(records: RouteRecord[], pages: Record<string, ComponentType<PageProps>>): RouteRecord[] {
  return records.map((record) =>
    record.name && pages[record.name] ? { ...record, component: pages[record.name] } : record,
  );
}

// Every page of the section loads on first use (src/core/README.md "First load"): the table holds the
// stubs of section.ts; each definition, its messages and the section's own pages come in chunks of
// their own.
const AssetListPage = lazyComponent(() => import('./AssetListPage.tsx').then((m) => m.AssetListPage), 'AssetListPage');
const AssetFormPage = lazyComponent(() => import('./AssetFormPage.tsx').then((m) => m.AssetFormPage), 'AssetFormPage');
const childFormPage = (name: string, load: () => Promise<ResourceDefinition>, options: ChildFormOptions) =>
  lazyComponent(
    () =>
      Promise.all([import('./ChildFormPage.tsx'), load()]).then(([m, resource]) => m.childFormPage(resource, options)),
    `${name}FormPage`,
  );

const gateways = () => import('./gateways.resource.ts').then((m) => m.gateways);
const GatewayForm = childFormPage(GATEWAY_ROUTES.name, gateways, {
  parentKey: 'domain',
  parentField: 'domain',
  url: () => API.gateways,
  back: (domain) => (domain ? `/assets/domains/${encodeURIComponent(domain)}?activeTab=gateways` : '/assets/domains'),
});

const rules = () => import('./cmd-filter-rules.resource.ts').then((m) => m.commandFilterRules);
const RuleForm = childFormPage(COMMAND_FILTER_RULES_ROUTES.name, rules, {
  parentKey: 'filter',
  parentField: 'filter',
  url: rulesUrl,
  parentList: { url: API.cmdFilters, why: 'assets.parent.filter', label: 'assets.parent.filterLabel' },
  back: (filter) => `/assets/cmd-filters/${encodeURIComponent(filter)}?activeTab=rules`,
});

const hide = (records: RouteRecord[]) =>
  records.map((r) => ({ ...r, meta: { ...r.meta, title: r.meta?.title ?? '', hidden: true } }));

/** The Assets section of the admin page (ROUTES.md), paths and names as Lina 2.3.1. */
export const assetRoutes: RouteRecord[] = [
  {
    path: '/assets',
    name: 'assets',
    redirect: '/assets/assets',
    meta: { title: 'route.assets', icon: 'inboxes' },
    children: [
      ...withPages(
        lazyResourceRoutes(ASSET_ROUTES, () => import('./assets.resource.ts').then((m) => m.assets)),
        { AssetList: AssetListPage, AssetCreate: AssetFormPage, AssetUpdate: AssetFormPage },
      ),
      ...lazyResourceRoutes(DOMAIN_ROUTES, () => import('./domains.resource.ts').then((m) => m.domains)),
      ...hide(
        withPages(lazyResourceRoutes(GATEWAY_ROUTES, gateways), {
          GatewayCreate: GatewayForm,
          GatewayUpdate: GatewayForm,
        }),
      ),
      ...lazyResourceRoutes(ADMIN_USER_ROUTES, () => import('./admin-users.resource.ts').then((m) => m.adminUsers)),
      ...lazyResourceRoutes(SYSTEM_USER_ROUTES, () => import('./system-users.resource.ts').then((m) => m.systemUsers)),
      ...lazyResourceRoutes(COMMAND_FILTER_ROUTES, () =>
        import('./cmd-filters.resource.ts').then((m) => m.commandFilters),
      ),
      ...hide(
        withPages(lazyResourceRoutes(COMMAND_FILTER_RULES_ROUTES, rules), {
          CommandFilterRulesCreate: RuleForm,
          CommandFilterRulesUpdate: RuleForm,
        }),
      ),
      ...lazyResourceRoutes(PLATFORM_ROUTES, () => import('./platforms.resource.ts').then((m) => m.platforms)),
      ...lazyResourceRoutes(LABEL_ROUTES, () => import('./labels.resource.ts').then((m) => m.labels)),
    ],
  },
];

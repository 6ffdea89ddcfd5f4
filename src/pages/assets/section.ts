import { PERM } from '../../core/permissions.ts';
import type { ResourceRoutesStub } from '../../core/resource/route-stub.ts';

// What the route table needs of the Assets section's resources (ROUTES.md): names, paths, permissions,
// menu icons. Each definition (columns, forms, detail, their messages) extends its stub and loads with
// its first page (routes.ts), so the console's first load carries only this file and routes.ts.

export const API = {
  assets: '/api/v1/assets/assets/',
  nodes: '/api/v1/assets/nodes/',
  domains: '/api/v1/assets/domains/',
  gateways: '/api/v1/assets/gateways/',
  adminUsers: '/api/v1/assets/admin-users/',
  systemUsers: '/api/v1/assets/system-users/',
  cmdFilters: '/api/v1/assets/cmd-filters/',
  platforms: '/api/v1/assets/platforms/',
  labels: '/api/v1/assets/labels/',
} as const;

/** A command filter's rules: a list nested under the filter. */
export const rulesUrl = (filterId: string): string => `${API.cmdFilters}${encodeURIComponent(filterId)}/rules/`;

export const ASSET_ROUTES = {
  name: 'Asset',
  url: API.assets,
  path: '/assets/assets',
  icon: 'hdd-stack',
} satisfies ResourceRoutesStub;
export const DOMAIN_ROUTES = {
  name: 'Domain',
  url: API.domains,
  path: '/assets/domains',
  icon: 'diagram-3',
} satisfies ResourceRoutesStub;
/** Gateways are listed on their domain's page: a form of their own, no list. */
export const GATEWAY_ROUTES = {
  name: 'Gateway',
  url: API.gateways,
  path: '/assets/gateways',
  routes: ['create', 'update'],
} satisfies ResourceRoutesStub;
export const ADMIN_USER_ROUTES = {
  name: 'AdminUser',
  url: API.adminUsers,
  path: '/assets/admin-users',
  icon: 'person-badge',
} satisfies ResourceRoutesStub;
export const SYSTEM_USER_ROUTES = {
  name: 'SystemUser',
  url: API.systemUsers,
  path: '/assets/system-users',
  icon: 'person-gear',
} satisfies ResourceRoutesStub;
export const COMMAND_FILTER_ROUTES = {
  name: 'CommandFilter',
  url: API.cmdFilters,
  path: '/assets/cmd-filters',
  icon: 'funnel',
} satisfies ResourceRoutesStub;
/** A filter's rules are listed on its page: a form of their own, no list. */
export const COMMAND_FILTER_RULES_ROUTES = {
  name: 'CommandFilterRules',
  url: API.cmdFilters,
  path: '/assets/command-filter-rules',
  routes: ['create', 'update'],
} satisfies ResourceRoutesStub;
export const PLATFORM_ROUTES = {
  name: 'Platform',
  url: API.platforms,
  path: '/assets/platforms',
  icon: 'laptop',
  perm: [PERM.SUPER],
} satisfies ResourceRoutesStub;
export const LABEL_ROUTES = {
  name: 'Label',
  url: API.labels,
  path: '/assets/labels',
  icon: 'tags',
  routes: ['list', 'create', 'update'],
} satisfies ResourceRoutesStub;

import type { Row } from '../../core/resource/adapters.ts';
import type { DetailTab } from '../../core/resource/define.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';
import './i18n.ts';

// Where 2.3 shows grants on other sections' detail pages: those definitions list these tabs. Each tab
// loads on first use (src/core/README.md "First load"): the users and assets definitions are part of the
// console's first screen, their detail tabs are not.

type TabComponent = DetailTab['component'];
type TabProps = { object: Row; reload: () => void };
const tab = (name: string, load: () => Promise<TabComponent>): TabComponent => lazyComponent<TabProps>(load, name);

const grantedAssets = (owner: 'users' | 'user-groups') =>
  tab(`GrantedAssets(${owner})`, () => import('./GrantedAssetsTab.tsx').then((m) => m.grantedAssetsTab(owner)));
const permissionsOf = (filter: 'user_id' | 'user_group_id') =>
  tab(`PermissionsOf(${filter})`, () => import('./PermissionsOfTab.tsx').then((m) => m.permissionsOfTab(filter)));
const grantedApps = (owner: 'users' | 'user-groups', kind: 'remote-apps' | 'database-apps') =>
  tab(`GrantedApps(${owner},${kind})`, () => import('./GrantedAppsTab.tsx').then((m) => m.grantedAppsTab(owner, kind)));

export const userGrantTabs: DetailTab[] = [
  { name: 'grantedAssets', title: 'perms.tabs.grantedAssets', component: grantedAssets('users') },
  { name: 'assetPermissions', title: 'perms.tabs.assetPermissions', component: permissionsOf('user_id') },
  { name: 'grantedRemoteApps', title: 'perms.tabs.grantedRemoteApps', component: grantedApps('users', 'remote-apps') },
  { name: 'grantedDatabases', title: 'perms.tabs.grantedDatabases', component: grantedApps('users', 'database-apps') },
];

export const userGroupGrantTabs: DetailTab[] = [
  { name: 'grantedAssets', title: 'perms.tabs.grantedAssets', component: grantedAssets('user-groups') },
  { name: 'assetPermissions', title: 'perms.tabs.assetPermissions', component: permissionsOf('user_group_id') },
  {
    name: 'grantedDatabases',
    title: 'perms.tabs.grantedDatabases',
    component: grantedApps('user-groups', 'database-apps'),
  },
];

export const assetGrantTabs: DetailTab[] = [
  {
    name: 'grantedUsers',
    title: 'perms.tabs.grantedUsers',
    component: tab('GrantedUsers', () => import('./GrantedUsersTab.tsx').then((m) => m.GrantedUsersTab)),
  },
];

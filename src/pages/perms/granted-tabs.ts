import type { DetailTab } from '../../core/resource/define.ts'
import { grantedAppsTab } from './GrantedAppsTab.tsx'
import { grantedAssetsTab } from './GrantedAssetsTab.tsx'
import { GrantedUsersTab } from './GrantedUsersTab.tsx'
import { permissionsOfTab } from './PermissionsOfTab.tsx'
import './i18n.ts'

// Where 2.3 shows grants on other sections' detail pages: those definitions list these tabs.

export const userGrantTabs: DetailTab[] = [
  { name: 'grantedAssets', title: 'perms.tabs.grantedAssets', component: grantedAssetsTab('users') },
  { name: 'assetPermissions', title: 'perms.tabs.assetPermissions', component: permissionsOfTab('user_id') },
  { name: 'grantedRemoteApps', title: 'perms.tabs.grantedRemoteApps', component: grantedAppsTab('users', 'remote-apps') },
  { name: 'grantedDatabases', title: 'perms.tabs.grantedDatabases', component: grantedAppsTab('users', 'database-apps') },
]

export const userGroupGrantTabs: DetailTab[] = [
  { name: 'grantedAssets', title: 'perms.tabs.grantedAssets', component: grantedAssetsTab('user-groups') },
  { name: 'assetPermissions', title: 'perms.tabs.assetPermissions', component: permissionsOfTab('user_group_id') },
  { name: 'grantedDatabases', title: 'perms.tabs.grantedDatabases', component: grantedAppsTab('user-groups', 'database-apps') },
]

export const assetGrantTabs: DetailTab[] = [
  { name: 'grantedUsers', title: 'perms.tabs.grantedUsers', component: GrantedUsersTab },
]

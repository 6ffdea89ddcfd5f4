import { throughRelation } from '../../core/engine/detail/through-relation.ts';
import type { DetailTab, RelationDefinition } from '../../core/resource/define.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { ASSET_PERMISSIONS, assetPermissionRelations, PICK, userText } from './api.ts';
import { allListTab, relationCardsTab } from './permission-common.tsx';

// The tabs of an asset permission's detail page (as 2.3's): relation cards over the five
// `asset-permissions-*-relations/` endpoints, and the computed "all users" / "all assets" lists.

const card = (
  title: string,
  kind: string,
  member: string,
  selectUrl: string,
  selectLabel?: string,
  selectText?: (row: Row) => string,
): RelationDefinition =>
  throughRelation({
    title,
    url: assetPermissionRelations(kind),
    owner: 'assetpermission',
    member,
    selectUrl,
    selectLabel,
    selectText,
  });

export const PERMISSION_CARDS = {
  users: card('perms.relation.users', 'users', 'user', PICK.users, undefined, userText),
  groups: card('perms.relation.userGroups', 'user-groups', 'usergroup', PICK.groups),
  assets: card('perms.relation.assets', 'assets', 'asset', PICK.assets, 'hostname'),
  nodes: card('perms.relation.nodes', 'nodes', 'node', PICK.nodes, 'full_value'),
  systemUsers: card('perms.relation.systemUsers', 'system-users', 'systemuser', PICK.systemUsers),
};

export const assetPermissionTabs: DetailTab[] = [
  {
    name: 'users',
    title: 'perms.tabs.users',
    component: relationCardsTab([PERMISSION_CARDS.users, PERMISSION_CARDS.groups]),
  },
  {
    name: 'assets',
    title: 'perms.tabs.assets',
    component: relationCardsTab([PERMISSION_CARDS.assets, PERMISSION_CARDS.nodes]),
  },
  { name: 'systemUsers', title: 'perms.tabs.systemUsers', component: relationCardsTab([PERMISSION_CARDS.systemUsers]) },
  {
    name: 'allUsers',
    title: 'perms.tabs.allUsers',
    component: allListTab(ASSET_PERMISSIONS, 'users', 'user', 'perms.column.user'),
  },
  {
    name: 'allAssets',
    title: 'perms.tabs.allAssets',
    component: allListTab(ASSET_PERMISSIONS, 'assets', 'asset', 'perms.column.asset'),
  },
];

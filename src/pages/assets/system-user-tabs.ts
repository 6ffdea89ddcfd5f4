import { relationCardsTab } from '../../core/engine/detail/relation-tab.ts';
import type { DetailTab } from '../../core/resource/define.ts';
import { systemUserAssets, systemUserNodes, systemUserUsers } from './system-user-relations.ts';

// The relation card of the detail engine, one per tab: pick several (remote select, 10 a page), add,
// remove per row. Each tab's code loads when it is first opened.
export const systemUserRelationTabs: DetailTab[] = [
  {
    name: 'assets',
    title: 'assets.systemUserTabs.assets',
    component: relationCardsTab([systemUserAssets], 'SystemUserAssets'),
  },
  {
    name: 'nodes',
    title: 'assets.systemUserTabs.nodes',
    component: relationCardsTab([systemUserNodes], 'SystemUserNodes'),
  },
  {
    name: 'users',
    title: 'assets.systemUserTabs.users',
    component: relationCardsTab([systemUserUsers], 'SystemUserUsers'),
  },
];

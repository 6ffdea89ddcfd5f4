// Every resource definition the generic contract applies to, feature by feature: each feature's plugin
// registers its own list, and the contract suite (test/server/engine/contract.ts) runs over this union, so a
// new definition is covered by adding it to its feature's list. Definitions the contract cannot apply to
// (global platforms, list-only audit records, views) are registered by their feature's routes instead.
import type { ResourceDef } from './engine/types.ts';
import { APPLICATIONS_RESOURCES } from './applications/plugin.ts';
import { ASSETS_RESOURCES } from './assets/plugin.ts';
import { AUTH_RESOURCES } from './auth/plugin.ts';
import { ORGS_RESOURCES } from './orgs/plugin.ts';
import { PERMS_RESOURCES } from './perms/plugin.ts';
import { TERMINAL_RESOURCES } from './terminal/plugin.ts';
import { USERS_RESOURCES } from './users/plugin.ts';

export const RESOURCES: readonly ResourceDef[] = [
  ...ORGS_RESOURCES,
  ...AUTH_RESOURCES,
  ...USERS_RESOURCES,
  ...ASSETS_RESOURCES,
  ...APPLICATIONS_RESOURCES,
  ...PERMS_RESOURCES,
  ...TERMINAL_RESOURCES,
];

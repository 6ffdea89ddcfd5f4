import { createElement } from 'react';
import { t } from '../../core/i18n/index.ts';
import { defineResource } from '../../core/resource/define.ts';
import { ACTION_BITS, ASSET_PERMISSIONS, PICK } from './api.ts';
import { assetPermissionTabs } from './asset-permission-tabs.tsx';
import { ASSET_PERMISSION_FILTERS, refreshCacheAction } from './asset-permission-list.ts';
import {
  activeSwitch,
  many,
  OTHER_GROUP,
  VALIDITY_COLUMN,
  VALIDITY_RENDER,
  WHO_GROUP,
  WHO_OVERRIDES,
} from './permission-common.tsx';
import { ASSET_PERMISSION_ROUTES } from './section.ts';
import './i18n.ts';

const actionsText = (names: unknown) =>
  Array.isArray(names) ? names.map((name) => t(`perms.actions.${String(name)}`)).join(', ') : '';

export const assetPermissions = defineResource({
  ...ASSET_PERMISSION_ROUTES,
  list: {
    columns: [
      'name',
      'users_amount',
      'user_groups_amount',
      'assets_amount',
      'nodes_amount',
      'system_users_amount',
      'is_valid',
      'actions',
    ],
    overrides: VALIDITY_COLUMN,
    headerActions: [refreshCacheAction],
    extraFilters: ASSET_PERMISSION_FILTERS,
  },
  form: {
    groups: [
      { title: 'perms.groups.basic', items: ['name'] },
      WHO_GROUP,
      { title: 'perms.groups.assets', items: ['assets', 'nodes', 'system_users'] },
      { title: 'perms.groups.actions', items: ['actions'] },
      OTHER_GROUP,
    ],
    overrides: {
      ...WHO_OVERRIDES,
      assets: many(PICK.assets, 'hostname'),
      nodes: many(PICK.nodes, 'full_value'),
      actions: { widget: 'bits', bits: ACTION_BITS, multiple: true },
    },
  },
  detail: {
    fields: [
      'name',
      'users_amount',
      'user_groups_amount',
      'assets_amount',
      'nodes_amount',
      'system_users_amount',
      'actions',
      'is_valid',
      'is_active',
      'date_start',
      'date_expired',
      'created_by',
      'date_created',
      'comment',
    ],
    render: {
      ...VALIDITY_RENDER,
      actions: (permission) => createElement('span', null, actionsText(permission.actions)),
    },
    quickActions: activeSwitch(ASSET_PERMISSIONS),
    tabs: assetPermissionTabs,
  },
});

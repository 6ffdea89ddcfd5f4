import { createElement } from 'react';
import { http } from '../http.ts';
import { registerMessages } from '../i18n/index.ts';
import { defineResource, type RowAction } from '../resource/define.ts';
import { SecretCell } from './ApiKeyRow.tsx';

// The caller's own access keys as a list-engine resource (the server scopes them to the caller).

export const ACCESS_KEYS_URL = '/api/v1/authentication/access-keys/';

/** Spec §3: the key ID and secret columns are 315 px wide. */
export const KEY_COLUMN_WIDTH = 315;

export const zh = { ui: { apiKey: { onOff: '启用/禁用' } } };

registerMessages({ zh, en: () => import('./access-keys.en.ts') });

export interface AccessKey {
  id: string;
  secret: string;
  is_active: boolean;
  date_created: string;
}

// The key is made by the server from nothing: a bare POST, then the list shows it.
export const createAccessKey = () => http.post(ACCESS_KEYS_URL);

export const setAccessKeyActive = (id: string, isActive: boolean) =>
  http.patch<AccessKey>(`${ACCESS_KEYS_URL}${id}/`, { is_active: isActive });

/** On/Off flips `is_active`; a failure was toasted by http.ts and the row stays as it was. */
const toggleAction: RowAction = {
  name: 'toggle',
  title: 'ui.apiKey.onOff',
  onClick: (row, ctx) => setAccessKeyActive(String(row.id), !row.is_active).then(ctx.reload, () => undefined),
};

export const accessKeys = defineResource({
  name: 'AccessKey',
  url: ACCESS_KEYS_URL,
  path: '/users/access-keys',
  // Only a list: there is no page of its own (it lives in the account menu's dialog).
  routes: ['list'],
  list: {
    columns: ['id', 'secret', 'is_active', 'date_created', 'actions'],
    overrides: {
      id: { width: KEY_COLUMN_WIDTH, kind: 'text' },
      secret: {
        width: KEY_COLUMN_WIDTH,
        render: (row) => createElement(SecretCell, { secret: String(row.secret ?? '') }),
      },
    },
    defaultRowActions: { update: false },
    rowActions: [toggleAction],
    create: (ctx) => createAccessKey().then(ctx.reload, () => undefined),
  },
});

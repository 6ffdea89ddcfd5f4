import { defineResource } from '../../core/resource/define.ts';
import { ADMIN_USER_ROUTES } from './section.ts';
import { help } from './field-helpers.ts';

export const adminUsers = defineResource({
  ...ADMIN_USER_ROUTES,
  list: {
    columns: ['name', 'username', 'assets_amount', 'comment', 'actions'],
    importExport: true,
    bulkUpdate: ['comment'],
  },
  form: {
    groups: [
      { title: 'assets.groups.basic', items: ['name', 'username'] },
      { title: 'assets.groups.auth', items: ['password', 'private_key'] },
      { title: 'assets.groups.other', items: ['comment'] },
    ],
    overrides: {
      password: { widget: 'password', ...help('assets.help.password') },
      private_key: { widget: 'textarea', rows: 4, ...help('assets.help.privateKey') },
    },
  },
  detail: { fields: ['name', 'username', 'assets_amount', 'created_by', 'date_created', 'date_updated', 'comment'] },
});

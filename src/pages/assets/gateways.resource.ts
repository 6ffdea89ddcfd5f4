import { defineResource } from '../../core/resource/define.ts';
import { GATEWAY_ROUTES } from './section.ts';
import { API, help, picker } from './field-helpers.ts';

// Create/update routes only: gateways are listed on their domain's detail page (ROUTES.md).
export const gateways = defineResource({
  ...GATEWAY_ROUTES,
  list: { columns: ['name', 'ip', 'port', 'protocol', 'username', 'is_active', 'actions'] },
  form: {
    groups: [
      { title: 'assets.groups.basic', items: ['name', 'ip', 'port', 'protocol', 'domain'] },
      { title: 'assets.groups.auth', items: ['username', 'password', 'private_key'] },
      { title: 'assets.groups.other', items: ['is_active', 'comment'] },
    ],
    initial: { port: 22, protocol: 'ssh', is_active: true },
    overrides: {
      domain: picker(API.domains),
      password: { widget: 'password', ...help('assets.help.password') },
      private_key: { widget: 'textarea', rows: 4, ...help('assets.help.privateKey') },
    },
  },
});

import { t } from '../../core/i18n/index.ts';
import { formatServer } from '../../core/resource/datetime.ts';
import type { FormDefinition } from '../../core/resource/define.ts';
import { ACTION_BITS } from '../perms/api.ts';
import { isIP } from './ip.ts';
import { API } from './section.ts';
import './i18n.ts';

// The request form (RequestAssetPermTicketCreateUpdate, §2.8): what a user asks for, of which org, from
// whom. The org choices are the caller's own (the profile's `user_all_orgs`), and the assignees offered
// follow the org chosen (`assignees/?org_id=`): changing the org empties them.

export interface OrgChoice {
  value: string;
  label: string;
}

const DAY = 86_400_000;
const badIps = (value: unknown) => (Array.isArray(value) ? value.map(String).filter((ip) => !isIP(ip.trim())) : []);

export function requestForm(orgs: OrgChoice[], org: string, now = new Date()): FormDefinition {
  return {
    groups: [
      { title: 'tickets.groups.basic', items: ['title', 'org_id', 'assignees', 'comment'] },
      {
        title: 'tickets.groups.request',
        items: ['ips', 'hostname', 'system_user', 'actions', 'date_start', 'date_expired'],
      },
    ],
    overrides: {
      org_id: {
        widget: 'select',
        multiple: false,
        options: orgs.map((o) => ({ value: o.value, display_name: o.label })),
      },
      assignees: {
        widget: 'remote-select',
        multiple: true,
        required: true,
        remoteFor: (values) => ({
          url: `${API.requests}assignees/?org_id=${encodeURIComponent(String(values.org_id || 'DEFAULT'))}`,
          label: (row) => `${String(row.name ?? '')}(${String(row.username ?? '')})`,
        }),
      },
      ips: {
        helpText: () => t('tickets.field.ipsHelp'),
        rules: [
          (value) => {
            const bad = badIps(value);
            return bad.length ? t('tickets.badIp', { ip: bad[0] }) : undefined;
          },
        ],
      },
      hostname: { helpText: () => t('tickets.field.hostnameHelp') },
      actions: { widget: 'bits', bits: ACTION_BITS, multiple: true },
      date_expired: {
        rules: [
          (value, values) =>
            value && values.date_start && String(value) <= String(values.date_start)
              ? t('tickets.windowOrder')
              : undefined,
        ],
      },
    },
    initial: {
      org_id: org,
      assignees: [],
      ips: [],
      actions: ['connect'],
      date_start: formatServer(now),
      date_expired: formatServer(new Date(now.getTime() + 7 * DAY)),
    },
    derive: (field, values) => (field === 'org_id' ? { ...values, assignees: [] } : values),
  };
}

import type { Row } from '../../core/resource/adapters.ts';
import { defineResource, type ListDefinition, type RowAction } from '../../core/resource/define.ts';
import { PERM } from '../../core/permissions.ts';
import { API, downloadReplay, sessionDetailPath, terminateSession } from './api.ts';
import { durationText, labelled } from './cells.tsx';
import './i18n.ts';

const id = (row: Row) => String(row.id ?? '');

const terminate: RowAction = {
  name: 'terminate',
  title: 'terminal.action.terminate',
  danger: true,
  can: (row) => !row.is_finished,
  // A refused call has already been reported by the HTTP client's toast.
  onClick: (row) => terminateSession(id(row)).catch(() => undefined),
};

const replay: RowAction = {
  name: 'replay',
  title: 'terminal.action.replay',
  can: (row) => Boolean(row.can_replay ?? row.has_replay),
  onClick: (row, ctx) => ctx.navigate(sessionDetailPath(id(row), 0)),
};

const download: RowAction = {
  name: 'download',
  title: 'terminal.action.download',
  can: (row) => Boolean(row.can_replay ?? row.has_replay),
  onClick: (row) => downloadReplay(id(row)),
};

/** Shared by both tabs: §2.6's filters (is_finished is the tab), date range on date_start, command count. */
const list = (rowActions: RowAction[]): ListDefinition => ({
  columns: [
    'user',
    'asset',
    'system_user',
    'remote_addr',
    'protocol',
    'login_from',
    'command_amount',
    'date_start',
    'duration',
    'actions',
  ],
  filters: ['user', 'asset', 'system_user', 'remote_addr', 'protocol', 'login_from', 'terminal'],
  linkField: 'user',
  dateRange: 2, // 2.3 opens its session lists on the last two days
  overrides: {
    asset: labelled('terminal.column.target'),
    login_from: labelled('terminal.column.loginFrom', {
      render: (row) => String(row.login_from_display ?? row.login_from ?? ''),
    }),
    protocol: labelled('terminal.column.protocol'),
    command_amount: labelled('terminal.column.command', { width: 90 }),
    duration: labelled('terminal.column.duration', {
      sortable: false,
      render: (row) => durationText(row.date_start, row.date_end),
    }),
  },
  defaultRowActions: { update: false, delete: false },
  bulkDelete: false,
  create: false,
  rowActions,
});

const base = {
  url: API.sessions,
  path: '/terminal/sessions',
  perm: [PERM.AUDIT],
  icon: 'camera-video',
  paths: { list: '/terminal/session', detail: '/terminal/sessions/:id' },
  routes: ['list', 'detail'] as ('list' | 'detail')[],
};

/** Online tab: `is_finished=0`, Terminate. */
export const onlineSessions = defineResource({ ...base, name: 'Session', list: list([terminate]) });

/** History tab: `is_finished=1`, Replay and Download. */
export const historySessions = defineResource({ ...base, name: 'Session', list: list([replay, download]) });

export const SESSION_TABS = [
  { name: 'online', title: 'terminal.tabs.online', resource: onlineSessions, fixed: { is_finished: '0' } },
  { name: 'history', title: 'terminal.tabs.history', resource: historySessions, fixed: { is_finished: '1' } },
] as const;

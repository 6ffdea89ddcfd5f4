import { createElement } from 'react';
import { t } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { defineResource, type ListDefinition } from '../../core/resource/define.ts';
import { BATCH_COMMAND_LOG, FTP_LOG, LOGIN_LOG, OPERATE_LOG, PASSWORD_CHANGE_LOG } from './section.ts';
import './i18n.ts';

// The Audits section (jumpserver-api.md §2.9, ROUTES.md): five read-only lists, each with the date-range
// picker (last 7 days by default, as Lina opens them), the server's filters and search, and CSV export.
// Nothing is created, changed or deleted from here.

/** What every audit list shares: no actions column, no bulk delete, export only, the 7-day window. */
const readOnlyList = (columns: string[], extra: Partial<ListDefinition> = {}): ListDefinition => ({
  columns,
  create: false,
  bulkDelete: false,
  defaultRowActions: { update: false, delete: false },
  importExport: 'export',
  dateRange: 7,
  ...extra,
});

const text = (field: string) => (row: Row) => String(row[field] ?? '');

export const loginLogs = defineResource({
  ...LOGIN_LOG,
  list: readOnlyList(['username', 'type', 'ip', 'city', 'user_agent', 'mfa', 'reason', 'status', 'datetime'], {
    overrides: { status: { kind: 'text', render: text('status_display') }, mfa: { label: 'MFA' } },
  }),
});

export const ftpLogs = defineResource({
  ...FTP_LOG,
  list: readOnlyList([
    'user',
    'asset',
    'system_user',
    'remote_addr',
    'operate',
    'filename',
    'is_success',
    'date_start',
  ]),
});

export const operateLogs = defineResource({
  ...OPERATE_LOG,
  list: readOnlyList(['user', 'action', 'resource_type', 'resource', 'remote_addr', 'datetime']),
});

export const passwordChangeLogs = defineResource({
  ...PASSWORD_CHANGE_LOG,
  list: readOnlyList(['user', 'change_by', 'remote_addr', 'datetime']),
});

/** The execution's output is the task log page (a constant route), opened in a new tab as Lina does. */
const resultLink = (row: Row) =>
  createElement(
    'a',
    { href: `#/ops/celery/task/${encodeURIComponent(String(row.id))}/log/`, target: '_blank', rel: 'noopener' },
    t('audits.view'),
  );

export const commandExecutionLogs = defineResource({
  ...BATCH_COMMAND_LOG,
  list: readOnlyList(['hosts', 'user', 'command', 'run_as', 'result', 'is_finished', 'is_success', 'date_start'], {
    overrides: {
      hosts: {
        kind: 'text',
        sortable: false,
        width: 60,
        render: (row) => String((row.hosts as unknown[] | undefined)?.length ?? 0),
      },
      user: { kind: 'text', render: text('user_display') },
      run_as: { kind: 'text', render: text('run_as_display') },
      result: { kind: 'text', sortable: false, width: 80, render: resultLink },
    },
  }),
});

export const AUDIT_LISTS = [loginLogs, ftpLogs, operateLogs, passwordChangeLogs, commandExecutionLogs];

/** Each list by its route name (the lazily loaded pages ask for theirs, routes.ts). */
export const auditList = (name: string) => AUDIT_LISTS.find((definition) => definition.name === name)!;

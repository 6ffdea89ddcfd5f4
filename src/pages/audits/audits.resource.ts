import { createElement } from 'react'
import { t } from '../../core/i18n/index.ts'
import type { Row } from '../../core/resource/adapters.ts'
import { defineResource, type ListDefinition } from '../../core/resource/define.ts'
import { PERM } from '../../core/permissions.ts'
import './i18n.ts'

// The Audits section (jumpserver-api.md §2.9, ROUTES.md): five read-only lists, each with the date-range
// picker (last 7 days by default, as Lina opens them), the server's filters and search, and CSV export.
// Nothing is created, changed or deleted from here.

const AUDITS = '/api/v1/audits/'
const AUDIT = [PERM.AUDIT]

/** What every audit list shares: no actions column, no bulk delete, export only, the 7-day window. */
const readOnlyList = (columns: string[], extra: Partial<ListDefinition> = {}): ListDefinition => ({
  columns, create: false, bulkDelete: false, defaultRowActions: { update: false, delete: false },
  importExport: 'export', dateRange: 7, ...extra,
})

const text = (field: string) => (row: Row) => String(row[field] ?? '')

export const loginLogs = defineResource({
  name: 'LoginLog', url: `${AUDITS}login-logs/`, path: '/audits/login-log', icon: 'box-arrow-in-right', perm: AUDIT,
  routes: ['list'], title: { list: 'route.LoginLog' },
  list: readOnlyList(['username', 'type', 'ip', 'city', 'user_agent', 'mfa', 'reason', 'status', 'datetime'], {
    overrides: { status: { kind: 'text', render: text('status_display') }, mfa: { label: 'MFA' } },
  }),
})

export const ftpLogs = defineResource({
  name: 'FtpLog', url: `${AUDITS}ftp-logs/`, path: '/audits/ftp-log', icon: 'file-earmark-arrow-up', perm: AUDIT,
  routes: ['list'], title: { list: 'route.FtpLog' },
  list: readOnlyList(['user', 'asset', 'system_user', 'remote_addr', 'operate', 'filename', 'is_success', 'date_start']),
})

export const operateLogs = defineResource({
  name: 'OperateLog', url: `${AUDITS}operate-logs/`, path: '/audits/operate-log', icon: 'pencil-square', perm: AUDIT,
  routes: ['list'], title: { list: 'route.OperateLog' },
  list: readOnlyList(['user', 'action', 'resource_type', 'resource', 'remote_addr', 'datetime']),
})

export const passwordChangeLogs = defineResource({
  name: 'PasswordChangeLog', url: `${AUDITS}password-change-logs/`, path: '/audits/password-change-log', icon: 'key', perm: AUDIT,
  routes: ['list'], title: { list: 'route.PasswordChangeLog' },
  list: readOnlyList(['user', 'change_by', 'remote_addr', 'datetime']),
})

/** The execution's output is the task log page (a constant route), opened in a new tab as Lina does. */
const resultLink = (row: Row) =>
  createElement('a', { href: `#/ops/celery/task/${encodeURIComponent(String(row.id))}/log/`, target: '_blank', rel: 'noopener' }, t('audits.view'))

export const commandExecutionLogs = defineResource({
  name: 'BatchCommandLog', url: `${AUDITS}command-execution-logs/`, path: '/audits/command-execution-log', icon: 'terminal', perm: AUDIT,
  routes: ['list'], title: { list: 'route.BatchCommandLog' },
  list: readOnlyList(['hosts', 'user', 'command', 'run_as', 'result', 'is_finished', 'is_success', 'date_start'], {
    overrides: {
      hosts: { kind: 'text', sortable: false, width: 60, render: (row) => String((row.hosts as unknown[] | undefined)?.length ?? 0) },
      user: { kind: 'text', render: text('user_display') },
      run_as: { kind: 'text', render: text('run_as_display') },
      result: { kind: 'text', sortable: false, width: 80, render: resultLink },
    },
  }),
})

export const AUDIT_LISTS = [loginLogs, ftpLogs, operateLogs, passwordChangeLogs, commandExecutionLogs]

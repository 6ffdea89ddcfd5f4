import { http } from '../../core/http.ts'
import type { Row } from '../../core/resource/adapters.ts'
import { formatLocal, parseDateTime } from '../../core/resource/datetime.ts'
import { t } from '../../core/i18n/index.ts'
import type { FieldOverride } from '../../core/resource/fields.ts'
import { defineResource } from '../../core/resource/define.ts'
import { toast } from '../../core/stores/notify.ts'
import { API, TERMINAL_ROUTES } from './section.ts'
import { labelled } from './cells.tsx'
import { terminalStorage } from './storage-cell.tsx'
import './i18n.ts'

/** The last storage fault a terminal reported: when, what, and the system's own words. */
function lastFaultText(row: Row): string {
  const fault = row.storage_last_fault as { kind?: string; code?: string; message?: string; at?: string } | null
  if (!fault?.kind) return t('terminal.empty')
  const when = formatLocal(parseDateTime(fault.at) ?? new Date(NaN))
  return [when, t(`terminal.storageState.${fault.kind}`, { defaultValue: fault.kind }), fault.code ? `(${fault.code})` : ''].filter(Boolean).join(' ')
}

/** The terminal's storages go by name (§2.6: name or id in, name out), so the picker sends names. */
const storagePicker = (url: string): FieldOverride => ({ widget: 'remote-select', remote: { url, labelPath: 'name', valuePath: 'name' } })

/**
 * TerminalList/Detail/Update (super admin): terminals register themselves (bootstrap token), so there is
 * no create; an administrator accepts, renames, points them at storages, or deletes them.
 */
export const terminals = defineResource({
  ...TERMINAL_ROUTES,
  list: {
    columns: ['name', 'remote_addr', 'session_online', 'is_accepted', 'is_alive', 'storage_status', 'is_active', 'actions'],
    overrides: {
      session_online: labelled('terminal.column.sessionOnline', { width: 110 }),
      is_alive: labelled('terminal.column.alive', { kind: 'boolean', width: 80 }),
      // Its data folder, from its heartbeat: a terminal whose disk is full refuses lines and transfers.
      storage_status: labelled('terminal.column.storage', { kind: 'text', sortable: false, width: 200, render: terminalStorage }),
    },
    create: false,
    rowActions: [{
      name: 'accept', title: 'terminal.action.accept',
      can: (row) => !row.is_accepted,
      onClick: async (row, ctx) => {
        // A refused call has already been reported by the HTTP client's toast.
        const done = await http.patch(`${API.terminals}${encodeURIComponent(String(row.id))}/`, { is_accepted: true }).then(() => true, () => false)
        if (!done) return
        toast.success(t('terminal.message.accepted'))
        ctx.reload()
      },
    }],
    headerActions: [{ name: 'storages', title: 'terminal.action.storages', onClick: (_rows, ctx) => ctx.navigate('/terminal/storages') }],
  },
  form: {
    fields: ['name', 'remote_addr', 'ssh_port', 'http_port', 'command_storage', 'replay_storage', 'comment'],
    overrides: {
      command_storage: storagePicker(API.commandStorages),
      replay_storage: storagePicker(API.replayStorages),
    },
  },
  detail: {
    url: (id) => `${API.terminals}${encodeURIComponent(id)}/`,
    fields: ['name', 'remote_addr', 'ssh_port', 'http_port', 'command_storage', 'replay_storage', 'session_online',
      'is_accepted', 'is_alive', 'storage_status', 'storage_last_fault', 'is_active', 'date_created', 'comment'],
    render: { storage_status: terminalStorage, storage_last_fault: lastFaultText },
  },
})

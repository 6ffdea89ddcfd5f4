import { http } from '../../core/http.ts'
import { t } from '../../core/i18n/index.ts'
import type { FieldOverride } from '../../core/resource/fields.ts'
import { defineResource } from '../../core/resource/define.ts'
import { toast } from '../../core/stores/notify.ts'
import { API, TERMINAL_ROUTES } from './section.ts'
import { labelled } from './cells.tsx'
import './i18n.ts'

/** The terminal's storages go by name (§2.6: name or id in, name out), so the picker sends names. */
const storagePicker = (url: string): FieldOverride => ({ widget: 'remote-select', remote: { url, labelPath: 'name', valuePath: 'name' } })

/**
 * TerminalList/Detail/Update (super admin): terminals register themselves (bootstrap token), so there is
 * no create; an administrator accepts, renames, points them at storages, or deletes them.
 */
export const terminals = defineResource({
  ...TERMINAL_ROUTES,
  list: {
    columns: ['name', 'remote_addr', 'session_online', 'is_accepted', 'is_alive', 'is_active', 'actions'],
    overrides: {
      session_online: labelled('terminal.column.sessionOnline', { width: 110 }),
      is_alive: labelled('terminal.column.alive', { kind: 'boolean', width: 80 }),
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
      'is_accepted', 'is_alive', 'is_active', 'date_created', 'comment'],
  },
})

import { http } from '../../core/http.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { formatLocal, parseDateTime } from '../../core/resource/datetime.ts';
import { t } from '../../core/i18n/index.ts';
import type { FieldOverride } from '../../core/resource/fields.ts';
import { defineResource } from '../../core/resource/define.ts';
import { toast } from '../../core/stores/notify.ts';
import { API, TERMINAL_ROUTES } from './section.ts';
import { labelled } from './cells.tsx';
import { UploadsCell } from './recording-state.tsx';
import { terminalStorage } from './storage-cell.tsx';
import './i18n.ts';

/** The last storage fault a terminal reported: when, what, and the system's own words. */
function lastFaultText(row: Row): string {
  const fault = row.storage_last_fault as { kind?: string; code?: string; message?: string; at?: string } | null;
  if (!fault?.kind) return t('terminal.empty');
  const when = formatLocal(parseDateTime(fault.at) ?? new Date(NaN));
  return [
    when,
    t(`terminal.storageState.${fault.kind}`, { defaultValue: fault.kind }),
    fault.code ? `(${fault.code})` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The terminal's storages go by name (§2.6: name or id in, name out), so the picker sends names. */
const storagePicker = (url: string): FieldOverride => ({
  widget: 'remote-select',
  remote: { url, labelPath: 'name', valuePath: 'name' },
});

/**
 * TerminalList/Detail/Update (super admin): terminals register themselves (bootstrap token), so there is
 * no create; an administrator accepts, renames, points them at storages, takes one out of the web
 * terminal's turn, or deletes them. Several terminals on one server each show their doors (as their
 * heartbeat reports them), their state, their storages, how their recording uploads go, and their sessions.
 */
export const terminals = defineResource({
  ...TERMINAL_ROUTES,
  list: {
    columns: [
      'name',
      'remote_addr',
      'ssh_port',
      'http_port',
      'session_online',
      'replay_storage',
      'command_storage',
      'replay_state',
      'is_accepted',
      'is_alive',
      'storage_status',
      'is_active',
      'actions',
    ],
    overrides: {
      ssh_port: labelled('terminal.column.sshPort', { width: 90 }),
      http_port: labelled('terminal.column.webDoor', { width: 90 }),
      session_online: labelled('terminal.column.sessionOnline', { width: 110 }),
      replay_storage: labelled('terminal.column.replayStorage'),
      command_storage: labelled('terminal.column.commandStorage'),
      replay_state: labelled('terminal.column.uploads', {
        sortable: false,
        describedOnly: true,
        render: (row) => <UploadsCell row={row} />,
      }),
      is_alive: labelled('terminal.column.alive', { kind: 'boolean', width: 80 }),
      // Its data folder, from its heartbeat: a terminal whose disk is full refuses lines and transfers.
      storage_status: labelled('terminal.column.storage', {
        kind: 'text',
        sortable: false,
        describedOnly: true,
        width: 200,
        render: terminalStorage,
      }),
    },
    create: false,
    rowActions: [
      {
        // The session list narrowed to this terminal (its `terminal` filter), online tab first.
        name: 'sessions',
        title: 'terminal.action.sessions',
        onClick: (row, ctx) =>
          ctx.navigate(`/terminal/session?activeTab=online&terminal=${encodeURIComponent(String(row.id))}`),
      },
      {
        name: 'accept',
        title: 'terminal.action.accept',
        can: (row) => !row.is_accepted,
        onClick: async (row, ctx) => {
          // A refused call has already been reported by the HTTP client's toast.
          const done = await http
            .patch(`${API.terminals}${encodeURIComponent(String(row.id))}/`, { is_accepted: true })
            .then(
              () => true,
              () => false,
            );
          if (!done) return;
          toast.success(t('terminal.message.accepted'));
          ctx.reload();
        },
      },
    ],
    headerActions: [
      {
        name: 'storages',
        title: 'terminal.action.storages',
        onClick: (_rows, ctx) => ctx.navigate('/terminal/storages'),
      },
    ],
  },
  form: {
    fields: [
      'name',
      'remote_addr',
      'ssh_port',
      'http_port',
      'accepts_web',
      'command_storage',
      'replay_storage',
      'comment',
    ],
    overrides: {
      command_storage: storagePicker(API.commandStorages),
      replay_storage: storagePicker(API.replayStorages),
    },
  },
  detail: {
    url: (id) => `${API.terminals}${encodeURIComponent(id)}/`,
    fields: [
      'name',
      'remote_addr',
      'ssh_port',
      'http_host',
      'http_port',
      'accepts_web',
      'command_storage',
      'replay_storage',
      'session_online',
      'replay_state',
      'replay_pending',
      'replay_error',
      'is_accepted',
      'is_alive',
      'storage_status',
      'storage_last_fault',
      'is_active',
      'date_created',
      'comment',
    ],
    render: {
      replay_state: (object) => <UploadsCell row={object} />,
      storage_status: terminalStorage,
      storage_last_fault: lastFaultText,
    },
  },
});

import { http } from '../../core/http.ts';
import { t } from '../../core/i18n/index.ts';
import { confirmDelete } from '../../core/engine/delete.ts';
import { goTo, rowId } from '../../core/engine/navigate.ts';
import { defineResource, type ResourceDefinition, type RowAction } from '../../core/resource/define.ts';
import { toast } from '../../core/stores/notify.ts';
import { API, COMMAND_STORAGE_ROUTES, REPLAY_STORAGE_ROUTES } from './section.ts';
import { routeStub } from '../../core/resource/route-stub.ts';
import { labelled } from './cells.tsx';
import { keptInText } from './recording-state.tsx';
import { COMMAND_TYPES, REPLAY_TYPES, storageForm } from './storage-meta.ts';
import './i18n.ts';

/** `test-connective` answers `{is_valid, msg}`: the server's own words are shown, green or red. */
const testAction = (url: string): RowAction => ({
  name: 'test',
  title: 'terminal.action.test',
  onClick: async (row) => {
    // A refused call has already been reported by the HTTP client's toast.
    const answer = await http
      .get<{ is_valid?: boolean; msg?: string }>(`${url}${encodeURIComponent(String(row.id))}/test-connective/`)
      .catch(() => null);
    if (!answer) return;
    const text = answer.msg || t(answer.is_valid ? 'terminal.message.testOk' : 'terminal.message.testFailed');
    if (answer.is_valid) toast.success(text);
    else toast.error(text);
  },
});

/** The built-in types (null, server) hold no settings to edit; deleting them is the server's to refuse. */
const BUILT_IN = new Set(['null', 'server']);

const rowActions = (resource: ResourceDefinition, url: string): RowAction[] => [
  {
    name: 'update',
    title: 'common.update',
    can: (row) => !BUILT_IN.has(String(row.type)),
    onClick: (row) => goTo(resource, 'update', rowId(row)),
  },
  {
    name: 'delete',
    title: 'common.delete',
    danger: true,
    onClick: (row, ctx) => confirmDelete(`${url}${rowId(row)}/`, String(row.name ?? ''), ctx.reload),
  },
  testAction(url),
];

/** `kept`: where this deployment keeps what a storage of that type is given (commands: always the database). */
const list = (resource: ResourceDefinition, url: string, kind: 'replay' | 'command') => ({
  columns: ['name', 'type', 'kept', 'comment', 'actions'],
  overrides: {
    type: labelled('terminal.column.type'),
    kept: labelled('terminal.column.keptIn', {
      sortable: false,
      render: (row: Record<string, unknown>) => keptInText(kind, row.type),
    }),
  },
  bulkDelete: false,
  defaultRowActions: { update: false, delete: false },
  rowActions: rowActions(resource, url),
});

/**
 * Replay and command storages (super admin). Their list is the Storage page's two tabs; create and
 * update keep ROUTES.md's paths. The built-in `server` storage may be tried for deletion: the server
 * refuses with its message, which the list shows.
 */
export const replayStorages = defineResource({
  ...REPLAY_STORAGE_ROUTES,
  list: list(routeStub(REPLAY_STORAGE_ROUTES), API.replayStorages, 'replay'),
  form: storageForm(REPLAY_TYPES, 'replay'),
});

export const commandStorages = defineResource({
  ...COMMAND_STORAGE_ROUTES,
  list: list(routeStub(COMMAND_STORAGE_ROUTES), API.commandStorages, 'command'),
  form: storageForm(COMMAND_TYPES, 'command'),
});

export const STORAGE_TABS = [
  { name: 'replay', title: 'terminal.tabs.replayStorage', resource: replayStorages },
  { name: 'command', title: 'terminal.tabs.commandStorage', resource: commandStorages },
] as const;

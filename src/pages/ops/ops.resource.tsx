import type { MouseEvent, ReactNode } from 'react';
import { http } from '../../core/http.ts';
import { t } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { defineResource, type ListColumnOverride, type ResourceDefinition } from '../../core/resource/define.ts';
import { openDialog, type HostedDialogProps } from '../../core/stores/dialog.ts';
import { toast } from '../../core/stores/notify.ts';
import { serverOffers } from '../../core/stores/settings.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';
import { navigateHash } from '../../core/ui/hash-location.ts';
import { taskLogUrl } from '../assets/asset-tasks.ts';
import { showServerError } from '../assets/tree/node-api.ts';
import { ExecutionLogTab, ExecutionsTab, VersionsTab } from './OpsTabs.tsx';
import { ADHOC_ROUTES, EXECUTION_ROUTES, OPS_API, TASK_ROUTES } from './section.ts';
import './i18n.ts';

// The job center (jumpserver-api.md §2.7, ROUTES.md Ops / Job Center): tasks are made by the server (every
// job it runs), so the console lists, shows, runs again and deletes them; versions and runs are read-only.

/** A link to another console page, followed inside the console (an embedded console keeps its own location). */
export function RouteLink({ to, children }: { to: string; children: ReactNode }) {
  const follow = (event: MouseEvent) => {
    event.preventDefault();
    navigateHash(to);
  };
  return (
    <a href={`#${to}`} className="detail-link" onClick={follow}>
      {children}
    </a>
  );
}

type Stat = { total?: number; success?: number; failed?: number };
const statText = (stat: unknown) => {
  const value = (stat ?? {}) as Stat;
  return `${value.success ?? 0} / ${value.failed ?? 0} / ${value.total ?? 0}`;
};

// The dialog's code (and Shoelace's) comes with the first run, not with the list.
const TaskRunDialog = lazyComponent<HostedDialogProps<{ task: string }>>(
  () => import('./TaskRunDialog.tsx').then((m) => m.TaskRunDialog),
  'TaskRunDialog',
);

/**
 * GET tasks/<id>/run/ → `{task}`: the new run's log shows over the page, the console kept (Lina's "执行"
 * opened a bare window); `opener`, when given, gets the log page's address instead.
 */
export async function runTask(id: string, opener?: (url: string) => void): Promise<string | undefined> {
  try {
    const body = await http.get<{ task?: string }>(`${OPS_API.tasks}${encodeURIComponent(id)}/run/`, {
      disableFlashErrMsg: true,
    });
    if (!body?.task) return undefined;
    toast.success(t('ops.task.runStarted'));
    if (opener) opener(taskLogUrl(body.task));
    else openDialog(TaskRunDialog, { task: body.task });
    return body.task;
  } catch (error) {
    showServerError(error);
    return undefined;
  }
}

let opener: ((url: string) => void) | undefined;
/** Tests record the log page a run would show; null restores the dialog. */
export function setRunLogOpener(fn: ((url: string) => void) | null): void {
  opener = fn ?? undefined;
}

const latest = (row: Row) => (row.latest_execution ?? null) as Row | null;

/** A column the metadata does not describe, labelled in this section's words when the table is built. */
const labelled = (label: () => string, extra: Omit<ListColumnOverride, 'label'>): ListColumnOverride => ({
  ...extra,
  get label() {
    return label();
  },
});

export const tasks = defineResource({
  ...TASK_ROUTES,
  list: {
    columns: ['name', 'runs', 'success', 'date_start', 'timedelta', 'actions'],
    linkField: 'name',
    create: false,
    bulkDelete: false,
    defaultRowActions: { update: false, delete: true },
    overrides: {
      runs: labelled(() => `${t('ops.task.success')} / ${t('ops.task.failed')} / ${t('ops.task.total')}`, {
        kind: 'text',
        sortable: false,
        width: 120,
        render: (row) => statText(row.summary),
      }),
      success: labelled(() => t('ops.task.isSuccess'), {
        kind: 'text',
        sortable: false,
        width: 90,
        render: (row) => (latest(row) ? t(latest(row)!.is_success ? 'ops.task.success' : 'ops.task.failed') : ''),
      }),
      date_start: labelled(() => t('ops.task.dateStart'), {
        kind: 'text',
        sortable: false,
        width: 170,
        render: (row) => String(latest(row)?.date_start ?? ''),
      }),
      timedelta: labelled(() => t('ops.task.timedelta'), {
        kind: 'text',
        sortable: false,
        width: 100,
        render: (row) => (latest(row) ? Number(latest(row)!.timedelta ?? 0).toFixed(2) : ''),
      }),
    },
    rowActions: [
      {
        name: 'run',
        title: 'ops.task.run',
        onClick: async (row) => {
          await runTask(String(row.id), opener);
        },
      },
    ],
  },
  detail: {
    fields: ['name', 'summary', 'date_created', 'date_updated', 'is_periodic', 'comment'],
    render: {
      summary: (object) =>
        `${t('ops.task.success')} ${(object.summary as Stat | undefined)?.success ?? 0}, ${t('ops.task.failed')} ${(object.summary as Stat | undefined)?.failed ?? 0}, ${t('ops.task.total')} ${(object.summary as Stat | undefined)?.total ?? 0}`,
    },
    quickActions: (object) => [
      {
        title: 'ops.task.run',
        kind: 'button',
        button: 'ops.task.run',
        onChange: () => void runTask(String(object.id), opener),
      },
    ],
    tabs: [
      { name: 'versions', title: 'ops.task.versions', component: VersionsTab },
      { name: 'history', title: 'ops.task.history', component: ExecutionsTab },
    ],
  },
});

export const adhocs = defineResource({
  ...ADHOC_ROUTES,
  list: {
    columns: ['short_id', 'hosts', 'pattern', 'run_as', 'date_created'],
    linkField: 'short_id',
    create: false,
    bulkDelete: false,
    defaultRowActions: { update: false, delete: false },
    overrides: {
      hosts: {
        kind: 'text',
        sortable: false,
        width: 80,
        render: (row) => String((row.hosts as unknown[] | undefined)?.length ?? 0),
      },
      run_as: { kind: 'text', render: (row) => (row.run_as_admin ? 'admin' : String(row.run_as ?? '')) },
    },
  },
  detail: {
    fields: [
      'task_name',
      'short_id',
      'pattern',
      'run_as_admin',
      'run_as',
      'become_display',
      'run_times',
      'created_by',
      'date_created',
    ],
    titleField: 'short_id',
    render: {
      task_name: (object) => (
        <RouteLink to={`/ops/tasks/${encodeURIComponent(String(object.task))}`}>
          {String(object.task_name ?? '')}
        </RouteLink>
      ),
    },
    tabs: [{ name: 'history', title: 'ops.task.history', component: ExecutionsTab }],
  },
});

export const executions = defineResource({
  ...EXECUTION_ROUTES,
  list: {
    columns: ['short_id', 'adhoc_short_id', 'date_start', 'timedelta', 'stat', 'is_finished', 'is_success'],
    linkField: 'short_id',
    create: false,
    bulkDelete: false,
    defaultRowActions: { update: false, delete: false },
    overrides: {
      adhoc_short_id: {
        kind: 'text',
        sortable: false,
        render: (row) => (
          <RouteLink to={`/ops/adhoc/${encodeURIComponent(String(row.adhoc))}`}>
            {String(row.adhoc_short_id ?? '')}
          </RouteLink>
        ),
      },
      stat: labelled(() => `${t('ops.task.success')} / ${t('ops.task.failed')} / ${t('ops.task.total')}`, {
        kind: 'text',
        sortable: false,
        width: 120,
        render: (row) => statText(row.stat),
      }),
    },
  },
  detail: {
    url: (id) => `${OPS_API.executions}${encodeURIComponent(id)}/`,
    titleField: 'short_id',
    fields: [
      'task_display',
      'short_id',
      'adhoc_short_id',
      'hosts_amount',
      'date_start',
      'date_finished',
      'timedelta',
      'is_finished',
      'is_success',
      'last_success',
      'last_failure',
    ],
    render: {
      task_display: (object) =>
        object.task ? (
          <RouteLink to={`/ops/tasks/${encodeURIComponent(String(object.task))}`}>
            {String(object.task_display ?? '')}
          </RouteLink>
        ) : (
          String(object.task_display ?? '')
        ),
      adhoc_short_id: (object) => (
        <RouteLink to={`/ops/adhoc/${encodeURIComponent(String(object.adhoc))}`}>
          {String(object.adhoc_short_id ?? '')}
        </RouteLink>
      ),
      last_success: (object) => ((object.last_success as string[] | undefined) ?? []).join(', ') || t('ops.task.none'),
      last_failure: (object) =>
        Object.entries((object.last_failure ?? {}) as Record<string, string>)
          .map(([host, reason]) => `${host}: ${reason}`)
          .join('; ') || t('ops.task.none'),
    },
    // A run still going can be stopped (POST adhoc-executions/<id>/stop/); the log then says who stopped it.
    // 2.3 cannot stop a run: offered only where the server names the feature.
    quickActions: (object, reload) =>
      !serverOffers('stop-runs')
        ? []
        : [
            {
              title: 'ops.batch.stop',
              kind: 'button',
              button: 'ops.batch.stop',
              disabled: !!object.is_finished,
              onChange: async () => {
                const stopped = await http
                  .post(`${OPS_API.executions}${encodeURIComponent(String(object.id))}/stop/`, {})
                  .then(
                    () => true,
                    () => false,
                  );
                if (stopped) toast.success(t('ops.batch.stopped'));
                reload();
              },
            },
          ],
    tabs: [{ name: 'log', title: 'ops.task.log', component: ExecutionLogTab }],
  },
});

export const OPS_DEFINITIONS: Record<string, ResourceDefinition> = {
  Task: tasks,
  Adhoc: adhocs,
  HistoryExecution: executions,
};

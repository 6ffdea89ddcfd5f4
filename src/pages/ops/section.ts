import type { ResourceRoutesStub } from '../../core/resource/route-stub.ts';

// What the route table needs of the job center's resources (ROUTES.md Ops / Job Center): names, paths,
// permissions. Their definitions (ops.resource.tsx) load with the section's first page.

export const OPS_API = {
  tasks: '/api/v1/ops/tasks/',
  adhoc: '/api/v1/ops/adhoc/',
  executions: '/api/v1/ops/adhoc-executions/',
  commandExecutions: '/api/v1/ops/command-executions/',
} as const;

/** TaskList (`/ops/tasks`) and TaskDetail (`/ops/tasks/:id`); tasks are made by the server only. */
export const TASK_ROUTES = {
  name: 'Task',
  url: OPS_API.tasks,
  path: '/ops/tasks',
  icon: 'list-task',
  routes: ['list', 'detail'],
} satisfies ResourceRoutesStub;

/** AdhocDetail (`/ops/adhoc/:id`): a task's version. */
export const ADHOC_ROUTES = {
  name: 'Adhoc',
  url: OPS_API.adhoc,
  path: '/ops/adhoc',
  routes: ['detail'],
} satisfies ResourceRoutesStub;

/** HistoryExecutionDetail (`/ops/executions/:id`): one run. */
export const EXECUTION_ROUTES = {
  name: 'HistoryExecution',
  url: OPS_API.executions,
  path: '/ops/executions',
  routes: ['detail'],
} satisfies ResourceRoutesStub;

// The Ops section's routes as ROUTES.md names them, and the batch-command setting: off, both
// batch-command pages (the admin's and the user page's) leave the route table and the menu.
import { expect } from '@open-wc/testing';
import { ROLE } from '../../../src/core/permissions.ts';
import { filterRoutes, flattenRoutes, type RouteRecord } from '../../../src/core/routes.ts';
import { opsRoutes, userCommandExecutionsRoute } from '../../../src/pages/ops/routes.ts';

const names = (records: RouteRecord[]) => flattenRoutes(records).map((r) => `${r.name}:${r.fullPath}`);

describe('ops routes', () => {
  it('the job center: TaskList, TaskDetail, AdhocDetail, HistoryExecutionDetail and BatchCommand at their paths', () => {
    expect(names(filterRoutes([opsRoutes], ROLE.ORG_ADMIN, { SECURITY_COMMAND_EXECUTION: true }))).to.deep.equal([
      'JobCenter:/ops',
      'TaskList:/ops/tasks',
      'TaskDetail:/ops/tasks/:id',
      'AdhocDetail:/ops/adhoc/:id',
      'HistoryExecutionDetail:/ops/executions/:id',
      'BatchCommand:/ops/command-executions/create',
    ]);
    expect(filterRoutes([opsRoutes], ROLE.ORG_AUDITOR, { SECURITY_COMMAND_EXECUTION: true })).to.deep.equal(
      [],
      'the job center is for admins',
    );
    expect(names(filterRoutes([opsRoutes], ROLE.SUPER_ADMIN, { SECURITY_COMMAND_EXECUTION: true }))).to.include(
      'TaskMonitor:/ops/external-flower',
    );
  });

  it('the batch command setting off drops both batch-command pages', () => {
    const admin = names(filterRoutes([opsRoutes], ROLE.SUPER_ADMIN, { SECURITY_COMMAND_EXECUTION: false }));
    expect(admin).to.include('TaskList:/ops/tasks');
    expect(admin.some((name) => name.startsWith('BatchCommand'))).to.equal(false);
    expect(filterRoutes([userCommandExecutionsRoute], ROLE.USER, { SECURITY_COMMAND_EXECUTION: false })).to.deep.equal(
      [],
    );
    expect(
      names(filterRoutes([userCommandExecutionsRoute], ROLE.USER, { SECURITY_COMMAND_EXECUTION: true })),
    ).to.deep.equal(['CommandExecutions:/command-executions']);
  });
});

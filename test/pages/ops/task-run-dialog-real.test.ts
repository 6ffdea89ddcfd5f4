// Against the reference server: the job center's 执行 shows the new run's log over the list, the console
// kept where it was (no bare page in its place), with the log's own tab a link away; the bare log page
// itself leads back to the console.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { loginAs } from '../../helpers/server.ts';
import { mountConsole, resetConsole, waitForShell } from '../../elements/support/console-fixture.ts';
import { click, searchFor } from '../users/support.ts';

const DEMO_TASK = 'Test admin user connectivity: Linux root';

describe('ops: 执行 keeps the console (real server)', function () {
  this.timeout(60_000);
  beforeEach(() => loginAs('admin'));
  afterEach(() => resetConsole());

  it("shows the run's log in a dialog over the task list, and closes back to it", async () => {
    const view = await mountConsole('/ops/tasks');
    await waitForShell(view);
    await waitFor(() => view.find('.list-page input.search-input'), 8000, 'the search box');
    searchFor(view, DEMO_TASK);
    const link = await waitFor(
      () => view.findAll('a.detail-link').find((a) => text(a) === DEMO_TASK),
      15_000,
      'the demo task',
    );
    click(link.closest('tr')?.querySelector('button.action-run') ?? null);
    const dialog = await waitFor(() => view.find('sl-dialog.task-run-dialog[open]'), 8000, 'the log dialog');
    await waitFor(
      () => view.find('sl-dialog.task-run-dialog .task-log-view[data-status="finished"]'),
      30_000,
      'the log read to its end',
    );
    expect(location.hash.startsWith('#/ops/tasks'), `still on the list (${location.hash})`).to.equal(true);
    expect(view.leaves, 'nothing left the console').to.deep.equal([]);
    expect(view.find('.list-page tbody tr[data-id]'), 'the list is still there under it').to.not.equal(null);
    const tab = view.find<HTMLAnchorElement>('sl-dialog.task-run-dialog a.task-log-tab')!;
    expect(tab.getAttribute('href')).to.match(/#\/ops\/celery\/task\/[0-9a-f-]{36}\/log\/$/);
    expect(tab.target).to.equal('_blank');
    click(view.find('sl-dialog.task-run-dialog sl-button.task-run-close'));
    await waitFor(() => !view.find('sl-dialog.task-run-dialog'), 5000, 'the dialog closed');
    expect(dialog.isConnected).to.equal(false);
  });

  it('gives the bare log page a way back to the console', async () => {
    const view = await mountConsole('/ops/celery/task/00000000-0000-4000-8000-000000000000/log/');
    const back = await waitFor(
      () => view.find<HTMLAnchorElement>('.task-log-page a.back-to-console'),
      8000,
      'the back link',
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${view.el.shadowRoot?.textContent?.slice(0, 300)}`);
    });
    expect(text(back)).to.equal('返回控制台');
    expect(back.getAttribute('href')).to.equal('#/');
  });
});

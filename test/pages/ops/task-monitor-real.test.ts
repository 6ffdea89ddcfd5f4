// The super admin's external task monitor (SPEC.md "an external task monitor link (super admin)", ROUTES.md
// TaskMonitor): the menu opens /core/flower/ in a new tab for super admins only, and the page lists the tasks
// running and queued and the recent failures, each linked into the job center (its run, its log).
import { expect } from '@open-wc/testing';
import { waitFor } from '../../helpers/dom.ts';
import { api, loginAs, logout } from '../../helpers/server.ts';
import { mountConsole, resetConsole, waitForShell } from '../../elements/support/console-fixture.ts';
import { ADMIN_USERS, ASSETS, create, uniqueName } from '../assets/support/api.ts';
import { startWorld } from '../webterminal/support/fixture.ts';

const MENU = 'nav.sidebar [data-menu="route.TaskMonitor"]';
const made: string[] = [];

async function monitor(): Promise<Document> {
  const response = await fetch('/core/flower/', { credentials: 'same-origin' });
  expect(response.status).to.equal(200);
  return new DOMParser().parseFromString(await response.text(), 'text/html');
}
const rowsOf = (page: Document, section: string) => [...page.querySelectorAll(`section#${section} tbody tr`)];

describe('task monitor link and page (real server)', function () {
  this.timeout(60_000);

  before(async function () {
    if ((await fetch('/ui/bastion-console.js', { method: 'HEAD' })).status !== 200) this.skip(); // no build: `npm test` builds first
  });

  afterEach(async () => {
    await resetConsole();
  });

  after(async () => {
    await logout();
    await loginAs('admin');
    for (const url of made.reverse()) await api('DELETE', url);
  });

  it("is in the super admin's menu, opening /core/flower/ of this origin in a new tab", async () => {
    await loginAs('admin');
    const view = await mountConsole('/ops/tasks');
    await waitForShell(view);
    const link = await waitFor(() => view.find<HTMLAnchorElement>(MENU), 8000, 'the task monitor link');
    expect(link.getAttribute('href')).to.match(new RegExp(`^${location.origin}/core/flower/\\?_=\\d+$`));
    expect(link.target).to.equal('_blank');
  });

  for (const username of ['orgadmin', 'sysauditor', 'orgauditor']) {
    it(`is not in the menu of ${username}`, async () => {
      await loginAs(username);
      const view = await mountConsole('/');
      await waitForShell(view);
      await waitFor(() => view.find('nav.sidebar [data-menu]'), 8000, 'the menu');
      expect(view.find(MENU)).to.equal(null);
    });
  }

  it('lists running and queued tasks and recent failures, linked into the job center', async () => {
    const world = await startWorld();
    await loginAs('admin');
    const prefix = uniqueName('tm');
    const adminUser = await create<{ id: string }>(ADMIN_USERS, {
      name: `${prefix}-au`,
      username: world.sshd.username,
      password: world.sshd.password,
    });
    made.push(`${ADMIN_USERS}${adminUser.id}/`);
    const assets: { id: string }[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      assets.push(
        await create<{ id: string }>(ASSETS, {
          hostname: `${prefix}-h${n}`,
          ip: world.sshd.host,
          platform: 'Linux',
          protocols: [`ssh/${world.sshd.port}`],
          admin_user: adminUser.id,
          is_active: true,
        }),
      );
    }
    made.unshift(...assets.map((a) => `${ASSETS}${a.id}/`));
    // Five hardware refreshes at once: the runner takes two at a time, the rest wait.
    const started = await Promise.all(
      assets.map((a) => api<{ task: string }>('POST', `${ASSETS}${a.id}/tasks/`, { action: 'refresh' })),
    );
    const ids = started.map((s) => s.data.task);
    const busy = await monitor();
    const listed = [...rowsOf(busy, 'running'), ...rowsOf(busy, 'queued')];
    expect(rowsOf(busy, 'running').length, 'running').to.be.greaterThan(0);
    expect(rowsOf(busy, 'queued').length, 'queued').to.be.greaterThan(0);
    const last = listed.find((row) => row.querySelector(`a[href="/ui/#/ops/celery/task/${ids[4]}/log/"]`));
    expect(last, 'the last one waits or runs').to.not.equal(undefined);
    expect(last!.querySelector(`a[href="/ui/#/ops/executions/${ids[4]}"]`), 'its run in the job center').to.not.equal(
      null,
    );
    // Stopped, it ends as a failure.
    expect((await api('POST', `/api/v1/ops/adhoc-executions/${ids[4]}/stop/`)).status).to.equal(200);
    const after = await waitFor(
      async () => {
        const page = await monitor();
        return rowsOf(page, 'failures').some((row) => row.querySelector(`a[href="/ui/#/ops/executions/${ids[4]}"]`))
          ? page
          : null;
      },
      10_000,
      'the stopped task among the failures',
    );
    expect(after.querySelector('a[href="/ui/#/ops/tasks"]'), 'the job center').to.not.equal(null);
  });
});

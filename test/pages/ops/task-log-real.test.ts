// Against the reference server: "test connectivity" from an asset's detail page starts a real check
// (an SSH connection to 127.0.0.1 on a closed port), the task log page follows it to its end, and
// the detail page then shows the asset unreachable.
import { expect } from '@open-wc/testing';
import { setTaskLogOpener } from '../../../src/pages/assets/asset-tasks.ts';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { click, waitForToast } from '../users/support.ts';
import { ADMIN_USERS, ASSETS, create, removeAll, uniqueName } from '../assets/support/api.ts';

// Port 1 (tcpmux) has no listener on a test machine: the connection is refused at once.
const CLOSED_PORT = 1;
const hostname = uniqueName('probe');
const made: string[] = [];

const quickButton = (view: MountedConsole, title: string) =>
  view
    .findAll('.quick-actions .quick-action')
    .find((row) => text(row).startsWith(title))
    ?.querySelector('sl-button') ?? null;

async function openDetail(id: string): Promise<MountedConsole> {
  const view = await mountConsole(`/assets/assets/${id}`);
  await waitForShell(view);
  await view.waitForText('.detail-page .detail-card tr[data-field="hostname"]', hostname, 8000);
  return view;
}

describe('ops: a connectivity check followed on the task log page (real server)', () => {
  before(() => loginAs('admin'));
  afterEach(() => setTaskLogOpener(null));
  after(async () => {
    await removeAll(made);
    await resetConsole();
  });

  it('starts the check from the detail page, shows every step until the end, then the asset unreachable', async () => {
    const admin = await create(ADMIN_USERS, {
      name: uniqueName('probe-admin'),
      username: 'root',
      password: 'not-used-1',
    });
    // Without an admin user the checks that creating an asset starts skip it: the state stays unknown.
    const asset = await create(ASSETS, {
      hostname,
      ip: '127.0.0.1',
      platform: 'Linux',
      protocols: [`ssh/${CLOSED_PORT}`],
    });
    made.push(`${ASSETS}${asset.id}/`, `${ADMIN_USERS}${admin.id}/`);
    expect((await api('PATCH', `${ASSETS}${asset.id}/`, { admin_user: admin.id })).status).to.equal(200);

    const opened: string[] = [];
    setTaskLogOpener((url) => opened.push(url));
    let view = await openDetail(asset.id);
    await view.waitForText('.detail-card [data-field="connectivity"] td', '未知', 5000);
    click(quickButton(view, '测试资产可连接性'));
    await waitForToast('success', '任务已开始');
    expect(opened).to.have.length(1);
    const [, logPath] = opened[0].split('#');
    expect(logPath).to.match(/^\/ops\/celery\/task\/[^/]+\/log\/$/);

    await resetConsole();
    await loginAs('admin');
    view = await mountConsole(logPath);
    const page = await waitFor(() => view.find('.task-log-page[data-status="finished"]'), 20_000, 'the task to finish');
    expect(text(page.querySelector('.status'))).to.equal('任务结束');
    // The console is Chinese, so the server wrote the log in Chinese.
    const steps = [
      '测试 1 个资产的可连接性',
      `${hostname}: 正在以 root 连接 127.0.0.1:${CLOSED_PORT}`,
      `${hostname}: 不可连接`,
      '汇总：0 个可连接，1 个不可连接，0 个跳过',
    ];
    // xterm pads wide (CJK) cells, so compare without white space.
    const squeeze = (value: string) => value.replace(/\s+/g, '');
    // Read to its end is not yet drawn: xterm paints its rows on a later frame (late on a busy machine).
    const shown: string = await waitFor(
      () => {
        const rows = text(view.find('.xterm-rows'));
        return squeeze(rows).includes(squeeze(steps[steps.length - 1])) ? rows : '';
      },
      8000,
      'the summary on the log screen',
    );
    const at = steps.map((step) => squeeze(shown).indexOf(squeeze(step)));
    expect(
      at.every((i) => i >= 0),
      `every step in the terminal:\n${shown}`,
    ).to.equal(true);
    expect(
      [...at].sort((a, b) => a - b),
      'in order',
    ).to.deep.equal(at);

    await resetConsole();
    await loginAs('admin');
    view = await openDetail(asset.id);
    await view.waitForText('.detail-card [data-field="connectivity"] td', '不可连接', 5000);
    const [listed] = (await api<{ connectivity: { status: number } }[]>('GET', `${ASSETS}?ids=${asset.id}&draw=1`))
      .data;
    expect(listed.connectivity.status).to.equal(0);
  });
});

// Against the reference server, with the private sshd of the web-terminal fixture as two assets: a plain
// user opens /command-executions/ on the user page, ticks both granted assets, runs `hostname; id` and
// sees each host's output stream into the terminal under its name, then the summary; the administrator
// finds the run in the job center (task, versions, history) and opens its log.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, clearCookies, loginAs, logout } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { ASSETS, create, removeAll, uniqueName } from '../assets/support/api.ts';
import { PERMS, SYSTEM_USERS, makeUser, signInAs } from '../userviews/support.ts';
import { USERS, searchFor } from '../users/support.ts';
import { startWorld } from '../webterminal/support/fixture.ts';
import { setRunLogOpener } from '../../../src/pages/ops/ops.resource.tsx';
import { $toasts } from '../../../src/core/stores/notify.ts';

const made: string[] = [];
const prefix = uniqueName('bc');
let hosts: { id: string; hostname: string }[] = [];
let member: { id: string; username: string };
let systemUser: { id: string; name: string };

const click = (el: Element | null | undefined) => {
  if (!el) throw new Error('nothing to click');
  (el as HTMLElement).click();
};
/** The terminal's screen (xterm's DOM rows), blanks squeezed. */
const screen = (view: MountedConsole) =>
  view.findAll('.xterm-rows > div').map((row) => (row.textContent ?? '').replace(/\u00a0/g, ' ').trimEnd());

describe('batch commands (real server, real SSH)', function () {
  this.timeout(120_000);

  before(async function () {
    if ((await fetch('/ui/bastion-console.js', { method: 'HEAD' })).status !== 200) this.skip(); // no build: `npm test` builds first
    const world = await startWorld();
    await logout();
    await loginAs('admin');
    member = await makeUser(`${prefix}u`);
    made.push(`${USERS}${member.id}/`);
    hosts = [];
    for (const n of [1, 2]) {
      hosts.push(
        await create<{ id: string; hostname: string }>(ASSETS, {
          hostname: `${prefix}-h${n}`,
          ip: world.sshd.host,
          platform: 'Linux',
          protocols: [`ssh/${world.sshd.port}`],
          is_active: true,
        }),
      );
    }
    systemUser = await create<{ id: string; name: string }>(SYSTEM_USERS, {
      name: `${prefix}-su`,
      username: world.sshd.username,
      password: world.sshd.password,
      login_mode: 'auto',
      protocol: 'ssh',
      priority: 20,
    });
    const permission = await create<{ id: string }>(PERMS, {
      name: prefix,
      users: [member.id],
      assets: hosts.map((h) => h.id),
      system_users: [systemUser.id],
      actions: ['all'],
    });
    made.unshift(`${PERMS}${permission.id}/`);
    made.push(...hosts.map((h) => `${ASSETS}${h.id}/`), `${SYSTEM_USERS}${systemUser.id}/`);
  });

  after(async () => {
    await resetConsole();
    await logout();
    await loginAs('admin');
    await removeAll(made);
  });

  it('a plain user ticks two granted assets, runs `hostname; id`, and sees both hosts stream in with the summary', async () => {
    // One console at a time: they share the stores (routes, session).
    await resetConsole();
    await signInAs(member.username);
    const view = await mountConsole('/command-executions/');
    await waitForShell(view);
    for (const host of hosts)
      click(
        await waitFor(
          () => view.find(`.picker-asset[data-id="${host.id}"] input.asset-check`),
          15_000,
          `${host.hostname} in the tree`,
        ),
      );
    await view.waitForText('.selected-count', '已选 2 台资产');
    await waitFor(
      () => view.find<HTMLSelectElement>('select.run-as')?.value === systemUser.id,
      8000,
      'the run-as choice',
    );
    expect(text(view.find('select.run-as option:checked'))).to.equal(`${systemUser.name}(${'bastiontest'})`);
    view.find<HTMLTextAreaElement>('textarea.command')!.focus();
    await sendKeys({ type: 'hostname; id' });
    click(view.find('button.run'));

    await waitFor(() => view.find('.task-log-view[data-status="finished"]'), 60_000, 'the run to finish');
    const summary = await view.waitForText('.batch-summary', '汇总：成功 2 台，失败 0 台，跳过 0 台', 8000);
    expect(summary).to.exist;
    const lines = screen(view);
    for (const host of hosts) {
      const start = lines.findIndex((line) => line.startsWith(`>>> ${host.hostname}(`));
      const end = lines.findIndex((line) => line.startsWith(`<<< ${host.hostname}(`));
      expect(start, lines.join('\n')).to.be.greaterThan(-1);
      expect(lines[end], lines.join('\n')).to.match(/退出码 0$/);
      const output = lines.slice(start + 1, end);
      expect(
        output.some((line) => /^uid=\d+\(bastiontest\)/.test(line)),
        output.join('\n'),
      ).to.equal(true);
    }
    // The run is the user's own row, with its hosts.
    const [row] = (
      await api<{ id: string; hosts: string[]; command: string }[]>('GET', '/api/v1/ops/command-executions/')
    ).data;
    expect([row.command, row.hosts.length]).to.deep.equal(['hostname; id', 2]);
  });

  it("the administrator finds the run in the job center: the task, its versions and history, the run's log", async () => {
    await resetConsole();
    await logout();
    // The plain user's session left the console on the user page (its role cookie): start afresh.
    clearCookies();
    await loginAs('admin');
    const view = await mountConsole('/ops/tasks');
    await waitForShell(view);
    const link = await waitFor(
      () => view.findAll('a.detail-link').find((a) => text(a) === 'Batch command: hostname; id'),
      15_000,
      'the task in the list',
    );
    // Run again: the admin's own grants decide, and these hosts are not granted to them; the page says why.
    const opened: string[] = [];
    setRunLogOpener((url) => opened.push(url));
    click(link.closest('tr')?.querySelector('button.action-run'));
    await waitFor(
      () => $toasts.get().some((toast) => toast.type === 'error' && toast.message.includes('没有主机')),
      8000,
      'the refusal toast',
    );
    expect(opened).to.deep.equal([]);
    // A job of the demo database (its admin users' connectivity test, run when it was made) runs again.
    // Searched for: the other tests' jobs may have pushed it off the first page.
    searchFor(view, 'Test admin user connectivity: Linux root');
    const demo = await waitFor(
      () => view.findAll('a.detail-link').find((a) => text(a) === 'Test admin user connectivity: Linux root'),
      8000,
      'a demo task',
    );
    click(demo.closest('tr')?.querySelector('button.action-run'));
    await waitFor(() => opened.length === 1, 8000, "the new run's log to open");
    expect(opened[0]).to.match(/#\/ops\/celery\/task\/[0-9a-f-]{36}\/log\/$/);
    setRunLogOpener(null);
    searchFor(view, 'Batch command: hostname; id');
    click(
      await waitFor(
        () => view.findAll('a.detail-link').find((a) => a.isConnected && text(a) === 'Batch command: hostname; id'),
        8000,
        'the batch command task again',
      ),
    );
    await view.waitForText('.detail-page .detail-card [data-field="name"] td', 'Batch command: hostname; id', 8000);
    const tab = (name: string) => view.find(`.detail-tabs button[data-tab="${name}"]`);
    click(await waitFor(() => tab('versions'), 8000, 'the versions tab'));
    await waitFor(() => view.find('.embedded-list[data-resource="Adhoc"] tbody tr'), 8000, 'a version row');
    click(tab('history'));
    const run = await waitFor(
      () => view.find<HTMLAnchorElement>('.embedded-list[data-resource="HistoryExecution"] tbody tr a.detail-link'),
      8000,
      'a run row',
    );
    click(run);
    await view.waitForText(
      '.detail-card [data-field="last_success"] td',
      new RegExp(
        hosts
          .map((h) => h.hostname)
          .sort()
          .join(', '),
      ),
      8000,
    );
    click(await waitFor(() => tab('log'), 8000, 'the log tab'));
    await waitFor(() => view.find('.task-log-view[data-status="finished"]'), 15_000, 'the log to be read to its end');
    // Read to its end is not yet drawn: xterm paints its rows on a later frame (late on a busy machine).
    await waitFor(
      () => screen(view).some((line) => line.startsWith('汇总：2 台成功')),
      8000,
      'the summary on the log screen',
    );
  });
  it('a refused command says why and keeps the form as typed', async () => {
    // One console at a time: they share the stores (routes, session).
    await resetConsole();
    await signInAs(member.username);
    const view = await mountConsole('/command-executions/');
    await waitForShell(view);
    click(
      await waitFor(() => view.find(`.picker-asset[data-id="${hosts[0].id}"] input.asset-check`), 15_000, 'the tree'),
    );
    await waitFor(
      () => view.find<HTMLSelectElement>('select.run-as')?.value === systemUser.id,
      8000,
      'the run-as choice',
    );
    click(view.find('button.run'));
    await view.waitForText('.batch-error', '请输入命令');
    view.find<HTMLTextAreaElement>('textarea.command')!.focus();
    await sendKeys({ type: 'echo x' });
    // The grant went away meanwhile: the server refuses the host and the page says so.
    await logout();
    await loginAs('admin');
    const permissions = made.find((url) => url.startsWith(PERMS))!;
    expect((await api('PATCH', permissions, { is_active: false })).status).to.equal(200);
    await signInAs(member.username);
    click(view.find('button.run'));
    await view.waitForText('.batch-error', /Not has host|没有主机/, 8000);
    expect(view.find<HTMLTextAreaElement>('textarea.command')!.value).to.equal('echo x');
    await logout();
    await loginAs('admin');
    expect((await api('PATCH', permissions, { is_active: true })).status).to.equal(200);
  });

  it('a running command can be stopped from the page; the log and the summary say so', async () => {
    await resetConsole();
    await signInAs(member.username);
    const view = await mountConsole('/command-executions/');
    await waitForShell(view);
    click(
      await waitFor(() => view.find(`.picker-asset[data-id="${hosts[1].id}"] input.asset-check`), 15_000, 'the tree'),
    );
    await waitFor(
      () => view.find<HTMLSelectElement>('select.run-as')?.value === systemUser.id,
      8000,
      'the run-as choice',
    );
    view.find<HTMLTextAreaElement>('textarea.command')!.focus();
    await sendKeys({ type: 'echo begun; sleep 30' });
    click(view.find('button.run'));
    await waitFor(() => screen(view).some((line) => line === 'begun'), 20_000, 'the command to start');
    click(view.find('button.stop'));
    await view.waitForText('.batch-summary', /已停止/, 15_000);
    // xterm pads wide (CJK) cells, so read the screen without white space.
    expect(screen(view).join('').replace(/\s+/g, ''), screen(view).join('\n')).to.match(/任务失败：已被.+停止/);
  });
});

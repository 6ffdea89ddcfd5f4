// Against the reference server: `user` asks for an asset of Engineering on the request form, `orgadmin`
// (an assignee) finds it under Assigned to me, confirms the asset and the system user and accepts it;
// `user` then finds the asset on My assets, with its way to connect. The server holds each step.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import { mountConsole, resetConsole, waitForShell } from '../../elements/support/console-fixture.ts';
import { ASSETS, uniqueName } from '../assets/support/api.ts';
import { pickField, pickIn } from '../perms/support.ts';
import { click, formControl, searchFor, slType, waitForToast } from '../users/support.ts';
import { shownHostnames } from '../userviews/support.ts';

const TICKETS = '/api/v1/tickets/tickets/';
const PERMS = '/api/v1/perms/asset-permissions/';
const SYSTEM_USERS = '/api/v1/assets/system-users/';
const SETTINGS = '/api/v1/settings/setting/';
const prefix = uniqueName('tk');

type Ticket = {
  id: string;
  title: string;
  org_id: string;
  assignees: string[];
  hostname: string;
  system_user: string;
  actions: string[];
  status: string;
  action: string;
};

describe('tickets: a request through to the grant (real server)', function () {
  // Three sign-ins and three console mounts in one story: more than mocha's 20 s on a busy machine.
  this.timeout(60_000);
  let eng = '';
  let asset: { id: string; hostname: string };
  let systemUser: { id: string; name: string; username: string };
  let ticketId = '';
  before(async () => {
    await loginAs('admin');
    // Tickets need the licence (ROUTES.md `L`); the test run starts unlicensed.
    expect((await api('PATCH', SETTINGS, { license: { XPACK_LICENSE_IS_VALID: true } })).status).to.equal(200);
    eng = (await api<{ id: string; name: string }[]>('GET', '/api/v1/orgs/orgs/')).data.find(
      (org) => org.name === 'Engineering',
    )!.id;
    asset = (
      await api<{ id: string; hostname: string }>(
        'POST',
        ASSETS,
        { hostname: `${prefix}-host`, ip: '127.63.0.1', platform: 'Linux', protocols: ['ssh/22'], is_active: true },
        { org: eng },
      )
    ).data;
    systemUser = (
      await api<{ id: string; name: string; username: string }>(
        'POST',
        SYSTEM_USERS,
        { name: `${prefix}-su`, username: `${prefix}su`, login_mode: 'manual', protocol: 'ssh' },
        { org: eng },
      )
    ).data;
  });
  after(async () => {
    await resetConsole();
    await loginAs('admin');
    const permissions = ticketId
      ? (await api<{ id: string }[]>('GET', `${PERMS}?search=${ticketId}`, undefined, { org: eng })).data
      : [];
    for (const permission of permissions) await api('DELETE', `${PERMS}${permission.id}/`, undefined, { org: eng });
    await api('DELETE', `${ASSETS}${asset.id}/`, undefined, { org: eng });
    await api('DELETE', `${SYSTEM_USERS}${systemUser.id}/`, undefined, { org: eng });
    await api('PATCH', SETTINGS, { license: { XPACK_LICENSE_IS_VALID: false } });
    await resetConsole();
  });

  it("user requests, orgadmin confirms and accepts under Assigned to me, and the asset appears on the user's My assets", async () => {
    // The user page: the request form, its org and assignees offered from the server.
    await resetConsole();
    const me = await loginAs('user');
    let view = await mountConsole('/tickets/tickets/request-asset-perm/create');
    await waitForShell(view);
    await view.waitForText('.engine-page h2', '申请资产授权', 8000);
    await waitFor(() => formControl(view, 'title'), 8000, 'the title field');
    slType(formControl(view, 'title'), `${prefix} release checks`);
    await pickField(view, 'org_id', 'Engineering');
    await pickField(view, 'assignees', 'orgadmin', 'Olivia Chen(orgadmin)');
    slType(formControl(view, 'hostname'), `${prefix}-host`);
    slType(formControl(view, 'system_user'), 'an ssh account');
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '创建成功');
    const [made] = (await api<Ticket[]>('GET', `${TICKETS}request-asset-perm/?search=${prefix}`)).data;
    ticketId = made.id;
    const orgadmin = (
      await api<{ id: string; username: string }[]>('GET', `${TICKETS}request-asset-perm/assignees/?org_id=${eng}`)
    ).data.find((u) => u.username === 'orgadmin')!;
    expect([made.org_id, made.assignees, made.hostname, made.system_user, made.actions, made.status]).to.deep.equal([
      eng,
      [orgadmin.id],
      `${prefix}-host`,
      'an ssh account',
      ['connect'],
      'open',
    ]);
    // Back on My tickets: the new ticket, Open.
    const row = `.ticket-page tr[data-id="${made.id}"]`;
    await waitFor(() => view.find(row), 8000, 'the ticket under My tickets');
    expect(text(view.find(`${row} .ticket-state`))).to.equal('待处理');
    expect(me.username).to.equal('user');

    // orgadmin, an assignee: Assigned to me, then the ticket's page.
    await resetConsole();
    await loginAs('orgadmin');
    view = await mountConsole('/tickets/tickets?activeTab=assigned');
    await waitForShell(view);
    const link = await waitFor(
      () => view.find(`.ticket-page tr[data-id="${made.id}"] a.detail-link`),
      8000,
      'the ticket under Assigned to me',
    );
    click(link);
    await view.waitForText('.ticket-detail h2', `${prefix} release checks`, 8000);
    // The server suggested the asset matching the hostname; the assignee picks the system user.
    const chips = (field: string) =>
      view.findAll(`.review-item[data-field="${field}"] .chip`).map((chip) => text(chip).replace(/×$/, '').trim());
    await waitFor(() => chips('confirmed_assets').join() === `${prefix}-host`, 8000, 'the suggested asset');
    await pickIn(view, '.review-item[data-field="confirmed_system_user"]', `${prefix}-su`, `${prefix}-su(${prefix}su)`);
    // A reply in the thread, then Accept.
    slType(
      await waitFor(() => view.find('.ticket-comments .reply sl-textarea'), 5000, 'the reply box'),
      'Granted for the release week',
    );
    click(
      await waitFor(
        () => view.find('.ticket-comments sl-button.reply-button:not([disabled])'),
        3000,
        'the reply button, enabled',
      ),
    );
    await waitFor(
      () => view.findAll('.ticket-comments .comment pre').some((pre) => text(pre) === 'Granted for the release week'),
      5000,
      'the reply in the thread',
    );
    click(view.find('.ticket-buttons sl-button.approve'));
    await waitForToast('success', '工单已批准');
    await waitFor(() => text(view.find('.ticket-detail .ticket-state')) === '已批准', 5000, 'the approved state');
    expect(view.find('.ticket-buttons sl-button.approve'), 'no actions on a closed ticket').to.equal(null);
    const ticket = (await api<Ticket>('GET', `${TICKETS}${made.id}/`)).data;
    expect([ticket.status, ticket.action]).to.deep.equal(['closed', 'approve']);
    const [permission] = (
      await api<{ users: string[]; assets: string[]; system_users: string[]; actions: string[] }[]>(
        'GET',
        `${PERMS}?search=${made.id}`,
        undefined,
        { org: eng },
      )
    ).data;
    expect([permission.users, permission.assets, permission.system_users, permission.actions]).to.deep.equal([
      [me.id],
      [asset.id],
      [systemUser.id],
      ['connect'],
    ]);

    // user: the asset is on My assets, with its connect button.
    await resetConsole();
    await loginAs('user');
    view = await mountConsole('/');
    await waitForShell(view);
    await view.waitForText('.engine-page h2', '我的资产', 8000);
    await waitFor(() => view.find('.my-assets-page tbody tr[data-id]'), 8000, 'the granted assets');
    searchFor(view, `${prefix}-host`);
    await waitFor(() => shownHostnames(view).join() === `${prefix}-host`, 8000, 'the granted asset on My assets');
    const connect = view.find(`.my-assets-page tr[data-id="${asset.id}"] sl-button.connect`) as unknown as {
      href: string;
    } | null;
    expect(connect?.href).to.equal(`/luna/?login_to=${asset.id}`);
  });
});

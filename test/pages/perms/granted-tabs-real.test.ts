// Against the reference server: grants shown where 2.3 shows them. A user's detail page lists the
// assets a group permission grants (tree and table, with the system users) and that permission; the
// group's page lists it too; the asset's page names the user; the system user's page links users.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { click, createUser, waitForToast } from '../users/support.ts';
import { ASSETS, NODES, create, removeAll, uniqueName } from '../assets/support/api.ts';
import { ASSET_PERMISSIONS, GROUPS, SYSTEM_USERS, members, openTab, pickIn } from './support.ts';

const prefix = uniqueName('grt');
const USERS = '/api/v1/users/users/';
const cells = (view: MountedConsole, prop: string) =>
  view.findAll(`.embedded-list tbody tr td[data-prop="${prop}"]`).map((td) => text(td));

describe('perms: granted tabs on user, group, asset and system user pages (real server)', () => {
  const made: string[] = [];
  let user: { id: string };
  let group: { id: string };
  let asset: { id: string };
  let su: { id: string };
  let node: { id: string };
  before(async () => {
    await loginAs('admin');
    group = await create(GROUPS, { name: `${prefix}-g` });
    user = await createUser({
      name: `${prefix} Granted`,
      username: `${prefix}u`,
      email: `${prefix}u@example.com`,
      groups: [group.id],
    });
    node = await create(NODES, { value: `${prefix}-n` });
    asset = await create(ASSETS, { hostname: `${prefix}-h`, ip: '127.0.3.95', platform: 'Linux', nodes: [node.id] });
    su = await create(SYSTEM_USERS, {
      name: `${prefix}-su`,
      username: `${prefix}su`,
      login_mode: 'manual',
      protocol: 'ssh',
    });
    const permission = await create<{ id: string }>(ASSET_PERMISSIONS, {
      name: `${prefix}-p`,
      user_groups: [group.id],
      nodes: [node.id],
      system_users: [su.id],
    });
    made.push(
      `${ASSET_PERMISSIONS}${permission.id}/`,
      `${ASSETS}${asset.id}/`,
      `${NODES}${node.id}/`,
      `${SYSTEM_USERS}${su.id}/`,
      `${USERS}${user.id}/`,
      `${GROUPS}${group.id}/`,
    );
  });
  afterEach(async () => {
    await resetConsole();
    await loginAs('admin');
  });
  after(async () => {
    await removeAll(made);
    await resetConsole();
  });

  it('shows a user the assets a group permission grants, with their system users, and the permission', async () => {
    const view = await mountConsole(`/users/users/${user.id}`);
    await waitForShell(view);
    await openTab(view, 'grantedAssets', '授权的资产');
    await waitFor(() => cells(view, 'hostname').length === 1, 8000, 'the granted asset');
    expect(cells(view, 'hostname')).to.deep.equal([`${prefix}-h`]);
    expect(cells(view, 'ip')).to.deep.equal(['127.0.3.95']);
    await waitFor(() => cells(view, 'system_users')[0] === `${prefix}-su`, 5000, 'its system user');
    await waitFor(
      () =>
        view.findAll('.granted-assets .node-tree [role="treeitem"]').some((item) => text(item).includes(`${prefix}-n`)),
      5000,
      'the node in the tree',
    );

    await openTab(view, 'assetPermissions', '资产授权');
    await waitFor(() => cells(view, 'name').length === 1, 5000, 'the permission');
    expect(cells(view, 'name')).to.deep.equal([`${prefix}-p`]);
    expect(cells(view, 'is_valid')).to.deep.equal(['有效']);
  });

  it('shows a user the database apps a group app permission grants', async () => {
    const db = await create<{ id: string }>('/api/v1/applications/database-apps/', {
      name: `${prefix}-db`,
      host: '127.0.3.96',
    });
    const dbUser = await create<{ id: string }>(SYSTEM_USERS, {
      name: `${prefix}-dbsu`,
      username: `${prefix}db`,
      login_mode: 'manual',
      protocol: 'mysql',
    });
    const grant = await create<{ id: string }>('/api/v1/perms/database-app-permissions/', {
      name: `${prefix}-dbp`,
      user_groups: [group.id],
      database_apps: [db.id],
      system_users: [dbUser.id],
    });
    made.unshift(
      `/api/v1/perms/database-app-permissions/${grant.id}/`,
      `/api/v1/applications/database-apps/${db.id}/`,
      `${SYSTEM_USERS}${dbUser.id}/`,
    );
    const view = await mountConsole(`/users/users/${user.id}`);
    await waitForShell(view);
    await openTab(view, 'grantedDatabases', '授权的数据库');
    await waitFor(() => cells(view, 'name').length === 1, 8000, 'the granted database app');
    expect([cells(view, 'name'), cells(view, 'host')]).to.deep.equal([[`${prefix}-db`], ['127.0.3.96']]);
  });

  it('shows the group its permission and granted assets', async () => {
    const view = await mountConsole(`/users/groups/${group.id}`);
    await waitForShell(view);
    await openTab(view, 'assetPermissions', '资产授权');
    await waitFor(() => cells(view, 'name').length === 1, 8000, 'the permission');
    expect(cells(view, 'name')).to.deep.equal([`${prefix}-p`]);
    await openTab(view, 'grantedAssets', '授权的资产');
    await waitFor(() => cells(view, 'hostname').length === 1, 8000, 'the granted asset');
    expect(cells(view, 'hostname')).to.deep.equal([`${prefix}-h`]);
  });

  it('names the granted user on the asset’s page', async () => {
    const view = await mountConsole(`/assets/assets/${asset.id}`);
    await waitForShell(view);
    await openTab(view, 'grantedUsers', '授权的用户');
    await waitFor(() => view.find('.granted-users tbody tr[data-id]'), 8000, 'the granted users');
    const rows = view
      .findAll('.granted-users tbody tr[data-id]')
      .map((tr) => [text(tr.querySelector('[data-prop="user"]')), text(tr.querySelector('[data-prop="permissions"]'))]);
    expect(rows).to.deep.equal([[`${prefix} Granted(${prefix}u)`, `${prefix}-p`]]);
  });

  it('links a user to a system user from the system user’s users tab', async () => {
    const view = await mountConsole(`/assets/system-users/${su.id}`);
    await waitForShell(view);
    await openTab(view, 'users', '用户列表');
    await pickIn(view, '.relation-card', `${prefix}u`, `${prefix} Granted(${prefix}u)`);
    click(view.find('.relation-card sl-button.add'));
    await waitForToast('success', '添加成功');
    await waitFor(() => members(view).length === 1, 5000, 'the linked user');
    const links = await api<{ user: string }[] | { results: { user: string }[] }>(
      'GET',
      `/api/v1/assets/system-users-users-relations/?systemuser=${su.id}`,
    );
    const rows = Array.isArray(links.data) ? links.data : links.data.results;
    expect(rows.map((row) => row.user)).to.deep.equal([user.id]);
  });
});

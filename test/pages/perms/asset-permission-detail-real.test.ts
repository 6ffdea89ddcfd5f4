// Against the reference server: an asset permission's detail tabs. The relation cards read and change
// the five `asset-permissions-*-relations/` endpoints; "all users" lists users directly named and
// those of its groups, "all assets" the assets directly named and those under its nodes.
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

const prefix = uniqueName('apd');
const USERS = '/api/v1/users/users/';
const cardOf = (view: MountedConsole, title: string) =>
  view.findAll('.relation-card').find((card) => text(card.querySelector('h3')) === title) ?? null;
const namesIn = (card: Element | null) =>
  card ? [...card.querySelectorAll('.member span')].map((span) => text(span)) : [];
const listed = (view: MountedConsole, prop: string) =>
  view
    .findAll(`.embedded-list tbody tr td[data-prop="${prop}"]`)
    .map((td) => text(td))
    .sort();

describe('perms: an asset permission’s detail tabs (real server)', () => {
  const made: string[] = [];
  afterEach(() => resetConsole());
  after(async () => {
    await loginAs('admin');
    await removeAll(made);
    await resetConsole();
  });

  it('lists and changes users, groups, nodes and system users, and shows all users and all assets', async () => {
    await loginAs('admin');
    const group = await create<{ id: string; name: string }>(GROUPS, { name: `${prefix}-g` });
    const member = await createUser({
      name: `${prefix} Member`,
      username: `${prefix}m`,
      email: `${prefix}m@example.com`,
      groups: [group.id],
    });
    const direct = await createUser({
      name: `${prefix} Direct`,
      username: `${prefix}d`,
      email: `${prefix}d@example.com`,
    });
    const node = await create<{ id: string; full_value: string }>(NODES, { value: `${prefix}-n` });
    const under = await create<{ id: string }>(ASSETS, {
      hostname: `${prefix}-under`,
      ip: '127.0.3.91',
      platform: 'Linux',
      nodes: [node.id],
    });
    const single = await create<{ id: string }>(ASSETS, {
      hostname: `${prefix}-single`,
      ip: '127.0.3.92',
      platform: 'Linux',
    });
    const su = await create<{ id: string; name: string }>(SYSTEM_USERS, {
      name: `${prefix}-su`,
      username: `${prefix}su`,
      login_mode: 'manual',
      protocol: 'ssh',
    });
    const permission = await create<{ id: string }>(ASSET_PERMISSIONS, {
      name: `${prefix}-p`,
      user_groups: [group.id],
      nodes: [node.id],
      assets: [single.id],
      system_users: [su.id],
    });
    made.push(
      `${ASSET_PERMISSIONS}${permission.id}/`,
      `${ASSETS}${under.id}/`,
      `${ASSETS}${single.id}/`,
      `${NODES}${node.id}/`,
      `${SYSTEM_USERS}${su.id}/`,
      `${USERS}${member.id}/`,
      `${USERS}${direct.id}/`,
      `${GROUPS}${group.id}/`,
    );

    const view = await mountConsole(`/perms/asset-permissions/${permission.id}`);
    await waitForShell(view);
    await view.waitForText('.detail-page h2.title', `${prefix}-p`, 8000);

    await openTab(view, 'users', '用户与用户组');
    await waitFor(() => namesIn(cardOf(view, '用户组')).length === 1, 5000, 'the group card');
    expect(namesIn(cardOf(view, '用户组'))).to.deep.equal([`${prefix}-g`]);
    expect(namesIn(cardOf(view, '用户'))).to.deep.equal([]);
    await pickIn(view, '.relation-card:first-of-type', `${prefix}d`, `${prefix} Direct(${prefix}d)`);
    click(cardOf(view, '用户')!.querySelector('sl-button.add'));
    await waitForToast('success', '添加成功');
    await waitFor(() => namesIn(cardOf(view, '用户')).length === 1, 5000, 'the direct user listed');
    type Held = { users: string[]; nodes: string[]; system_users: string[] };
    expect((await api<Held>('GET', `${ASSET_PERMISSIONS}${permission.id}/`)).data.users).to.deep.equal([direct.id]);

    await openTab(view, 'allUsers', '全部用户');
    await waitFor(() => listed(view, 'user_display').length === 2, 5000, 'both users');
    expect(listed(view, 'user_display')).to.deep.equal([
      `${prefix} Direct(${prefix}d)`,
      `${prefix} Member(${prefix}m)`,
    ]);

    await openTab(view, 'allAssets', '全部资产');
    await waitFor(() => listed(view, 'asset_display').length === 2, 5000, 'both assets');
    expect(listed(view, 'asset_display')).to.deep.equal([
      `${prefix}-single(127.0.3.92)`,
      `${prefix}-under(127.0.3.91)`,
    ]);

    await openTab(view, 'assets', '资产与节点');
    await waitFor(() => namesIn(cardOf(view, '节点')).length === 1, 5000, 'the node card');
    expect(namesIn(cardOf(view, '资产'))).to.deep.equal([`${prefix}-single`]);
    click(cardOf(view, '节点')!.querySelector('.member sl-button.remove'));
    await waitForToast('success', '移除成功');
    await waitFor(() => namesIn(cardOf(view, '节点')).length === 0, 5000, 'the node removed');
    expect((await api<Held>('GET', `${ASSET_PERMISSIONS}${permission.id}/`)).data.nodes).to.deep.equal([]);

    await openTab(view, 'systemUsers', '系统用户');
    await waitFor(() => members(view).length === 1, 5000, 'the system user card');
    expect(members(view)[0]).to.contain(`${prefix}-su`);
  });
});

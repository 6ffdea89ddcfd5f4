// Against the reference server: a system user's detail page links two assets and a node through the
// relation endpoints, lists them on its "资产列表" / "节点列表" tabs, and removes one asset again.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  settle,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { click, nativeType, waitForToast } from '../users/support.ts';
import { ASSETS, NODES, create, list, removeAll, uniqueName } from './support/api.ts';

const SYSTEM_USERS = '/api/v1/assets/system-users/';
const ASSET_LINKS = '/api/v1/assets/system-users-assets-relations/';
const NODE_LINKS = '/api/v1/assets/system-users-nodes-relations/';
const prefix = uniqueName('surel');
type Link = { id: number; asset?: string; node?: string; asset_display?: string; node_display?: string };

const members = (view: MountedConsole) =>
  view.findAll('.relation-card .member').map((member) => text(member.querySelector('span')));

/** Picks an option of the tab's remote select by typing part of its label. */
async function pick(view: MountedConsole, search: string, label: string): Promise<void> {
  const input = await waitFor(
    () => view.find<HTMLInputElement>('.relation-card input.combo-input'),
    5000,
    'the remote select',
  );
  input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  nativeType(input, search);
  const option = await waitFor(
    () => view.findAll('.relation-card li[role="option"]').find((li) => text(li) === label),
    5000,
    `option ${label}`,
  );
  click(option);
  await settle();
}

async function openTab(view: MountedConsole, name: string, title: string): Promise<void> {
  const tab = await waitFor(() => view.find(`.detail-tabs [data-tab="${name}"]`), 8000, `the ${name} tab`);
  expect(text(tab)).to.equal(title);
  click(tab);
  await waitFor(
    () => view.find(`.detail-tabs [data-tab="${name}"][aria-selected="true"]`) && view.find('.relation-card'),
    5000,
    `${name} card`,
  );
}

describe("assets: a system user's assets and nodes (real server)", () => {
  const made: string[] = [];
  before(() => loginAs('admin'));
  after(async () => {
    await removeAll(made.reverse());
    await resetConsole();
  });

  it('links two assets and a node from the detail page, lists them and removes one asset', async () => {
    const systemUser = await create(SYSTEM_USERS, {
      name: prefix,
      username: prefix,
      login_mode: 'manual',
      protocol: 'ssh',
    });
    const node = await create<{ id: string; full_value: string }>(NODES, { value: `${prefix}-node` });
    const first = await create<{ id: string; hostname: string; ip: string }>(ASSETS, {
      hostname: `${prefix}-a`,
      ip: '127.0.2.61',
      platform: 'Linux',
    });
    const second = await create<{ id: string; hostname: string; ip: string }>(ASSETS, {
      hostname: `${prefix}-b`,
      ip: '127.0.2.62',
      platform: 'Linux',
    });
    made.push(
      `${SYSTEM_USERS}${systemUser.id}/`,
      `${NODES}${node.id}/`,
      `${ASSETS}${first.id}/`,
      `${ASSETS}${second.id}/`,
    );

    const view = await mountConsole(`/assets/system-users/${systemUser.id}`);
    await waitForShell(view);
    await view.waitForText('.detail-page h2.title', prefix, 8000);
    await openTab(view, 'assets', '资产列表');
    expect(members(view)).to.deep.equal([]);
    await pick(view, `${prefix}-a`, `${prefix}-a`);
    await pick(view, `${prefix}-b`, `${prefix}-b`);
    click(view.find('.relation-card sl-button.add'));
    await waitForToast('success', '添加成功');
    await waitFor(() => members(view).length === 2, 5000, 'both assets listed');
    expect(members(view).sort()).to.deep.equal([`${prefix}-a(127.0.2.61)`, `${prefix}-b(127.0.2.62)`]);
    const linked = await list<Link>(`${ASSET_LINKS}?systemuser=${systemUser.id}`);
    expect(linked.map((link) => link.asset).sort()).to.deep.equal([first.id, second.id].sort());

    await openTab(view, 'nodes', '节点列表');
    expect(members(view)).to.deep.equal([]);
    await pick(view, `${prefix}-node`, node.full_value);
    click(view.find('.relation-card sl-button.add'));
    await waitForToast('success', '添加成功');
    await view.waitForText('.relation-card .member', node.full_value);
    expect((await list<Link>(`${NODE_LINKS}?systemuser=${systemUser.id}`)).map((link) => link.node)).to.deep.equal([
      node.id,
    ]);

    await openTab(view, 'assets', '资产列表');
    await waitFor(() => members(view).length === 2, 5000, 'the assets again');
    click(view.find(`.relation-card .member[data-id="${first.id}"] sl-button.remove`));
    await waitForToast('success', '移除成功');
    await waitFor(() => members(view).length === 1, 5000, 'one asset left');
    expect(members(view)).to.deep.equal([`${prefix}-b(127.0.2.62)`]);
    expect((await list<Link>(`${ASSET_LINKS}?systemuser=${systemUser.id}`)).map((link) => link.asset)).to.deep.equal([
      second.id,
    ]);
    expect((await list<{ assets_amount: number }>(`${SYSTEM_USERS}?name=${prefix}`))[0].assets_amount).to.equal(1);
  });

  it('pages through the assets a big node brings, ten at a time', async () => {
    const systemUser = await create(SYSTEM_USERS, {
      name: `${prefix}-big`,
      username: `${prefix}big`,
      login_mode: 'manual',
      protocol: 'ssh',
    });
    made.push(`${SYSTEM_USERS}${systemUser.id}/`);
    // Linking the organisation's root node links every asset below it (more than ten in the seed).
    const [root] = await list<{ id: string }>(`${NODES}?key=1`);
    await create(NODE_LINKS, { systemuser: systemUser.id, node: root.id });
    const total = (await list<Link>(`${ASSET_LINKS}?systemuser=${systemUser.id}`)).length;
    expect(total).to.be.greaterThan(10);

    const view = await mountConsole(`/assets/system-users/${systemUser.id}`);
    await waitForShell(view);
    await openTab(view, 'assets', '资产列表');
    await waitFor(() => members(view).length === 10, 5000, 'the first ten assets');
    expect(text(view.find('.relation-card .pager .total'))).to.equal(`共 ${total} 条`);
    const firstPage = members(view);
    click(view.find('.relation-card .pager button.next'));
    await waitFor(() => members(view).length > 0 && members(view)[0] !== firstPage[0], 5000, 'the second page');
    expect(members(view).length).to.equal(Math.min(10, total - 10));
    expect(
      members(view).some((name) => firstPage.includes(name)),
      'no asset on both pages',
    ).to.equal(false);
  });
});

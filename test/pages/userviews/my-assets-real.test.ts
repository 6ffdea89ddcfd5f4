// Against the reference server: an administrator grants a group a node with one system user; the
// group's member sees exactly those assets on My assets (tree and table), stars one and finds it
// under favourites; once the permission has expired the assets are gone after a reload.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import { mountConsole, resetConsole, waitForShell } from '../../elements/support/console-fixture.ts';
import { uniqueName } from '../assets/support/api.ts';
import { click, searchFor, waitForToast } from '../users/support.ts';
import {
  FAVORITES,
  PERMS,
  cleanUp,
  makeGrant,
  remount,
  shownHostnames,
  signInAs,
  treeRow,
  type Grant,
} from './support.ts';

let grant: Grant | undefined;

describe('user page: My assets of a group member (real server)', () => {
  before(async () => {
    await loginAs('admin');
    grant = await makeGrant(uniqueName('ug'));
  });
  after(async () => {
    if (grant) await cleanUp(grant.made);
    await resetConsole();
  });

  it('shows the granted node and assets with their system user, stars one, then loses them when the permission expires', async () => {
    const g = grant!;
    const hostnames = g.granted.map((a) => a.hostname).sort();
    await signInAs(g.member.username);
    let view = await mountConsole('/');
    await waitForShell(view);
    await view.waitForText('.engine-page h2', '我的资产');

    // Table: exactly the two assets of the node, not the one outside it.
    await waitFor(() => shownHostnames(view).join() === hostnames.join(), 8000, 'the granted assets in the table');
    const [first] = g.granted;
    const row = `.my-assets-page tr[data-id="${first.id}"]`;
    await view.waitForText(`${row} td[data-prop="system_users"]`, `${g.systemUser.name}(${g.systemUser.username})`);
    // The web terminal opens in a new tab (sl-button renders a link for href + target).
    const connect = view.find(`${row} sl-button.connect`) as unknown as { href: string; target: string } | null;
    expect([connect?.href, connect?.target]).to.deep.equal([`/luna/?login_to=${first.id}`, '_blank']);

    // Search narrows the granted assets.
    searchFor(view, first.hostname);
    await waitFor(() => shownHostnames(view).join() === first.hostname, 5000, 'the searched asset only');

    // Tree: the granted node with its count of granted assets; choosing it lists them.
    const nodeRow = await waitFor(
      () => view.find(`.my-assets-page .node-row[data-id="${g.nodeId}"]`),
      8000,
      'the granted node in the tree',
    );
    expect(text(nodeRow.querySelector('.node-title'))).to.equal(`${g.nodeName} (2)`);
    click(nodeRow.querySelector('.node-title'));
    await waitFor(() => shownHostnames(view).join() === hostnames.join(), 5000, "the node's assets");
    expect(treeRow(view, '-12'), 'the favourites node').to.not.equal(null);

    // Star the first asset: the server holds it, the favourites node lists only it.
    click(await waitFor(() => view.find(`${row} sl-icon-button.favorite:not(.starred)`), 5000, 'the star'));
    await waitForToast('success', '已收藏');
    const favorites = (await api<{ asset: string }[]>('GET', FAVORITES)).data;
    expect(favorites.map((f) => f.asset)).to.deep.equal([first.id]);
    await waitFor(() => view.find(`${row} sl-icon-button.favorite.starred`), 5000, 'the filled star');
    // The tree reloads with the favourites node counting one asset; choosing it lists just that one.
    const favoriteTitle = () => treeRow(view, '-12')?.querySelector('.node-title') ?? null;
    await waitFor(() => /\(1\)$/.test(text(favoriteTitle())), 5000, 'one favourite counted');
    click(favoriteTitle());
    await waitFor(
      () => shownHostnames(view).join() === first.hostname,
      5000,
      'only the starred asset under favourites',
    );

    // The administrator ends the permission's window; after a reload nothing is granted any more.
    await loginAs('admin');
    const expired = await api<{ is_expired: boolean }>('PATCH', `${PERMS}${g.permissionId}/`, {
      date_start: '2020-01-01 00:00:00 +0000',
      date_expired: '2020-01-02 00:00:00 +0000',
    });
    expect([expired.status, expired.data.is_expired]).to.deep.equal([200, true]);
    await signInAs(g.member.username);
    view = await remount(view, '/');
    await view.waitForText('.my-assets-page .granted-empty', '请联系管理员为您创建资产授权', 8000);
    expect(shownHostnames(view)).to.deep.equal([]);
    expect(view.find(`.my-assets-page .node-row[data-id="${g.nodeId}"]`), 'the node left the tree').to.equal(null);
  });
});

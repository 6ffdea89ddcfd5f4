// Against the reference server, the asset list beside Lina 2.3.1's: the help banner over the tree (and
// its close button), a folder for every node (open or shut), a refresh beside the root that shows
// what changed meanwhile, and rows as dense as Lina's (40 px, not 46).
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import { mountConsole, resetConsole, waitForShell } from '../../elements/support/console-fixture.ts';
import { click } from '../users/support.ts';
import { NODES, removeAll, uniqueName } from './support/api.ts';
import { rootRow } from './support/tree.ts';

const made: string[] = [];

describe('assets: the asset list as Lina draws it (real server)', () => {
  before(() => loginAs('admin'));
  after(async () => {
    await removeAll(made);
    await resetConsole();
  });

  it('tells a newcomer what the tree is for, draws folders, refreshes, and keeps rows dense', async () => {
    const view = await mountConsole('/assets/assets');
    await waitForShell(view);
    const help = await waitFor(() => view.find('.asset-list-page .tree-help'), 8000, 'the help banner');
    expect(text(help)).to.equal(
      '左侧是资产树，右击可以新建、删除、更改树节点，授权资产也是以节点方式组织的，右侧是属于该节点下的资产',
    );

    const root = await rootRow(view);
    expect(root.querySelector('svg.folder')?.getAttribute('data-icon'), 'the open root').to.equal('folder2-open');
    const children = view.findAll('.node-tree .node-row').slice(1);
    expect(children.length).to.be.greaterThan(0);
    expect(
      children.every((row) => row.querySelector('svg.folder')?.getAttribute('data-icon') === 'folder'),
      'shut folders',
    ).to.equal(true);

    // A node made elsewhere (another admin, the API) shows once the tree is refreshed.
    const rootId = root.getAttribute('data-id')!;
    const name = uniqueName('lina');
    const made1 = await api<{ id: string }>('POST', `${NODES}${rootId}/children/`, { value: name });
    made.push(`${NODES}${made1.data.id}/`);
    expect(view.findAll('.node-tree .node-title').some((title) => text(title).startsWith(name))).to.equal(false);
    const refresh = view.find<HTMLButtonElement>('.node-tree .tree-refresh')!;
    expect(refresh.getAttribute('aria-label')).to.equal('刷新资产树');
    click(refresh);
    await waitFor(
      () => view.findAll('.node-tree .node-title').some((title) => text(title).startsWith(name)),
      5000,
      'the new node after the refresh',
    );

    const rows = await waitFor(
      () => {
        const found = view.findAll<HTMLElement>('.list-page tbody tr[data-id]');
        return found.length ? found : null;
      },
      8000,
      'the rows',
    );
    for (const row of rows.slice(0, 5))
      expect(row.getBoundingClientRect().height, "a row as dense as Lina's").to.be.at.most(42);

    click(view.find('.tree-help .close-help'));
    await waitFor(() => !view.find('.tree-help'), 2000, 'the banner closed');
  });
});

// Against the reference server: a node made through the tree's right-click menu, an asset filed
// under it from the tree page, and the table of that node listing it.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  settle,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { click, formControl, slType, waitForToast } from '../users/support.ts';
import { ASSETS, NODES, assetsNamed, removeAll, uniqueName } from './support/api.ts';
import { switchStartsOn } from './support/form.ts';
import { nodeMenu, nodeRow, renameOpenNode, rootRow } from './support/tree.ts';

const nodeName = uniqueName('web');
const hostname = uniqueName('host');
const made: string[] = [];

const shownHostnames = (view: MountedConsole) =>
  view.findAll('.list-page tbody tr[data-id] td[data-prop="hostname"]').map((td) => text(td));

describe('assets: an asset filed under a node made in the tree (real server)', () => {
  before(() => loginAs('admin'));
  after(async () => {
    for (const asset of await assetsNamed(hostname)) made.unshift(`${ASSETS}${asset.id}/`);
    await removeAll(made);
    await resetConsole();
  });

  it('creates a child node from the right-click menu, renames it, files a new asset there and lists it for that node', async () => {
    let view = await mountConsole('/assets/assets');
    await waitForShell(view);
    await nodeMenu(view, await rootRow(view), 'create');
    const nodeId = await renameOpenNode(view, nodeName);
    expect(nodeId, 'the new node is being renamed').to.not.equal('');
    made.push(`${NODES}${nodeId}/`);
    await waitFor(
      () => text(nodeRow(view, nodeId)?.querySelector('.node-title')) === `${nodeName} (0)`,
      5000,
      'the renamed node',
    );
    const saved = await api<{ value: string; full_value: string }>('GET', `${NODES}${nodeId}/`);
    expect(saved.data.value).to.equal(nodeName);

    click(nodeRow(view, nodeId)!.querySelector('.node-title'));
    await view.waitForText('.list-page tbody', '暂无数据', 5000);
    click(view.find('.list-page button.create'));
    await waitFor(
      () => location.hash === `#/assets/assets/create?node=${nodeId}`,
      3000,
      'the create page for the node',
    );
    await switchStartsOn(view, 'is_active');
    slType(formControl(view, 'hostname'), hostname);
    slType(formControl(view, 'ip'), '127.9.8.7');
    await settle();
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '创建成功');
    const [asset] = await assetsNamed(hostname);
    expect(asset.nodes, 'filed under the node chosen in the tree').to.deep.equal([nodeId]);

    await resetConsole();
    await loginAs('admin');
    view = await mountConsole('/assets/assets');
    await waitForShell(view);
    const row = await waitFor(() => nodeRow(view, nodeId), 8000, 'our node under the root');
    expect(text(row.querySelector('.node-title'))).to.equal(`${nodeName} (1)`);
    click(row.querySelector('.node-title'));
    await waitFor(() => shownHostnames(view).join() === hostname, 5000, 'only our asset in the node');
    expect(view.textOf(`.list-page tr[data-id="${asset.id}"] td[data-prop="ip"]`)).to.equal('127.9.8.7');
  });
});

import { expect } from '@open-wc/testing';
import { defineResource } from '../../../src/core/resource/define.ts';
import { ListPage } from '../../../src/core/engine/list/ListPage.tsx';
import { acceptedCsv } from '../../../src/core/engine/list/ImportDialog.tsx';
import { setDownloader } from '../../../src/core/engine/api.ts';
import { text } from '../../helpers/dom.ts';
import type { FetchStub } from '../support/fetch-stub.ts';
import {
  bodyOf,
  cleanup,
  find,
  json,
  mount,
  params,
  serve,
  setAddress,
  settle,
  slType,
  toasts,
  waitFor,
  waitForEl,
  type Mounted,
} from './support.tsx';

const URL_ = '/api/v1/users/groups/';
const ID1 = '00000000-0000-4000-8000-0000000000a1';
const ID2 = '00000000-0000-4000-8000-0000000000a2';
const groups = defineResource({
  name: 'UserGroup',
  url: URL_,
  path: '/users/groups',
  list: { columns: ['name', 'comment', 'actions'], importExport: true, bulkUpdate: ['comment'] },
});
const META = {
  actions: {
    GET: { name: { type: 'string', label: '名称' }, comment: { type: 'string', label: '备注', filter: true } },
    POST: {
      name: { type: 'string', label: '名称', required: true, max_length: 128 },
      comment: { type: 'string', label: '备注', max_length: 128 },
    },
  },
};
const ROWS = [
  { id: ID1, name: 'ops', comment: '' },
  { id: ID2, name: 'dev', comment: '' },
];

function pickFile(input: HTMLInputElement, files: File[]) {
  const transfer = new DataTransfer();
  files.forEach((f) => transfer.items.add(f));
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('list dialogs', () => {
  let stub: FetchStub;
  let view: Mounted | undefined;
  let downloads: string[];
  const routes: Record<string, unknown> = {};

  beforeEach(() => {
    setAddress('/users/groups/');
    downloads = [];
    setDownloader((href) => downloads.push(href));
    Object.assign(routes, {
      [`OPTIONS ${URL_}`]: META,
      [`GET ${URL_}`]: { count: 2, results: ROWS },
      'POST /api/v1/common/resources/cache/': { spm: 'spm-9' },
    });
    stub = serve(routes);
  });
  afterEach(() => {
    setDownloader(null);
    cleanup(stub, view);
    for (const key of Object.keys(routes)) delete routes[key];
  });

  async function open(button: string, dialog: string) {
    view = mount(<ListPage resource={groups} params={{}} />);
    await waitForEl(view.root, `tr[data-id="${ID1}"]`);
    find(view.root, button).click();
    return waitForEl(view.root, dialog);
  }

  it('accepts exactly one .csv file', () => {
    const csv = new File(['a'], 'users.csv');
    expect(acceptedCsv([csv])).to.equal(csv);
    expect(acceptedCsv([new File(['a'], 'users.xlsx')])).to.equal(null);
    expect(acceptedCsv([csv, new File(['b'], 'more.csv')])).to.equal(null);
  });

  it('imports a CSV and lists the bad lines of a 400 as "line N. field: message"', async () => {
    routes[`POST ${URL_}`] = () => json(400, [{}, { name: ['This field is required.'] }]);
    const dialog = await open('button.import', 'sl-dialog.import-dialog');
    expect(text(find(dialog, '.help'))).to.equal('仅支持csv文件导入');
    find(dialog, 'a.template').click();
    expect(downloads).to.deep.equal([`${URL_}?format=csv&template=import&limit=1`]);
    pickFile(find(dialog, 'input.csv-file'), [new File(['名称\nops\n\n'], 'groups.csv', { type: 'text/csv' })]);
    await waitFor(() => !find(dialog, 'sl-button.confirm').hasAttribute('disabled'), 3000, 'the import button');
    find(dialog, 'sl-button.confirm').click();
    await waitForEl(dialog, '.import-errors li');
    expect(text(find(dialog, '.import-errors'))).to.equal('line 3. name: This field is required.');
    const sent = stub.sent.find((r) => r.method === 'POST' && r.url.includes(URL_))!;
    expect(sent.headers.get('content-type')).to.equal('text/csv');
    expect(sent.body).to.be.instanceOf(File);
  });

  it('shows the total of a big failed import next to the rows the server listed', async () => {
    routes[`POST ${URL_}`] = () => json(400, { count: 3000, results: [{}, { name: ['This field must be unique.'] }] });
    const dialog = await open('button.import', 'sl-dialog.import-dialog');
    pickFile(find(dialog, 'input.csv-file'), [new File(['名称\nops\n\n'], 'groups.csv', { type: 'text/csv' })]);
    await waitFor(() => !find(dialog, 'sl-button.confirm').hasAttribute('disabled'), 3000, 'the import button');
    find(dialog, 'sl-button.confirm').click();
    await waitForEl(dialog, '.import-errors li');
    expect(text(find(dialog, '.import-errors'))).to.equal('line 3. name: This field must be unique.');
    expect(text(find(dialog, '.import-error-count'))).to.equal('共 3000 行有错误，仅列出前 1 行');
  });

  it('updates from a CSV with PUT and reports how many rows it changed', async () => {
    routes[`PUT ${URL_}`] = () => json(200, [{ id: ID1 }, { id: ID2 }]);
    const dialog = await open('button.import', 'sl-dialog.import-dialog');
    slType(find(dialog, 'sl-radio-group'), 'update', ['sl-change']);
    await settle();
    find(dialog, 'a.template').click();
    await waitFor(() => downloads.length === 1, 3000, 'the update template');
    expect(downloads[0]).to.equal(`${URL_}?format=csv&template=update`);
    pickFile(find(dialog, 'input.csv-file'), [new File(['id,名称'], 'g.csv')]);
    await waitFor(() => !find(dialog, 'sl-button.confirm').hasAttribute('disabled'), 3000, 'the import button');
    find(dialog, 'sl-button.confirm').click();
    await waitFor(() => toasts().includes('success: 导入更新成功，总共：2'), 3000, 'the update message');
  });

  it('exports the filtered rows with the current filters, or the selected rows via spm', async () => {
    setAddress('/users/groups/?comment=x');
    const dialog = await open('button.export', 'sl-dialog.export-dialog');
    expect(
      [...dialog.querySelectorAll('sl-radio')].map((r) => (r as unknown as { value: string }).value),
    ).to.deep.equal(['selected', 'filtered']);
    expect((find(dialog, 'sl-radio-group') as unknown as { value: string }).value).to.equal('filtered');
    find(dialog, 'sl-button.confirm').click();
    await waitFor(() => downloads.length === 1, 3000, 'a download');
    expect(downloads[0]).to.equal(`${URL_}?format=csv&comment=x`);
  });

  it('offers "all" only without a filter and exports the selection through an spm', async () => {
    const dialog = await open('button.export', 'sl-dialog.export-dialog');
    expect(
      [...dialog.querySelectorAll('sl-radio')].map((r) => (r as unknown as { value: string }).value),
    ).to.deep.equal(['all', 'selected']);
    view!.unmount();
    view = mount(<ListPage resource={groups} params={{}} />);
    await waitForEl(view.root, `tr[data-id="${ID2}"]`);
    find(view.root, `tr[data-id="${ID2}"] input.select-row`).click();
    find(view.root, 'button.export').click();
    const second = await waitForEl(view.root, 'sl-dialog.export-dialog');
    find(second, 'sl-button.confirm').click();
    await waitFor(() => downloads.length === 1, 3000, 'a download');
    expect(downloads[0]).to.equal(`${URL_}?format=csv&spm=spm-9`);
    expect(bodyOf(stub.sent.find((r) => r.method === 'POST')!)).to.deep.equal({ resources: [ID2] });
  });

  it('bulk-updates only the ticked fields of the selected rows with one PATCH', async () => {
    routes[`PATCH ${URL_}`] = () => json(200, []);
    view = mount(<ListPage resource={groups} params={{}} />);
    await waitForEl(view.root, `tr[data-id="${ID1}"]`);
    find(view.root, 'input.select-all').click();
    find(view.root, '.menu-item.action-bulkUpdate').click();
    const dialog = await waitForEl(view.root, 'sl-dialog.bulk-update-dialog');
    expect(dialog.getAttribute('label')).to.equal('更新所选的 2 项');
    const tick = await waitForEl<HTMLInputElement>(dialog, '.bulk-field[data-field="comment"] input.tick');
    tick.click();
    await waitFor(() => !find(dialog, '.bulk-field sl-textarea').hasAttribute('disabled'), 3000, 'an enabled input');
    slType(find(dialog, '.bulk-field sl-textarea'), '  shared  ', ['sl-input', 'sl-change']);
    await settle();
    find(dialog, 'sl-button.confirm').click();
    await waitFor(() => stub.sent.some((r) => r.method === 'PATCH'), 3000, 'the PATCH');
    expect(bodyOf(stub.sent.find((r) => r.method === 'PATCH')!)).to.deep.equal([
      { id: ID1, comment: 'shared' },
      { id: ID2, comment: 'shared' },
    ]);
    expect(params(stub.sent.find((r) => r.method === 'PATCH')!)).to.deep.equal({});
  });
});

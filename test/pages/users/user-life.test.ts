// A user's whole life in the console, against the reference server, as the super admin.
import { expect } from '@open-wc/testing';
import { setDownloader } from '../../../src/core/engine/api.ts';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  settle,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import {
  USERS,
  answerConfirm,
  click,
  createUser,
  deleteUsers,
  fieldError,
  formControl,
  nativeType,
  rowOf,
  searchFor,
  shownUsernames,
  slType,
  usersNamed,
  waitForToast,
  type User,
} from './support.ts';

const unique = `life${Date.now().toString(36)}`;
const count = (view: MountedConsole) => view.findAll('.list-page tbody tr[data-id]').length;
const total = (view: MountedConsole) => view.textOf('.list-page .pager .total');

async function openList(path = '/users/users/'): Promise<MountedConsole> {
  const view = await mountConsole(path);
  await waitForShell(view);
  await waitFor(() => count(view) > 0, 8000, 'the first rows');
  return view;
}

describe('users: a user’s whole life', () => {
  before(() => loginAs('admin'));
  afterEach(async () => {
    setDownloader(null);
    await resetConsole();
    await loginAs('admin');
  });
  after(async () => {
    await deleteUsers(unique);
    await resetConsole();
  });

  it('creates through the form: required message, the server’s 400 per field, then success', async () => {
    const view = await mountConsole('/users/users/create');
    await waitForShell(view);
    await waitFor(() => formControl(view, 'email'), 8000, 'the form');
    expect(formControl(view, 'password'), 'password hidden while the strategy is e-mail').to.equal(null);
    slType(formControl(view, 'name'), `${unique} One`);
    slType(formControl(view, 'username'), 'admin');
    click(view.find('.form-page sl-button.submit'));
    await waitFor(() => fieldError(view, 'email') === '这个字段是必填项', 3000, 'the required message');

    slType(formControl(view, 'email'), 'admin@bastion.example.com');
    click(view.find('.form-page sl-button.submit'));
    const refused = await api<Record<string, string[]>>('POST', USERS, {
      name: 'x',
      username: 'admin',
      email: 'admin@bastion.example.com',
    });
    expect(refused.status).to.equal(400);
    await waitFor(
      () => fieldError(view, 'username') === refused.data.username.join('; '),
      5000,
      'the username message',
    );
    expect(fieldError(view, 'email')).to.equal(refused.data.email.join('; '));
    expect((formControl(view, 'name') as unknown as { value: string }).value, 'typed values kept').to.equal(
      `${unique} One`,
    );

    slType(formControl(view, 'username'), ` ${unique}1 `);
    slType(formControl(view, 'email'), `${unique}1@example.com`);
    slType(formControl(view, 'password_strategy', 'sl-radio-group'), '1', ['sl-change']);
    await waitFor(() => formControl(view, 'password'), 2000, 'the password field');
    slType(formControl(view, 'password'), 'Life-pass-123');
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '创建成功');
    await waitFor(() => location.hash.replace(/\/$/, '') === '#/users/users', 3000, 'back to the list');
    const [created] = await usersNamed(`${unique}1`);
    expect([created.username, created.name, created.email]).to.deep.equal([
      `${unique}1`,
      `${unique} One`,
      `${unique}1@example.com`,
    ]);
  });

  it('searches, filters by tag, changes the page size and sorts', async () => {
    await createUser({
      username: `${unique}2`,
      name: `${unique} Two`,
      email: `${unique}2@example.com`,
      source: 'ldap',
    });
    await createUser({ username: `${unique}3`, name: `${unique} Three`, email: `${unique}3@example.com` });
    const view = await openList();
    const all = (await api<{ count: number }>('GET', `${USERS}?limit=1&offset=0`)).data.count;
    expect(total(view)).to.equal(`共 ${all} 条`);
    expect(count(view)).to.equal(Math.min(all, 15));
    nativeType(view.find('.list-page select.page-size'), '30', 'change');
    await waitFor(() => count(view) === Math.min(all, 30), 3000, 'a page of 30');

    searchFor(view, unique);
    await waitFor(() => shownUsernames(view).length === 3, 3000, 'the three users');
    expect(location.hash).to.contain(`search=${unique}`);
    nativeType(view.find('.list-page select.filter-field'), 'source', 'change');
    await waitFor(() => view.find('.list-page select.filter-value'), 2000, 'the source values');
    nativeType(view.find('.list-page select.filter-value'), 'ldap', 'change');
    await waitFor(() => shownUsernames(view).join() === `${unique}2`, 3000, 'only the ldap user');
    expect(location.hash).to.contain('source=ldap');

    click(view.find('.list-page .filter-tag[data-field="source"] button.remove'));
    await waitFor(() => shownUsernames(view).length === 3, 3000, 'the three again');
    click(view.find('.list-page th[data-prop="username"]'));
    await waitFor(
      () => shownUsernames(view).join() === [1, 2, 3].map((n) => `${unique}${n}`).join(),
      3000,
      'ascending',
    );
    click(view.find('.list-page th[data-prop="username"]'));
    await waitFor(
      () => shownUsernames(view).join() === [3, 2, 1].map((n) => `${unique}${n}`).join(),
      3000,
      'descending',
    );
    expect(view.find('.list-page th[data-prop="username"]')!.getAttribute('aria-sort')).to.equal('descending');
  });

  it('updates the selected users in bulk and disables them', async () => {
    const view = await openList(`/users/users/?search=${unique}`);
    await waitFor(() => shownUsernames(view).length === 3, 3000, 'our users');
    click(view.find('.list-page input.select-all'));
    click(view.find('.list-page .header-actions .menu-item.action-bulkUpdate'));
    const comment = await waitFor(
      () => view.find('.bulk-update-dialog .bulk-field[data-field="comment"]'),
      3000,
      'the comment field',
    );
    click(comment.querySelector('input.tick'));
    await waitFor(
      () => !(comment.querySelector('sl-textarea') as unknown as { disabled: boolean }).disabled,
      2000,
      'the enabled field',
    );
    slType(comment.querySelector('sl-textarea'), `bulk ${unique}`);
    await settle(); // a user never clicks in the same task as typing
    click(view.find('.bulk-update-dialog sl-button.confirm'));
    await waitForToast('success', '更新成功');
    expect((await usersNamed(unique)).map((u) => u.comment)).to.deep.equal(Array(3).fill(`bulk ${unique}`));

    click(view.find('.list-page .header-actions .menu-item.action-deactivate'));
    await waitFor(async () => (await usersNamed(unique)).every((u) => !u.is_active), 3000, 'every user disabled');
    click(view.find('.list-page .header-actions .menu-item.action-activate'));
    await waitFor(async () => (await usersNamed(unique)).every((u) => u.is_active), 3000, 'every user active again');
  });

  it('exports, and an import with one bad line says which line and writes nothing', async () => {
    const hrefs: string[] = [];
    setDownloader((href) => hrefs.push(href));
    const view = await openList(`/users/users/?search=${unique}`);
    await waitFor(() => shownUsernames(view).length === 3, 3000, 'our users');
    click(view.find('.list-page button.export'));
    click(await waitFor(() => view.find('.export-dialog sl-button.confirm'), 2000, 'the export dialog'));
    await waitFor(() => hrefs.length === 1, 3000, 'the download');
    expect(hrefs[0]).to.contain('format=csv').and.to.contain(`search=${unique}`);
    const exported = (await (await fetch(hrefs[0])).text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(exported.length, 'header + our 3 users').to.equal(4);

    // The same rows as new users (blank ids, new names); the second data row gets a broken e-mail.
    const copies = exported.slice(1, 3).map((line) => line.replace(/^[^,]*/, '').replaceAll(unique, `${unique}x`));
    copies[1] = copies[1].replace(new RegExp(`${unique}x\\d@example\\.com`), 'not-an-email');
    const csv = [exported[0], ...copies].join('\n');
    click(view.find('.list-page button.import'));
    const input = await waitFor(
      () => view.find<HTMLInputElement>('.import-dialog input.csv-file'),
      2000,
      'the import dialog',
    );
    const files = new DataTransfer();
    files.items.add(new File([csv], 'users.csv', { type: 'text/csv' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(
      () => !(view.find('.import-dialog sl-button.confirm') as unknown as { disabled: boolean }).disabled,
      2000,
      'the upload button',
    );
    click(view.find('.import-dialog sl-button.confirm'));
    const errors = await waitFor(() => view.find('.import-dialog .import-errors'), 5000, 'the line errors');
    expect(text(errors)).to.match(/^line 3\. email: /);
    expect(await usersNamed(`${unique}x`), 'nothing written').to.deep.equal([]);
  });

  it('deletes one user, then the rest in bulk', async () => {
    const view = await openList(`/users/users/?search=${unique}`);
    await waitFor(() => shownUsernames(view).length === 3, 3000, 'our users');
    const [first, ...rest] = (await usersNamed(unique)).sort((a, b) => a.username.localeCompare(b.username)) as User[];
    click(rowOf(view, first.id)!.querySelector('button.action-delete'));
    expect(await answerConfirm()).to.equal(`你确定要删除 "${first.name}" ?`);
    await waitForToast('success', '删除成功');
    await waitFor(() => shownUsernames(view).length === 2, 3000, 'two left');
    expect((await api('GET', `${USERS}${first.id}/`)).status).to.equal(404);

    click(view.find('.list-page input.select-all'));
    click(view.find('.list-page .header-actions .menu-item.action-bulkDelete'));
    expect(await answerConfirm()).to.equal('你确定要删除 2 行 ?');
    await waitForToast('success', '批量删除成功');
    await waitFor(() => text(view.find('.list-page tbody')).includes('暂无数据'), 3000, 'the emptied list');
    expect((await usersNamed(unique)).map((u) => u.id)).to.deep.equal([]);
    expect(rest).to.have.length(2);
  });
});

// Against the reference server: a system user's detail page as 2.3 has it: translated login mode,
// an auto-push switch (PATCH auto_push) and a command filters card (PATCH cmd_filters).
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
import { click, nativeType, waitForToast } from '../users/support.ts';
import { CMD_FILTERS, create, removeAll, uniqueName } from './support/api.ts';

const SYSTEM_USERS = '/api/v1/assets/system-users/';
const prefix = uniqueName('sudet');
type SystemUser = { id: string; auto_push: boolean; cmd_filters: string[] };

const held = async (id: string) => (await api<SystemUser>('GET', `${SYSTEM_USERS}${id}/`)).data;
const members = (view: MountedConsole) =>
  view.findAll('.relation-card .member').map((member) => text(member.querySelector('span')));

describe("assets: a system user's detail side cards (real server)", () => {
  const made: string[] = [];
  before(() => loginAs('admin'));
  after(async () => {
    await removeAll(made.reverse());
    await resetConsole();
  });

  it('shows the login mode in words, switches auto push and adds and removes a command filter', async () => {
    const filter = await create<{ id: string; name: string }>(CMD_FILTERS, { name: `${prefix}-filter` });
    const systemUser = await create(SYSTEM_USERS, {
      name: prefix,
      username: prefix,
      login_mode: 'auto',
      protocol: 'ssh',
      password: 'Sample-pass-1',
    });
    made.push(`${CMD_FILTERS}${filter.id}/`, `${SYSTEM_USERS}${systemUser.id}/`);
    expect((await held(systemUser.id)).auto_push).to.equal(true);

    const view = await mountConsole(`/assets/system-users/${systemUser.id}`);
    await waitForShell(view);
    await view.waitForText('.detail-card tr[data-field="login_mode_display"] td', '自动登录', 8000);
    // The labels come with the list metadata, asked for beside the object.
    await view.waitForText('.detail-card tr[data-field="login_mode_display"] th', '登录模式', 5000);

    const row = await waitFor(
      () => view.findAll('.quick-actions .quick-action').find((r) => text(r).startsWith('自动推送')),
      5000,
      'the auto push switch',
    );
    const toggle = row.querySelector('sl-switch') as HTMLElement & { checked: boolean };
    expect(toggle.checked).to.equal(true);
    toggle.checked = false;
    toggle.dispatchEvent(new CustomEvent('sl-change', { bubbles: true, composed: true }));
    await waitForToast('success', '更新成功');
    await waitFor(async () => (await held(systemUser.id)).auto_push === false, 3000, 'auto_push off on the server');

    expect(text(view.find('.relation-card h3'))).to.equal('命令过滤器');
    const input = await waitFor(
      () => view.find<HTMLInputElement>('.relation-card input.combo-input'),
      5000,
      'the filter picker',
    );
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    nativeType(input, filter.name);
    click(
      await waitFor(
        () => view.findAll('.relation-card li[role="option"]').find((li) => text(li) === filter.name),
        5000,
        'the filter option',
      ),
    );
    await settle();
    click(view.find('.relation-card sl-button.add'));
    await waitForToast('success', '添加成功');
    await waitFor(() => members(view).includes(filter.name), 5000, 'the filter on the card');
    expect((await held(systemUser.id)).cmd_filters).to.deep.equal([filter.id]);

    click(view.find(`.relation-card .member[data-id="${filter.id}"] sl-button.remove`));
    await waitForToast('success', '移除成功');
    await waitFor(() => members(view).length === 0, 5000, 'the card empty again');
    expect((await held(systemUser.id)).cmd_filters).to.deep.equal([]);
  });
});

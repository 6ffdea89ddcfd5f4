// A user's detail page (quick actions, groups card) and a group with members, against the reference server.
import { expect } from '@open-wc/testing';
import { $toasts } from '../../../src/core/stores/notify.ts';
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
  GROUPS,
  RELATIONS,
  USERS,
  answerConfirm,
  click,
  createUser,
  deleteUsers,
  nativeType,
  waitForToast,
} from './support.ts';

const unique = `det${Date.now().toString(36)}`;
type Relation = { id: number; user: string; usergroup: string; user_display: string };

async function createGroup(name: string): Promise<string> {
  const response = await api<{ id: string }>('POST', GROUPS, { name, comment: 'test' });
  if (response.status !== 201) throw new Error(`create group: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data.id;
}

const relationsOf = async (filter: string) => (await api<Relation[]>('GET', `${RELATIONS}?${filter}`)).data;

/** Picks an option in the relation card's remote select by typing part of its label. */
async function pickInRelation(view: MountedConsole, search: string, label: string): Promise<void> {
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

const quickButton = (view: MountedConsole, title: string) =>
  view
    .findAll('.quick-actions .quick-action')
    .find((row) => text(row).startsWith(title))
    ?.querySelector('sl-button, sl-switch') ?? null;

describe('users: detail page and groups', () => {
  before(() => loginAs('admin'));
  afterEach(async () => {
    await resetConsole();
    await loginAs('admin');
  });
  after(async () => {
    await deleteUsers(unique);
    for (const group of (await api<{ id: string }[]>('GET', `${GROUPS}?search=${unique}`)).data)
      await api('DELETE', `${GROUPS}${group.id}/`);
    await resetConsole();
  });

  it('shows the user and acts on it: active switch, reset MFA, reset password note, unblock, groups card', async () => {
    const user = await createUser({ username: `${unique}u`, name: `${unique} User`, email: `${unique}u@example.com` });
    const groupId = await createGroup(`${unique} team`);
    const view = await mountConsole(`/users/users/${user.id}`);
    await waitForShell(view);
    await view.waitForText('.detail-page .detail-card tr[data-field="username"]', `${unique}u`, 8000);
    expect(view.textOf('.detail-page h2.title')).to.equal(`用户详情: ${unique} User`);

    const active = quickButton(view, '激活中') as HTMLElement & { checked: boolean };
    expect(active.checked).to.equal(true);
    active.checked = false;
    active.dispatchEvent(new CustomEvent('sl-change', { bubbles: true, composed: true }));
    await waitForToast('success', '更新成功');
    expect((await api<{ is_active: boolean }>('GET', `${USERS}${user.id}/`)).data.is_active).to.equal(false);

    click(quickButton(view, '重置多因子认证'));
    await waitForToast('success', '重置MFA成功');

    // No e-mail is configured on the test server: the note says so in the server's words.
    const expected = (await api<{ msg: string; mail_sent: boolean }>('PUT', `${USERS}${user.id}/password/reset/`)).data;
    expect(expected.mail_sent).to.equal(false);
    click(quickButton(view, '发送重置密码邮件'));
    expect(await answerConfirm()).to.contain(`${unique} User`);
    await waitForToast('warning', expected.msg);

    expect((quickButton(view, '解除登录限制') as unknown as { disabled: boolean }).disabled, 'not blocked').to.equal(
      true,
    );

    await pickInRelation(view, `${unique} team`, `${unique} team`);
    click(view.find('.relation-card sl-button.add'));
    await waitForToast('success', '添加成功');
    await view.waitForText('.relation-card .member', `${unique} team`);
    const [added] = await relationsOf(`user=${user.id}`);
    expect(added.usergroup).to.equal(groupId);
    click(view.find(`.relation-card .member[data-id="${added.id}"] sl-button.remove`));
    await waitForToast('success', '移除成功');
    await waitFor(() => view.findAll('.relation-card .member').length === 0, 3000, 'the group gone from the card');
    expect(await relationsOf(`user=${user.id}`)).to.deep.equal([]);
  });

  it('creates a group in the form and manages its members on the detail page', async () => {
    const member = await createUser({
      username: `${unique}m`,
      name: `${unique} Member`,
      email: `${unique}m@example.com`,
    });
    const view = await mountConsole('/users/groups/create');
    await waitForShell(view);
    const name = await waitFor(() => view.find('.form-item[data-field="name"] sl-input'), 8000, 'the group form');
    (name as unknown as { value: string }).value = `${unique} crew`;
    for (const event of ['sl-input', 'sl-change'])
      name.dispatchEvent(new CustomEvent(event, { bubbles: true, composed: true }));
    await settle();
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '创建成功');
    const [group] = (await api<{ id: string; name: string }[]>('GET', `${GROUPS}?search=${unique}%20crew`)).data;
    expect(group.name).to.equal(`${unique} crew`);

    await resetConsole();
    await loginAs('admin');
    const detail = await mountConsole(`/users/groups/${group.id}`);
    await waitForShell(detail);
    await detail.waitForText('.detail-page h2.title', `${unique} crew`, 8000);
    await pickInRelation(detail, `${unique} Member`, `${unique} Member`);
    click(detail.find('.relation-card sl-button.add'));
    await waitForToast('success', '添加成功');
    await detail.waitForText('.relation-card .member', `${unique} Member`);
    await detail.waitForText('.detail-card tr[data-field="users_amount"]', '1');
    const [relation] = await relationsOf(`usergroup=${group.id}`);
    expect(relation.user).to.equal(member.id);

    $toasts.set([]);
    click(detail.find(`.relation-card .member[data-id="${relation.id}"] sl-button.remove`));
    await waitForToast('success', '移除成功');
    await waitFor(() => detail.findAll('.relation-card .member').length === 0, 3000, 'no members left');
    expect(await relationsOf(`usergroup=${group.id}`)).to.deep.equal([]);
  });
});

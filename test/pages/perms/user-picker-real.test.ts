// Against the reference server: the asset-permission form's user picker finds a user by username as
// well as by display name, and shows each as `name(username)` (2.3's picker), so the account a username
// search found is the one the option names.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import { mountConsole, resetConsole, waitForShell } from '../../elements/support/console-fixture.ts';
import { nativeType, click, formControl, slType, waitForToast } from '../users/support.ts';
import { create, removeAll, uniqueName } from '../assets/support/api.ts';
import { ASSET_PERMISSIONS, SYSTEM_USERS, pickField } from './support.ts';

const USERS = '/api/v1/users/users/';
const prefix = uniqueName('upick');

describe('perms: the user picker (real server)', () => {
  const made: string[] = [];
  let user: { id: string; username: string; name: string };
  let systemUser: { id: string; name: string };
  before(async () => {
    await loginAs('admin');
    // A display name that shares nothing with the username.
    user = await create(USERS, {
      username: `${prefix}acct`,
      name: `Wang Fang ${prefix.slice(-4)}`,
      email: `${prefix}@example.com`,
      password_strategy: 1,
      password: 'Test-pass-1',
    });
    systemUser = await create(SYSTEM_USERS, {
      name: `${prefix}-su`,
      username: `${prefix}su`,
      login_mode: 'manual',
      protocol: 'ssh',
    });
    made.push(`${SYSTEM_USERS}${systemUser.id}/`, `${USERS}${user.id}/`);
  });
  after(async () => {
    await loginAs('admin');
    const left = await api<{ id: string }[]>('GET', `${ASSET_PERMISSIONS}?search=${prefix}`);
    await removeAll([...left.data.map((p) => `${ASSET_PERMISSIONS}${p.id}/`), ...made]);
    await resetConsole();
  });

  it('finds a user by username, names the option name(username) and grants that user', async () => {
    const view = await mountConsole('/perms/asset-permissions/create');
    await waitForShell(view);
    const label = `${user.name}(${user.username})`;
    const input = await waitFor(
      () => view.find<HTMLInputElement>('.form-item[data-field="users"] input.combo-input'),
      8000,
      'the user picker',
    );
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    nativeType(input, user.username);
    const options = () => view.findAll('.form-item[data-field="users"] li[role="option"]').map((li) => text(li));
    await waitFor(() => options().includes(label), 5000, `the option ${label}`);
    expect(options(), 'only the account searched for').to.deep.equal([label]);
    nativeType(input, user.name);
    await waitFor(() => options().join() === label, 5000, 'found by display name too');

    await pickField(view, 'users', user.username, label);
    // The chip names the user once the picked row's label is in (a loaded run read it a moment before).
    const chips = () =>
      view.findAll('.form-item[data-field="users"] .chip').map((chip) => text(chip).replace(/×$/, '').trim());
    await waitFor(() => chips().join() === label, 5000, `the chip ${label}`);
    expect(chips()).to.deep.equal([label]);
    slType(formControl(view, 'name'), `${prefix}-p`);
    await pickField(view, 'system_users', systemUser.name);
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '创建成功', 8000);
    const [saved] = (await api<{ users: string[] }[]>('GET', `${ASSET_PERMISSIONS}?name=${prefix}-p`)).data;
    expect(saved.users).to.deep.equal([user.id]);
  });
});

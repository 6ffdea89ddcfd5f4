// Against the reference server: an admin who renames their own account in the user form sees the
// new name in the top bar at once (the profile store is read again), without reloading the page.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs, type Profile } from '../../helpers/server.ts';
import { mountConsole, resetConsole, settle, waitForShell } from '../../elements/support/console-fixture.ts';
import { USERS, click, formControl, slType, waitForToast } from './support.ts';

describe("users: editing one's own account", () => {
  let me: Profile;
  before(async () => {
    me = await loginAs('admin');
  });
  after(async () => {
    await api('PATCH', `${USERS}${me.id}/`, { name: me.name });
    await resetConsole();
  });

  it('shows the new name in the top bar once the own record is saved', async () => {
    const renamed = `${me.name} ${Date.now().toString(36)}`;
    const view = await mountConsole(`/users/users/${me.id}/update`);
    await waitForShell(view);
    await waitFor(() => text(view.find('.account-menu')) === me.name, 8000, 'the current name in the top bar');
    const name = await waitFor(() => formControl(view, 'name'), 8000, 'the form');
    await waitFor(() => (name as unknown as { value: string }).value === me.name, 8000, 'the loaded record');
    slType(name, renamed);
    await settle();
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '更新成功');
    await waitFor(() => text(view.find('.account-menu')) === renamed, 5000, 'the new name in the top bar');
    expect((await api<{ name: string }>('GET', `${USERS}${me.id}/`)).data.name).to.equal(renamed);
  });
});

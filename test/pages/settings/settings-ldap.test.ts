// Against the reference server and a real OpenLDAP (scripts/wtr/ldap-fixture.mjs starts slapd on a loopback
// port): the super admin's LDAP tab tests the connection and a user's login, then imports a directory
// user from the "LDAP user list" dialog, which waits out the server's first 409 "Sync start." answer.
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import { mountConsole, resetConsole, typeInto, waitForShell } from '../../elements/support/console-fixture.ts';

const SETTING = '/api/v1/settings/setting/';
const USERS = '/api/v1/users/users/';

interface Slapd {
  port: number;
  settings: Record<string, unknown>;
  people: { uid: string; cn: string; mail: string }[];
}
interface UserRow {
  id: string;
  username: string;
  source: string;
  email: string;
}

async function importedUser(username: string): Promise<UserRow | undefined> {
  const found = await api<UserRow[]>('GET', `${USERS}?username=${encodeURIComponent(username)}`, undefined, {
    org: 'ROOT',
  });
  return Array.isArray(found.data) ? found.data.find((u) => u.username === username) : undefined;
}

describe('settings page: LDAP (real server, real slapd)', () => {
  afterEach(async () => {
    // Leave the shared server as the other test files expect it: LDAP sign-in off, no directory users.
    await loginAs('admin');
    await api('PATCH', SETTING, { ldap: { AUTH_LDAP: false } });
    for (const uid of ['ldap.alice']) {
      const user = await importedUser(uid);
      if (user) await api('DELETE', `${USERS}${user.id}/`, undefined, { org: 'ROOT' });
    }
    await resetConsole();
  });

  it('tests the connection and a login, then imports a directory user from the LDAP user list', async () => {
    const slapd = await executeServerCommand<Slapd, unknown>('slapd-start');
    const alice = slapd.people.find((p) => p.uid === 'ldap.alice')!;
    await loginAs('admin');
    const saved = await api('PATCH', SETTING, { ldap: slapd.settings });
    expect(saved.status).to.equal(200);

    const view = await mountConsole('/settings/?activeTab=ldap');
    await waitForShell(view);
    const button = (name: string) =>
      waitFor(() => view.find<HTMLElement>(`.settings-form sl-button.${name}`), 8000, `the ${name} button`);
    expect(text(await button('ldap-test-config'))).to.equal('测试连接');

    // Test connection: the form's values (the bind password left blank = the stored one).
    (await button('ldap-test-config')).click();
    await view.waitForText('.ldap-test-result.ok', `成功匹配 ${slapd.people.length} 个用户`, 10000);

    // Test login: a directory user's own password.
    (await button('ldap-test-login')).click();
    const loginDialog = await waitFor(() => view.find('.ldap-login-dialog'), 5000, 'the login dialog');
    await typeInto(loginDialog.querySelector('sl-input.ldap-username'), alice.uid);
    await typeInto(loginDialog.querySelector('sl-input.ldap-password'), 'wrong-password');
    loginDialog.querySelector<HTMLElement>('sl-button.confirm')!.click();
    await view.waitForText('.ldap-login-result.failed', '认证失败 (用户名或密码不正确)', 10000);
    await typeInto(loginDialog.querySelector('sl-input.ldap-password'), 'alice-dir-pass');
    loginDialog.querySelector<HTMLElement>('sl-button.confirm')!.click();
    await view.waitForText('.ldap-login-result.ok', `认证成功: ${alice.uid}`, 10000);
    loginDialog.querySelector<HTMLElement>('sl-button:not(.confirm)')!.click();
    await waitFor(() => !view.find('.ldap-login-dialog'), 5000, 'the login dialog to close');

    // Import: the list arrives once the server's sync is done; the new user is not marked existing yet.
    (await button('ldap-import')).click();
    const row = () => view.find(`.ldap-import-dialog tr[data-id="${alice.uid}"]`);
    await waitFor(row, 15000, 'the directory users');
    expect(view.findAll('.ldap-import-dialog tbody tr').length).to.equal(slapd.people.length);
    expect(text(row()!.querySelector('td[data-prop="email"]'))).to.equal(alice.mail);
    expect(row()!.querySelector('td[data-prop="existing"] .bool-false')).to.not.equal(null);

    row()!.querySelector<HTMLInputElement>('input.select-row')!.click();
    view.find<HTMLElement>('.ldap-import-dialog sl-button.confirm')!.click();
    await view.waitForText('.ldap-import-result.ok', '导入 1 个用户成功', 10000);
    await waitFor(
      () => row()?.querySelector('td[data-prop="existing"] .bool-true'),
      8000,
      'the imported user marked existing',
    );

    const user = await importedUser(alice.uid);
    expect(user?.source).to.equal('ldap');
    expect(user?.email).to.equal(alice.mail);
  });
});

// The provisional Dashboard: organisations and role summary from the session.
import { expect } from '@open-wc/testing';
import { loginAs } from '../helpers/server.ts';
import { text } from '../helpers/dom.ts';
import { mountConsole, resetConsole, waitForShell } from '../elements/support/console-fixture.ts';

describe('dashboard page', () => {
  afterEach(resetConsole);

  it('shows a super admin their organisations and roles', async () => {
    const profile = (await loginAs('admin')) as unknown as {
      role_display: string;
      admin_or_audit_orgs: { name: string }[];
    };
    const view = await mountConsole('/dashboard');
    await waitForShell(view);
    await view.waitForText('.role-summary [data-field="role"] td', profile.role_display);
    expect(text(view.find('.role-summary [data-field="current-org"] td'))).to.equal('DEFAULT');
    expect(text(view.find('.role-summary [data-field="org-roles"] td'))).to.equal('管理员');
    expect(view.findAll('.org-list li').map((li) => text(li))).to.deep.equal(
      profile.admin_or_audit_orgs.map((o) => o.name),
    );
  });
});

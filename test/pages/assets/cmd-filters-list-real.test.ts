// Against the reference server: the command filter list shows how many rules and system users a
// filter has (as 2.3 does), never their ids.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { loginAs } from '../../helpers/server.ts';
import { mountConsole, resetConsole, waitForShell } from '../../elements/support/console-fixture.ts';
import { searchFor } from '../users/support.ts';
import { CMD_FILTERS, create, removeAll, uniqueName } from './support/api.ts';

const SYSTEM_USERS = '/api/v1/assets/system-users/';
const prefix = uniqueName('cfcount');

describe('assets: command filter list counts (real server)', () => {
  const made: string[] = [];
  before(() => loginAs('admin'));
  after(async () => {
    await removeAll(made.reverse());
    await resetConsole();
  });

  it('shows the number of rules and of system users where the API gives ids', async () => {
    const systemUser = await create(SYSTEM_USERS, {
      name: `${prefix}-su`,
      username: prefix,
      login_mode: 'manual',
      protocol: 'ssh',
    });
    made.push(`${SYSTEM_USERS}${systemUser.id}/`);
    const filter = await create(CMD_FILTERS, { name: prefix, system_users: [systemUser.id] });
    made.push(`${CMD_FILTERS}${filter.id}/`);
    for (const content of ['rm -rf /', 'reboot'])
      await create(`${CMD_FILTERS}${filter.id}/rules/`, { filter: filter.id, content, action: 0 });

    const view = await mountConsole('/assets/cmd-filters');
    await waitForShell(view);
    await waitFor(() => view.find('.list-page input.search-input'), 8000, 'the list');
    searchFor(view, prefix);
    const row = await waitFor(() => view.find(`.list-page tr[data-id="${filter.id}"]`), 8000, 'the filter row');
    await waitFor(() => text(row.querySelector('td[data-prop="rules"]')) !== '', 3000, 'the rules cell');
    expect(text(row.querySelector('td[data-prop="rules"]'))).to.equal('2');
    expect(text(row.querySelector('td[data-prop="system_users"]'))).to.equal('1');
    expect(text(row), 'no ids in the row').not.to.contain(systemUser.id);
  });
});

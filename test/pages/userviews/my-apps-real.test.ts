// Against the reference server: a database app granted to a user through a database-app permission
// shows on the user's My apps (databases) with its system user and a connect link for the terminal.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { loginAs } from '../../helpers/server.ts';
import { mountConsole, resetConsole, waitForShell } from '../../elements/support/console-fixture.ts';
import { create, uniqueName } from '../assets/support/api.ts';
import { USERS } from '../users/support.ts';
import { SYSTEM_USERS, cleanUp, makeUser, signInAs } from './support.ts';

const DATABASE_APPS = '/api/v1/applications/database-apps/';
const DATABASE_APP_PERMS = '/api/v1/perms/database-app-permissions/';

describe('user page: My apps of a user granted a database (real server)', () => {
  const made: string[] = [];
  after(async () => {
    await cleanUp(made);
    await resetConsole();
  });

  it('lists the granted database with its system user and a connect link', async () => {
    const prefix = uniqueName('ua');
    await loginAs('admin');
    const user = await makeUser(`${prefix}u`);
    const app = await create<{ id: string; name: string }>(DATABASE_APPS, {
      name: `${prefix}-db`,
      type: 'mysql',
      host: '127.61.0.9',
      port: 3306,
      database: 'shop',
    });
    const other = await create(DATABASE_APPS, {
      name: `${prefix}-other`,
      type: 'mysql',
      host: '127.61.0.10',
      port: 3306,
      database: 'other',
    });
    const systemUser = await create<{ id: string; name: string; username: string }>(SYSTEM_USERS, {
      name: `${prefix}su`,
      username: `${prefix}su`,
      login_mode: 'manual',
      protocol: 'mysql',
    });
    const permission = await create(DATABASE_APP_PERMS, {
      name: prefix,
      users: [user.id],
      database_apps: [app.id],
      system_users: [systemUser.id],
    });
    made.push(`${DATABASE_APP_PERMS}${permission.id}/`, `${USERS}${user.id}/`, `${SYSTEM_USERS}${systemUser.id}/`);
    made.push(`${DATABASE_APPS}${app.id}/`, `${DATABASE_APPS}${other.id}/`);

    await signInAs(user.username);
    const view = await mountConsole('/apps/database');
    await waitForShell(view);
    await view.waitForText('.my-apps-page h2', '数据库');
    const names = () => view.findAll('.my-apps-page tbody tr[data-id] td[data-prop="name"]').map((td) => text(td));
    await waitFor(() => names().join() === app.name, 8000, 'only the granted database');
    const row = `.my-apps-page tr[data-id="${app.id}"]`;
    expect(view.textOf(`${row} td[data-prop="host"]`)).to.equal('127.61.0.9:3306');
    expect(view.textOf(`${row} td[data-prop="database"]`)).to.equal('shop');
    await view.waitForText(`${row} td[data-prop="system_users"]`, `${systemUser.name}(${systemUser.username})`);
    const connect = view.find(`${row} sl-button.connect`) as unknown as { href: string; target: string } | null;
    expect([connect?.href, connect?.target]).to.deep.equal([`/luna/?type=database_app&login_to=${app.id}`, '_blank']);
  });
});

// My apps → Connect on a database app, as a granted user meets it: the web terminal page
// (/luna/?type=database_app&login_to=<app>) served by the reference server in an iframe opens a SQL
// session to a private MariaDB through the terminal component; a statement typed into the xterm runs and
// its rows show; the session is recorded with protocol mysql. Kubernetes and remote apps say in words
// what this terminal cannot carry.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { waitFor } from '../../helpers/dom.ts';
import { api, loginAs, logout } from '../../helpers/server.ts';
import { create, removeAll, uniqueName } from '../assets/support/api.ts';
import { SYSTEM_USERS, makeUser, signInAs } from '../userviews/support.ts';
import { USERS } from '../users/support.ts';
import { loadPage, screenLines, startWorld, type LoadedPage } from './support/fixture.ts';

const DATABASE_APPS = '/api/v1/applications/database-apps/';
const DATABASE_PERMS = '/api/v1/perms/database-app-permissions/';
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
type Session = { is_finished: boolean; login_from: string; protocol: string; asset: string };

describe('web terminal page: database apps', function () {
  this.timeout(90_000);
  let page: LoadedPage | undefined;
  const made: string[] = [];

  before(async function () {
    if ((await fetch('/ui/bastion-web-terminal.js', { method: 'HEAD' })).status !== 200) this.skip(); // no build: `npm test` builds first
  });
  afterEach(() => page?.frame.remove());
  after(async () => {
    await logout();
    await loginAs('admin');
    await removeAll(made.splice(0));
    await logout();
  });

  it('Connect on a granted database app opens a recorded SQL session whose rows show', async () => {
    const world = await startWorld();
    await logout();
    await loginAs('admin');
    const prefix = uniqueName('db');
    const member = await makeUser(`${prefix}m`);
    const app = await create<{ id: string; name: string }>(DATABASE_APPS, {
      name: `${prefix}-shop`,
      type: 'mysql',
      host: world.mariadb.host,
      port: world.mariadb.port,
      database: world.mariadb.database,
    });
    const systemUser = await create<{ id: string }>(SYSTEM_USERS, {
      name: `${prefix}-mysql`,
      username: world.mariadb.username,
      password: world.mariadb.password,
      protocol: 'mysql',
      login_mode: 'auto',
    });
    const permission = await create<{ id: string }>(DATABASE_PERMS, {
      name: prefix,
      users: [member.id],
      database_apps: [app.id],
      system_users: [systemUser.id],
    });
    made.push(
      `${DATABASE_PERMS}${permission.id}/`,
      `${DATABASE_APPS}${app.id}/`,
      `${SYSTEM_USERS}${systemUser.id}/`,
      `${USERS}${member.id}/`,
    );
    await signInAs(member.username);

    page = await loadPage(`/luna/?type=database_app&login_to=${app.id}`);
    const root = await waitFor(() => page!.root(), 15000, 'the web terminal element');
    const screen = () => screenLines(root).filter(Boolean).join(' | ');
    await waitFor(
      () => screenLines(root).some((line) => line.startsWith('MariaDB [shop]>')),
      20000,
      'the SQL prompt',
    ).catch((error) => {
      throw new Error(`${error.message}: ${screen()} ${text(root.querySelector('.webterm-banner'))}`);
    });
    root.querySelector<HTMLTextAreaElement>('.xterm-helper-textarea')!.focus();
    await sendKeys({ type: 'select name from t order by id;' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => screenLines(root).some((line) => line.startsWith('2 rows in set')), 15000, 'the rows').catch(
      (error) => {
        throw new Error(`${error.message}: ${screen()}`);
      },
    );
    expect(screenLines(root).some((line) => /^\| beta +\|$/.test(line))).to.equal(true);
    expect(page.violations).to.deep.equal([]);
    page.frame.remove();

    // /luna/ without login_to lists the database apps beside the assets; Connect opens the same session.
    page = await loadPage('/luna/');
    const picker = await waitFor(
      () => page!.root()?.querySelector('.database-picker .connect'),
      15000,
      'the database app in the picker',
    );
    (picker as HTMLElement).click();
    const again = page.root()!;
    await waitFor(
      () => screenLines(again).some((line) => line.startsWith('MariaDB [shop]>')),
      20000,
      'the SQL prompt from the picker',
    ).catch((error) => {
      throw new Error(`${error.message}: ${screenLines(again).filter(Boolean).join(' | ')}`);
    });
    page.frame.remove();
    page = undefined;
    await logout();
    await loginAs('admin');
    const recorded = await waitFor(
      async () => {
        const found = (
          await api<{ results?: Session[] } | Session[]>(
            'GET',
            `/api/v1/terminal/sessions/?protocol=mysql&search=${encodeURIComponent(app.name)}`,
          )
        ).data;
        const session = (Array.isArray(found) ? found : (found.results ?? []))[0];
        return session?.is_finished ? session : null;
      },
      15000,
      'the finished mysql session',
    );
    expect([recorded.login_from, recorded.protocol, recorded.asset]).to.deep.equal(['WT', 'mysql', app.name]);
  });

  it('Kubernetes and remote apps say what this terminal cannot carry', async () => {
    await logout();
    await loginAs('admin');
    const member = await makeUser(uniqueName('k8'));
    made.push(`${USERS}${member.id}/`);
    await signInAs(member.username);
    // In the console's language, whichever it is here.
    for (const [type, words] of [
      ['k8s_app', /cluster API server|集群 API 服务器/],
      ['remote_app', /Windows RemoteApp/],
    ] as const) {
      page = await loadPage(`/luna/?type=${type}&login_to=00000000-0000-4000-8000-000000000000`);
      const message = await waitFor(() => page!.root()?.querySelector('[role="alert"]'), 10000, `the ${type} message`);
      expect(text(message)).to.match(words);
      page.frame.remove();
      page = undefined;
    }
  });
});

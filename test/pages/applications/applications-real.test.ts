// Against the reference server: the Applications pages. Remote apps exist only with the licence; their
// form shows the chosen type's params and keeps a stored password left blank; database and Kubernetes
// apps go through the same engines (the cluster must be an http(s) URL); an app permission is edited
// through Lina's id-in-the-query update route and its detail names its apps.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  setHash,
  settle,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { click, fieldError, formControl, slType, waitForToast } from '../users/support.ts';
import { ASSETS, create, removeAll, uniqueName } from '../assets/support/api.ts';
import { GROUPS, SYSTEM_USERS, members, openTab, pickField } from '../perms/support.ts';

const APPS = '/api/v1/applications/';
const SETTINGS = '/api/v1/settings/setting/';
const prefix = uniqueName('app');
const shown = (view: MountedConsole, field: string) => view.find(`.form-item[data-field="${field}"]`) !== null;
const valueOf = (el: Element | null) => String((el as unknown as { value?: unknown } | null)?.value ?? '');
const setLicence = (valid: boolean) => api('PATCH', SETTINGS, { license: { XPACK_LICENSE_IS_VALID: valid } });

describe('applications: remote, database and Kubernetes apps (real server)', () => {
  const made: string[] = [];
  afterEach(async () => {
    await resetConsole();
    await loginAs('admin');
    await setLicence(false);
  });
  after(async () => {
    await removeAll(made.reverse());
    await resetConsole();
  });

  it('offers remote apps and their permissions only with the licence', async () => {
    await loginAs('admin');
    const view = await mountConsole('/applications/database-apps');
    await waitForShell(view);
    await view.waitForText('.list-page h2', '数据库', 8000);
    const menu = () => text(view.find('nav.sidebar'));
    expect(menu()).to.contain('应用管理');
    expect(menu()).to.contain('Kubernetes');
    expect(menu()).to.not.contain('远程应用');
    setHash('/applications/remote-apps');
    await waitFor(() => location.hash === '#/404', 5000, 'the 404 page');
    setHash('/perms/remote-app-permissions');
    await waitFor(() => location.hash === '#/404', 5000, 'the 404 page for remote-app permissions');
  });

  it('shows the chosen type’s params, and keeps a stored password left blank on update', async () => {
    await loginAs('admin');
    expect((await setLicence(true)).status).to.equal(200);
    const host = await create<{ id: string; hostname: string }>(ASSETS, {
      hostname: `${prefix}-win`,
      ip: '127.0.3.81',
      platform: 'Windows',
      protocols: ['rdp/3389'],
    });
    made.push(`${ASSETS}${host.id}/`);
    const view = await mountConsole('/applications/remote-apps/create');
    await waitForShell(view);
    await waitFor(() => shown(view, 'chrome_target'), 8000, 'the chrome params of the default type');
    expect(shown(view, 'mysql_workbench_ip')).to.equal(false);
    // The radio group is loaded on first use.
    slType(
      await waitFor(() => formControl(view, 'type', 'sl-radio-group'), 5000, 'the type radios'),
      'mysql_workbench',
      ['sl-change'],
    );
    await waitFor(() => shown(view, 'mysql_workbench_ip'), 3000, 'the MySQL Workbench params');
    expect(shown(view, 'chrome_target'), 'chrome params hidden').to.equal(false);
    await waitFor(
      () => valueOf(formControl(view, 'path')).endsWith('MySQLWorkbench.exe'),
      3000,
      "the type's usual path",
    );
    slType(formControl(view, 'name'), `${prefix}-wb`);
    slType(formControl(view, 'path'), 'C:\\Program Files\\MySQL\\MySQLWorkbench.exe');
    await pickField(view, 'asset', `${prefix}-win`);
    slType(formControl(view, 'mysql_workbench_ip'), '127.0.3.82');
    slType(formControl(view, 'mysql_workbench_port'), '3306');
    slType(formControl(view, 'mysql_workbench_name'), 'sales');
    slType(formControl(view, 'mysql_workbench_username'), 'reader');
    slType(formControl(view, 'mysql_workbench_password'), 'Wb-secret-1');
    await settle();
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '创建成功');
    type App = { id: string; type: string; asset: string; params: Record<string, unknown> };
    const [app] = (await api<App[]>('GET', `${APPS}remote-apps/?name=${prefix}-wb`)).data;
    made.unshift(`${APPS}remote-apps/${app.id}/`);
    expect([app.type, app.asset]).to.deep.equal(['mysql_workbench', host.id]);
    expect(app.params).to.deep.include({
      mysql_workbench_ip: '127.0.3.82',
      mysql_workbench_name: 'sales',
      mysql_workbench_username: 'reader',
    });
    expect(app.params, 'the password is write-only').to.not.have.property('mysql_workbench_password');
    const parameters = async () =>
      (
        await api<{ parameter_remote_app: { parameters: string } }>(
          'GET',
          `${APPS}remote-apps/${app.id}/connection-info/`,
        )
      ).data.parameter_remote_app.parameters;
    expect(await parameters()).to.contain('Wb-secret-1');

    await resetConsole();
    await loginAs('admin');
    await setLicence(true);
    const edit = await mountConsole(`/applications/remote-apps/${app.id}/update`);
    await waitForShell(edit);
    await waitFor(
      () => valueOf(formControl(edit, 'mysql_workbench_ip')) === '127.0.3.82',
      8000,
      'the stored params in their fields',
    );
    expect(valueOf(formControl(edit, 'mysql_workbench_password')), 'no password shown').to.equal('');
    slType(formControl(edit, 'mysql_workbench_username'), 'writer');
    await settle();
    click(edit.find('.form-page sl-button.submit'));
    await waitForToast('success', '更新成功');
    const after = await parameters();
    expect(after).to.contain('writer');
    expect(after, 'the blank password kept the stored one').to.contain('Wb-secret-1');
  });

  it('creates database and Kubernetes apps; the cluster must be an http(s) URL; the detail reads the k8s API', async () => {
    await loginAs('admin');
    const view = await mountConsole('/applications/database-apps/create');
    await waitForShell(view);
    await waitFor(() => valueOf(formControl(view, 'port')) === '3306', 8000, 'the MySQL port by default');
    slType(formControl(view, 'name'), `${prefix}-db`);
    slType(formControl(view, 'host'), '127.0.3.83');
    slType(formControl(view, 'database'), 'orders');
    await settle();
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '创建成功');
    const [db] = (
      await api<{ id: string; host: string; port: number; database: string; type: string }[]>(
        'GET',
        `${APPS}database-apps/?name=${prefix}-db`,
      )
    ).data;
    made.unshift(`${APPS}database-apps/${db.id}/`);
    expect([db.type, db.host, db.port, db.database]).to.deep.equal(['mysql', '127.0.3.83', 3306, 'orders']);

    await resetConsole();
    await loginAs('admin');
    const k8s = await mountConsole('/applications/kubernetes-apps/create');
    await waitForShell(k8s);
    await waitFor(() => formControl(k8s, 'cluster'), 8000, 'the form');
    slType(formControl(k8s, 'name'), `${prefix}-k8s`);
    slType(formControl(k8s, 'cluster'), 'ftp://127.0.3.84');
    await settle();
    click(k8s.find('.form-page sl-button.submit'));
    await waitFor(
      () => fieldError(k8s, 'cluster') === '请输入以 http:// 或 https:// 开头的网址',
      3000,
      'the URL refused',
    );
    expect((await api<unknown[]>('GET', `${APPS}k8s-apps/?name=${prefix}-k8s`)).data).to.deep.equal([]);
    slType(formControl(k8s, 'cluster'), 'https://127.0.3.84:6443');
    await settle();
    click(k8s.find('.form-page sl-button.submit'));
    await waitForToast('success', '创建成功');
    const [cluster] = (await api<{ id: string; cluster: string }[]>('GET', `${APPS}k8s-apps/?name=${prefix}-k8s`)).data;
    made.unshift(`${APPS}k8s-apps/${cluster.id}/`);
    expect(cluster.cluster).to.equal('https://127.0.3.84:6443');

    await resetConsole();
    await loginAs('admin');
    const detail = await mountConsole(`/applications/kubernetes-apps/${cluster.id}`);
    await waitForShell(detail);
    await detail.waitForText('.detail-page h2.title', `${prefix}-k8s`, 8000);
    expect(detail.textOf('tr[data-field="cluster"] td')).to.equal('https://127.0.3.84:6443');
  });

  it('edits a database-app permission through the update route without :id, and its detail names its apps', async () => {
    await loginAs('admin');
    const group = await create<{ id: string }>(GROUPS, { name: `${prefix}-g` });
    const systemUser = await create<{ id: string }>(SYSTEM_USERS, {
      name: `${prefix}-dbsu`,
      username: `${prefix}db`,
      login_mode: 'manual',
      protocol: 'mysql',
    });
    const db = await create<{ id: string }>(`${APPS}database-apps/`, { name: `${prefix}-pdb`, host: '127.0.3.85' });
    made.push(`${APPS}database-apps/${db.id}/`, `${SYSTEM_USERS}${systemUser.id}/`, `${GROUPS}${group.id}/`);
    const URL = '/api/v1/perms/database-app-permissions/';

    const view = await mountConsole('/perms/database-app-permissions/create');
    await waitForShell(view);
    await waitFor(() => formControl(view, 'name'), 8000, 'the form');
    slType(formControl(view, 'name'), `${prefix}-perm`);
    await pickField(view, 'user_groups', `${prefix}-g`);
    await pickField(view, 'database_apps', `${prefix}-pdb`);
    await pickField(view, 'system_users', `${prefix}-dbsu`);
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '创建成功');
    type Perm = { id: string; user_groups: string[]; database_apps: string[]; system_users: string[]; comment: string };
    const [perm] = (await api<Perm[]>('GET', `${URL}?name=${prefix}-perm`)).data;
    made.unshift(`${URL}${perm.id}/`);
    const held = (await api<Perm>('GET', `${URL}${perm.id}/`)).data;
    expect([held.user_groups, held.database_apps, held.system_users]).to.deep.equal([
      [group.id],
      [db.id],
      [systemUser.id],
    ]);

    await resetConsole();
    await loginAs('admin');
    const list = await mountConsole(`/perms/database-app-permissions?search=${prefix}-perm`);
    await waitForShell(list);
    click(await waitFor(() => list.find(`.list-page tr[data-id="${perm.id}"] button.action-update`), 8000, 'the row'));
    await waitFor(
      () => location.hash === `#/perms/database-app-permissions/update?id=${perm.id}`,
      3000,
      'the update route with the id in the query',
    );
    await waitFor(
      () => valueOf(formControl(list, 'name')) === `${prefix}-perm`,
      8000,
      'the stored permission in the form',
    );
    slType(formControl(list, 'comment', 'sl-textarea'), 'read only');
    await settle();
    click(list.find('.form-page sl-button.submit'));
    await waitForToast('success', '更新成功');
    const edited = (await api<Perm>('GET', `${URL}${perm.id}/`)).data;
    expect([edited.comment, edited.database_apps]).to.deep.equal(['read only', [db.id]]);

    await resetConsole();
    await loginAs('admin');
    const detail = await mountConsole(`/perms/database-app-permissions/${perm.id}`);
    await waitForShell(detail);
    await detail.waitForText('.detail-page h2.title', `${prefix}-perm`, 8000);
    await openTab(detail, 'apps', '应用与系统用户');
    await waitFor(() => members(detail).length === 2, 5000, 'the app and the system user');
    expect(members(detail)).to.deep.equal([`${prefix}-pdb`, `${prefix}-dbsu`]);
  });
});

// Lina 2.3.1's tables (AutoDataTable) ask `OPTIONS <url>?draw=1&display=1` first and build nothing when it
// fails: the user / user-group "granted assets" tabs, the node they then pick, the user's own asset and
// application pages and the granted-application tabs. Each answers 2.3's metadata (a GET action with the
// filter fields the search box offers) to those who may read the list, and refuses the others as its GET.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build, orgId, userId } from '../helpers.ts';

type Meta = { actions: { GET: Record<string, { label: string; filter?: boolean; read_only: boolean }> } };

test('granted asset lists answer OPTIONS with the GET fields Lina builds its table and search from', async (t) => {
  const app = await build(t);
  const db = app.bastion.db;
  const admin = await bearer(app, 'admin');
  const user = userId(app, 'user');
  const group = db
    .prepare('SELECT id FROM user_groups WHERE org_id = ? LIMIT 1')
    .pluck()
    .get(orgId(app, 'Engineering')) as string;
  const node = db
    .prepare('SELECT id FROM nodes WHERE org_id = ? LIMIT 1')
    .pluck()
    .get(orgId(app, 'Engineering')) as string;
  const eng = { ...admin, 'x-jms-org': orgId(app, 'Engineering') };
  const options = (url: string, headers: Record<string, string>) =>
    app.inject({ method: 'OPTIONS', url: `${url}?cache_policy=1&all=1&draw=1&display=1`, headers });

  for (const url of [
    `/api/v1/perms/users/${user}/assets/`,
    `/api/v1/perms/user-groups/${group}/assets/`,
    `/api/v1/perms/users/${user}/nodes/${node}/assets/`,
    `/api/v1/perms/user-groups/${group}/nodes/${node}/assets/`,
  ]) {
    const answer = await options(url, eng);
    assert.equal(answer.statusCode, 200, `${url}: ${answer.body}`);
    const fields = (answer.json() as Meta).actions.GET;
    assert.deepEqual(
      Object.keys(fields),
      ['id', 'hostname', 'ip', 'protocols', 'os', 'domain', 'platform', 'comment', 'org_id', 'org_name'],
      url,
    );
    assert.deepEqual(
      Object.keys(fields).filter((name) => fields[name].filter),
      ['id', 'hostname', 'ip', 'comment'],
      `${url}: search box options`,
    );
    assert.equal(fields.hostname.label, '主机名');
    assert.ok(
      Object.values(fields).every((field) => field.read_only),
      'a granted list writes nothing',
    );
  }
  // The user's own pages (userviews): assets, a node's assets, the three kinds of apps.
  const self = await bearer(app, 'user');
  for (const url of [
    '/api/v1/perms/users/assets/',
    `/api/v1/perms/users/nodes/${node}/assets/`,
    '/api/v1/perms/users/remote-apps/',
    '/api/v1/perms/users/database-apps/',
    '/api/v1/perms/users/k8s-apps/',
  ]) {
    const answer = await options(url, self);
    assert.equal(answer.statusCode, 200, `${url}: ${answer.body}`);
    assert.ok((answer.json() as Meta).actions.GET.id, url);
  }
  // A user's granted applications tab (UserGrantedRemoteApps / Databases).
  const apps = await options(`/api/v1/perms/users/${user}/remote-apps/`, eng);
  assert.equal(apps.statusCode, 200, apps.body);
  assert.ok((apps.json() as Meta).actions.GET.name.filter);
});

test('granted OPTIONS refuses whom the GET refuses', async (t) => {
  const app = await build(t);
  const db = app.bastion.db;
  const eng = orgId(app, 'Engineering');
  const group = db.prepare('SELECT id FROM user_groups WHERE org_id = ? LIMIT 1').pluck().get(eng) as string;
  const other = userId(app, 'orgadmin');
  const user = await bearer(app, 'user');
  const call = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'OPTIONS', url, headers: { 'x-jms-org': eng, ...headers } });
  assert.equal((await call(`/api/v1/perms/users/${other}/assets/`)).statusCode, 401);
  assert.equal((await call(`/api/v1/perms/users/${other}/assets/`, user)).statusCode, 403, "another user's grants");
  assert.equal((await call(`/api/v1/perms/user-groups/${group}/assets/`, user)).statusCode, 403, "a group's grants");
  assert.equal(
    (await call(`/api/v1/perms/users/${userId(app, 'user')}/assets/`, user)).statusCode,
    403,
    'their own too: "my" is theirs (2.3)',
  );
  assert.equal((await call('/api/v1/perms/users/assets/', user)).statusCode, 200);
  const admin = await bearer(app, 'orgadmin');
  assert.equal(
    (await call('/api/v1/perms/user-groups/00000000-0000-4000-8000-000000000000/assets/', admin)).statusCode,
    404,
  );
  assert.equal((await call('/api/v1/perms/users/not-a-uuid/assets/', admin)).statusCode, 404);
});

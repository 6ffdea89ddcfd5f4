// /api/v1/applications/{remote,database,k8s}-apps/ (§2.4) in Engineering: each remote-app type keeps
// only its own params, passwords are write-only and kept when left blank, the host asset must be the
// org's, connection-info; database ports and k8s cluster URLs; OPTIONS metadata; seeds; who may do what.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { unseal } from '../../../demo/server/core/secrets/vault.ts';
import { assetsApp } from '../assets/assets-fixture.ts';

const REMOTE = '/api/v1/applications/remote-apps/';
const DATABASE = '/api/v1/applications/database-apps/';
const K8S = '/api/v1/applications/k8s-apps/';
const CHROME = 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe';

test('remote apps: params of the chosen type only, passwords write-only and kept when blank, connection-info', async (t) => {
  const { db, call, get, assetId } = await assetsApp(t);
  const host = assetId('office-win-02');
  const created = await call('POST', REMOTE, {
    name: 'ra-wiki',
    asset: host,
    type: 'chrome',
    path: CHROME,
    params: {
      chrome_target: ' http://127.30.9.1/wiki ',
      chrome_username: 'reader',
      chrome_password: 'S3cret!',
      vmware_target: 'dropped',
      other: 1,
    },
  });
  assert.equal(created.statusCode, 201, created.body);
  const app = created.json();
  assert.deepEqual(
    app.params,
    { chrome_target: 'http://127.30.9.1/wiki', chrome_username: 'reader' },
    "trimmed, other types' keys dropped, password hidden",
  );
  assert.deepEqual(app.asset_info, { id: host, hostname: 'office-win-02' });
  assert.equal(app.get_type_display, 'Chrome');
  // The passwords are sealed at rest: compared in clear.
  const stored = () =>
    Object.fromEntries(
      Object.entries(
        JSON.parse(db.prepare('SELECT params FROM remote_apps WHERE id = ?').pluck().get(app.id) as string) as Record<
          string,
          string
        >,
      ).map(([key, value]) => [key, key.endsWith('_password') ? unseal(db, value) : value]),
    );
  assert.equal(stored().chrome_password, 'S3cret!');

  // A blank password on update keeps the stored one; a new one replaces it.
  const kept = await call('PUT', `${REMOTE}${app.id}/`, {
    name: 'ra-wiki',
    asset: host,
    type: 'chrome',
    path: CHROME,
    params: { chrome_target: 'http://127.30.9.2/', chrome_password: '' },
  });
  assert.equal(kept.statusCode, 200, kept.body);
  assert.deepEqual(stored(), { chrome_target: 'http://127.30.9.2/', chrome_password: 'S3cret!' });
  await call('PATCH', `${REMOTE}${app.id}/`, {
    params: { chrome_target: 'http://127.30.9.2/', chrome_password: 'N3w' },
  });
  assert.equal(stored().chrome_password, 'N3w');
  const info = await get(`${REMOTE}${app.id}/connection-info/`);
  assert.deepEqual(info, {
    id: app.id,
    name: 'ra-wiki',
    asset: host,
    parameter_remote_app: {
      program: '||jmservisor',
      working_directory: '',
      parameters: `chrome "${CHROME}" http://127.30.9.2/ N3w`,
    },
  });

  // Changing the type drops the old type's keys (its password too: it belonged to another program).
  const workbench = await call('PATCH', `${REMOTE}${app.id}/`, {
    type: 'mysql_workbench',
    params: { mysql_workbench_ip: '127.10.3.21', mysql_workbench_port: '3306', mysql_workbench_password: '' },
  });
  assert.equal(workbench.statusCode, 200, workbench.body);
  assert.deepEqual(stored(), { mysql_workbench_ip: '127.10.3.21', mysql_workbench_port: '3306' });
  const badPort = await call('PATCH', `${REMOTE}${app.id}/`, { params: { mysql_workbench_port: '70000' } });
  assert.equal(badPort.statusCode, 400);
  assert.ok(badPort.json().params.mysql_workbench_port, badPort.body);
  const notDict = await call('PATCH', `${REMOTE}${app.id}/`, { params: ['a'] });
  assert.deepEqual([notDict.statusCode, notDict.json()], [400, { params: ['Expected a dictionary of items.'] }]);
  const badType = await call('PATCH', `${REMOTE}${app.id}/`, { type: 'notepad' });
  assert.equal(badType.statusCode, 400);
  const control = await call('PATCH', `${REMOTE}${app.id}/`, { params: { mysql_workbench_name: 'a\u202Eb' } });
  assert.equal(control.statusCode, 400, 'single-line param values refuse bidi overrides');

  // The host must be an asset of the org; path is required.
  const foreignHost = db
    .prepare("SELECT id FROM assets WHERE org_id = '' AND hostname = 'office-win-01'")
    .pluck()
    .get() as string;
  const foreign = await call('POST', REMOTE, { name: 'ra-foreign', asset: foreignHost, path: CHROME });
  assert.equal(foreign.statusCode, 400);
  assert.match(foreign.json().asset[0], /^Invalid pk/);
  const noPath = await call('POST', REMOTE, { name: 'ra-nopath', asset: host });
  assert.deepEqual(noPath.json().path, ['This field is required.']);
  const filtered = await get(`${REMOTE}?type=mysql_workbench`);
  assert.ok(filtered.length >= 1 && filtered.every((row: { type: string }) => row.type === 'mysql_workbench'));
});

test('database and k8s apps: port default and bounds, cluster must be an http(s) URL', async (t) => {
  const { call } = await assetsApp(t);
  const db = await call('POST', DATABASE, { name: 'db-orders', host: '127.10.3.40', database: 'orders' });
  assert.equal(db.statusCode, 201, db.body);
  assert.deepEqual([db.json().type, db.json().port, db.json().get_type_display], ['mysql', 3306, 'MySQL']);
  const noDatabase = await call('POST', DATABASE, { name: 'db-none', host: '127.10.3.41', database: null });
  assert.equal(noDatabase.json().database, null, 'database is optional');
  const badPort = await call('POST', DATABASE, { name: 'db-port', host: '127.10.3.42', port: 65536 });
  assert.equal(badPort.statusCode, 400);
  assert.ok(badPort.json().port);
  const noHost = await call('POST', DATABASE, { name: 'db-nohost' });
  assert.deepEqual(noHost.json().host, ['This field is required.']);

  const cluster = await call('POST', K8S, { name: 'k8s-prod', cluster: 'https://127.40.0.50:6443' });
  assert.equal(cluster.statusCode, 201, cluster.body);
  assert.deepEqual([cluster.json().type, cluster.json().type_display], ['k8s', 'Kubernetes']);
  for (const bad of ['127.40.0.50:6443', 'ftp://127.40.0.50', 'https://', 'javascript:alert(1)']) {
    const refused = await call('POST', K8S, { name: `k8s-${bad}`, cluster: bad });
    assert.deepEqual([refused.statusCode, refused.json().cluster], [400, ['Enter a valid URL.']], bad);
  }
});

test('OPTIONS: labels, types, choices and defaults as the forms need them', async (t) => {
  const { call } = await assetsApp(t);
  const remote = (await call('OPTIONS', REMOTE)).json().actions.POST;
  assert.deepEqual(
    remote.type.choices.map((c: { value: string }) => c.value),
    ['chrome', 'mysql_workbench', 'vmware_client', 'custom'],
  );
  assert.equal(remote.type.default, 'chrome');
  assert.deepEqual(
    [remote.params.type, remote.asset.type, remote.asset.required, remote.path.required],
    ['nested object', 'field', true, true],
  );
  assert.equal(remote.asset_info.read_only, true);
  const database = (await call('OPTIONS', DATABASE)).json().actions.POST;
  assert.deepEqual(
    [database.port.type, database.port.default, database.type.default, database.host.required],
    ['integer', 3306, 'mysql', true],
  );
  const k8s = (await call('OPTIONS', K8S)).json().actions.POST;
  assert.deepEqual(
    [k8s.cluster.type, k8s.cluster.required, k8s.cluster.max_length, k8s.type.default],
    ['url', true, 1024, 'k8s'],
  );
  assert.deepEqual([k8s.cluster.label, remote.path.label, remote.params.label], ['Cluster', 'App path', 'Parameters']);
});

test('seeds: every org has remote apps on its Windows host, a MySQL app and clusters, all on loopback', async (t) => {
  const { get, eng, ops } = await assetsApp(t);
  for (const org of [eng, ops, 'DEFAULT']) {
    const remote = await get(REMOTE, { org });
    assert.ok(remote.length >= 3, `remote apps in ${org}`);
    assert.ok(remote.every((r: { asset_info: { hostname: string } }) => r.asset_info.hostname === 'office-win-01'));
    for (const r of remote)
      for (const value of Object.values(r.params as Record<string, string>)) {
        if (/^\d+\.\d+\.\d+\.\d+$|:\/\//.test(value))
          assert.match(value, /^(https?:\/\/)?127\./, `${r.name}: ${value}`);
      }
    const databases = await get(DATABASE, { org });
    assert.ok(databases.length >= 1 && databases.every((d: { host: string }) => d.host.startsWith('127.')));
    const clusters = await get(K8S, { org });
    assert.ok(
      clusters.length >= 1 &&
        clusters.every((c: { cluster: string }) => /^https:\/\/127\.[\d.]+:6443$/.test(c.cluster)),
    );
  }
});

test('access: org admins only inside their org, auditors and users refused, ROOT sees every org', async (t) => {
  const { call, get, eng, ops } = await assetsApp(t);
  const opsApp = (await get(DATABASE, { org: ops }))[0];
  // orgadmin administers Engineering only.
  assert.equal((await call('GET', DATABASE, undefined, { as: 'orgadmin' })).statusCode, 200);
  assert.equal((await call('GET', DATABASE, undefined, { as: 'orgadmin', org: ops })).statusCode, 403);
  assert.equal(
    (await call('GET', `${DATABASE}${opsApp.id}/`, undefined, { as: 'orgadmin' })).statusCode,
    404,
    "another org's app is not found from Engineering",
  );
  assert.equal((await call('PATCH', `${DATABASE}${opsApp.id}/`, { comment: 'x' }, { as: 'orgadmin' })).statusCode, 404);
  const own = await call(
    'POST',
    K8S,
    { name: 'k8s-orgadmin', cluster: 'https://127.40.0.60:6443' },
    { as: 'orgadmin' },
  );
  assert.equal(own.statusCode, 201, own.body);
  assert.equal(own.json().org_id, eng);
  for (const as of ['orgauditor', 'user']) {
    assert.equal((await call('GET', REMOTE, undefined, { as })).statusCode, 403, `${as} reads`);
    assert.equal(
      (await call('POST', K8S, { name: `k8s-${as}`, cluster: 'https://127.40.0.61:6443' }, { as })).statusCode,
      403,
      `${as} writes`,
    );
    assert.equal(
      (await call('GET', `${REMOTE}${(await get(REMOTE))[0].id}/connection-info/`, undefined, { as })).statusCode,
      403,
    );
  }
  const all = await get(K8S, { org: 'ROOT' });
  assert.ok(new Set(all.map((c: { org_name: string }) => c.org_name)).size >= 3, 'ROOT lists every org');
});

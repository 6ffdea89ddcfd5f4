// The calls the real Lina 2.3.1 makes that our answers once broke, made exactly as Lina makes them (its
// axios: the session cookie, X-CSRFToken, X-JMS-ORG, X-TZ, a JSON body) and checked against 2.3.1's answer.
// Found by running a production build of Lina 2.3.1 at /ui/ in front of this server (README, "With your
// JumpServer 2.3"); CI cannot load Lina, so each failure it showed is kept here as its request.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, loginSession } from '../helpers.ts';

const DEFAULT_ORG = '00000000-0000-0000-0000-000000000002';

/** Lina's request headers (src/utils/request.js) for a signed-in browser in `org`. */
async function lina(app: FastifyInstance, username: string, org = DEFAULT_ORG) {
  const session = await loginSession(app, username);
  const headers = {
    cookie: `${session.cookie}; X-JMS-ORG=${org}`,
    'x-csrftoken': session.csrf,
    'x-jms-org': org,
    'x-tz': 'Asia/Shanghai',
    accept: 'application/json, text/plain, */*',
    'content-type': 'application/json;charset=UTF-8',
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS', url: string, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
  return { call, headers };
}

test("resources/cache/ takes a single select's one value: 200 {spm}, and a list given it is not narrowed", async (t) => {
  const app = await build(t);
  const { call } = await lina(app, 'admin');
  const domains = (await call('GET', '/api/v1/assets/system-users/')).json();
  assert.ok(domains.length > 1);
  // Select2's initialSelect(): createSourceIdCache(this.value) with a single select's string value.
  const single = await call('POST', '/api/v1/common/resources/cache/', { resources: domains[0].id });
  assert.equal(single.statusCode, 200, single.body);
  assert.match(single.json().spm, /^[0-9a-f-]{36}$/);
  const listed = (await call('GET', `/api/v1/assets/system-users/?spm=${single.json().spm}`)).json();
  assert.equal(listed.length, domains.length, '2.3 narrows only by a cached list');
  const none = await call('POST', '/api/v1/common/resources/cache/', {});
  assert.deepEqual([none.statusCode, Object.keys(none.json())], [200, ['spm']]);
  const many = await call('POST', '/api/v1/common/resources/cache/', { resources: [domains[0].id] });
  assert.deepEqual(
    (await call('GET', `/api/v1/assets/system-users/?spm=${many.json().spm}`)).json().map((d: { id: string }) => d.id),
    [domains[0].id],
  );
});

test('an asset created with no domain chosen (domain: "") is saved with none, as DRF reads "" for a relation', async (t) => {
  const app = await build(t);
  const { call } = await lina(app, 'admin');
  const node = (await call('GET', '/api/v1/assets/nodes/')).json()[0];
  const body = {
    hostname: 'lina-web-1',
    ip: '127.10.1.1',
    platform: 'Linux',
    public_ip: '',
    protocols: ['ssh/22'],
    admin_user: '',
    nodes: [node.id],
    is_active: true,
    domain: '',
    labels: [],
    comment: '',
  };
  const created = await call('POST', '/api/v1/assets/assets/', body);
  assert.equal(created.statusCode, 201, created.body);
  assert.deepEqual([created.json().domain, created.json().admin_user], [null, null]);
  const stored = app.bastion.db.prepare('SELECT domain, admin_user FROM assets WHERE hostname = ?').get('lina-web-1');
  assert.deepEqual({ ...(stored as object) }, { domain: null, admin_user: null });
  const patched = await call('PATCH', `/api/v1/assets/assets/${created.json().id}/`, { domain: '' });
  assert.equal(patched.statusCode, 200, patched.body);
  // A gateway's domain is required: '' is null there, refused as null.
  const gateway = await call('POST', '/api/v1/assets/gateways/', {
    name: 'gw',
    ip: '127.10.1.2',
    port: 22,
    protocol: 'ssh',
    username: 'root',
    domain: '',
  });
  assert.equal(gateway.statusCode, 400);
  assert.ok(gateway.json().domain, gateway.body);
});

test('OPTIONS on the views Lina draws tables and forms from: 200 with actions, as 2.3 answers every view', async (t) => {
  const app = await build(t);
  const { call } = await lina(app, 'admin');
  const perm = (await call('GET', '/api/v1/perms/asset-permissions/')).json()[0];
  const urls = [
    `/api/v1/perms/asset-permissions/${perm.id}/users/all/`,
    `/api/v1/perms/asset-permissions/${perm.id}/assets/all/`,
    '/api/v1/users/profile/',
    '/api/v1/users/profile/password/',
    '/api/v1/users/profile/public-key/',
  ];
  for (const [kind, apps] of [
    ['remote-app', 'remote-apps'],
    ['database-app', 'database-apps'],
    ['k8s-app', 'k8s-apps'],
  ]) {
    const row = (await call('GET', `/api/v1/perms/${kind}-permissions/`)).json()[0];
    if (row)
      urls.push(
        `/api/v1/perms/${kind}-permissions/${row.id}/users/all/`,
        `/api/v1/perms/${kind}-permissions/${row.id}/${apps}/all/`,
      );
  }
  assert.ok(urls.length >= 9, 'the seed has app permissions of each kind');
  for (const url of urls) {
    const response = await call('OPTIONS', url);
    assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
    const meta = response.json();
    assert.equal(typeof meta.name, 'string');
    assert.deepEqual(meta.renders, ['application/json', 'text/html', 'text/csv']);
    assert.equal(typeof meta.actions, 'object', `${url}: Lina reads actions[METHOD]`);
    assert.ok(meta.actions.GET || meta.actions.PUT, url);
  }
  const profile = (await call('OPTIONS', '/api/v1/users/profile/')).json();
  assert.ok(profile.actions.PUT, 'the profile form reads actions.PUT');
  const anonymous = await app.inject({ method: 'OPTIONS', url: '/api/v1/users/profile/' });
  assert.equal(anonymous.statusCode, 401);
});

test("ops/adhoc/ answers options as 2.3's str(dict): AdhocDetail calls options.replace", async (t) => {
  const app = await build(t);
  const { call } = await lina(app, 'admin');
  const { db } = app.bastion;
  // A version as the recorder writes it (ops/recorder.ts), in the default org ('').
  db.prepare(
    `INSERT INTO ops_tasks (id, name, date_created, date_updated) VALUES ('t1', 'Test', '2024-01-15T08:00:00.000Z', '2024-01-15T08:00:00.000Z')`,
  ).run();
  db.prepare(
    `INSERT INTO ops_adhocs (id, task, options, become, job, date_created) VALUES ('a1', 't1', ?, '{}', '{}', '2024-01-15T08:00:00.000Z')`,
  ).run(JSON.stringify({ forks: 10, timeout: 10, run_as: "o'neil" }));
  const list = await call('GET', '/api/v1/ops/adhoc/?task=t1');
  assert.equal(list.statusCode, 200, list.body);
  assert.equal(list.json()[0].options, `{'forks': 10, 'timeout': 10, 'run_as': "o'neil"}`);
  const detail = (await call('GET', '/api/v1/ops/adhoc/a1/')).json();
  assert.equal(typeof detail.options, 'string');
});

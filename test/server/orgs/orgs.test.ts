import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build, orgId, userId } from '../helpers.ts';

const ORGS = '/api/v1/orgs/orgs/';

test('list: bare array without limit, paged with limit, search, name filter and order', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const bare = await app.inject({ method: 'GET', url: ORGS, headers });
  assert.deepEqual(
    bare.json().map((o: { name: string }) => o.name),
    ['Engineering', 'Operations'],
  );
  assert.deepEqual(Object.keys(bare.json()[0]).sort(), ['comment', 'created_by', 'date_created', 'id', 'name']);

  const page = (await app.inject({ method: 'GET', url: `${ORGS}?limit=1&offset=0&order=-name`, headers })).json();
  assert.equal(page.count, 2);
  assert.equal(page.results[0].name, 'Operations');
  assert.equal(page.previous, null);
  assert.match(page.next, /^http:\/\/localhost(:\d+)?\/api\/v1\/orgs\/orgs\/\?limit=1&offset=1&order=-name$/);
  const second = (await app.inject({ method: 'GET', url: `${ORGS}?limit=1&offset=1&order=-name`, headers })).json();
  assert.equal(second.results[0].name, 'Engineering');
  assert.equal(second.next, null);
  assert.match(second.previous, /\?limit=1&order=-name$/);

  const search = (await app.inject({ method: 'GET', url: `${ORGS}?search=production servers`, headers })).json();
  assert.deepEqual(
    search.map((o: { name: string }) => o.name),
    ['Operations'],
    'words AND-ed over name and comment',
  );
  const filtered = (await app.inject({ method: 'GET', url: `${ORGS}?name=Engineering`, headers })).json();
  assert.equal(filtered.length, 1);
  const ignored = (await app.inject({ method: 'GET', url: `${ORGS}?order=-id_secret_column`, headers })).json();
  assert.deepEqual(
    ignored.map((o: { name: string }) => o.name),
    ['Engineering', 'Operations'],
    'unknown order → default',
  );
});

test('only the superuser may use orgs: 403 for orgadmin, sysauditor and user', async (t) => {
  const app = await build(t);
  const id = orgId(app, 'Engineering');
  for (const username of ['orgadmin', 'sysauditor', 'user']) {
    const headers = await bearer(app, username);
    const calls = [
      { method: 'GET' as const, url: ORGS },
      { method: 'POST' as const, url: ORGS, payload: { name: 'X' } },
      { method: 'GET' as const, url: `${ORGS}${id}/` },
      { method: 'PATCH' as const, url: `${ORGS}${id}/`, payload: { comment: 'x' } },
      { method: 'DELETE' as const, url: `${ORGS}${id}/` },
      { method: 'OPTIONS' as const, url: ORGS },
    ];
    for (const call of calls) {
      const response = await app.inject({ ...call, headers });
      assert.equal(response.statusCode, 403, `${username} ${call.method} ${call.url}`);
    }
  }
  assert.equal(app.bastion.db.prepare('SELECT COUNT(*) FROM orgs').pluck().get(), 2);
});

test('create, retrieve with member lists, replace members by PATCH, validation', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const created = await app.inject({
    method: 'POST',
    url: ORGS,
    headers,
    payload: { name: 'Finance', comment: 'Money', admins: [userId(app, 'jsmith')] },
  });
  assert.equal(created.statusCode, 201, created.body);
  const org = created.json();
  assert.equal(org.created_by, 'Administrator');
  assert.equal(org.date_created, '2024-01-15 16:30:00 +0800');
  assert.deepEqual(org.admins, [userId(app, 'jsmith')]);
  assert.deepEqual(org.users, []);

  const patched = await app.inject({
    method: 'PATCH',
    url: `${ORGS}${org.id}/`,
    headers,
    payload: { users: [userId(app, 'liwei'), userId(app, 'akumar')] },
  });
  assert.equal(patched.statusCode, 200);
  assert.deepEqual(patched.json().users, [userId(app, 'liwei'), userId(app, 'akumar')]);
  assert.deepEqual(patched.json().admins, [userId(app, 'jsmith')], 'lists not sent are kept');
  const jsmith = await app.inject({
    method: 'GET',
    url: '/api/v1/users/profile/',
    headers: { ...(await bearer(app, 'jsmith')), 'x-jms-org': 'Finance' },
  });
  assert.deepEqual(jsmith.json().current_org_roles, ['Admin']);

  const invalid = await app.inject({
    method: 'POST',
    url: ORGS,
    headers,
    payload: { name: 'Engineering', auditors: ['nope'] },
  });
  assert.equal(invalid.statusCode, 400);
  assert.deepEqual(invalid.json(), { name: ['该字段必须唯一。'], auditors: ['无效主键 “nope” - 对象不存在。'] });
  const missing = await app.inject({
    method: 'POST',
    url: ORGS,
    headers: { ...headers, 'accept-language': 'en' },
    payload: { comment: 'x' },
  });
  assert.deepEqual(missing.json(), { name: ['This field is required.'] });
  const badMember = await app.inject({
    method: 'POST',
    url: ORGS,
    headers: { ...headers, 'accept-language': 'en' },
    payload: { name: 'Legal', auditors: ['nope'] },
  });
  assert.deepEqual(badMember.json(), { auditors: ['Invalid pk "nope" - object does not exist.'] });
  const reserved = await app.inject({ method: 'POST', url: ORGS, headers, payload: { name: 'root' } });
  assert.equal(reserved.statusCode, 400);
  const put = await app.inject({
    method: 'PUT',
    url: `${ORGS}${org.id}/`,
    headers,
    payload: { name: 'Finance & Tax' },
  });
  assert.equal(put.statusCode, 200);
  assert.equal(put.json().comment, 'Money', 'PUT leaves unsent optional fields alone');
});

test('delete: the current org and an org with members are refused; an empty one goes', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const eng = orgId(app, 'Engineering');
  const current = await app.inject({
    method: 'DELETE',
    url: `${ORGS}${eng}/`,
    headers: { ...headers, 'x-jms-org': eng, 'accept-language': 'en' },
  });
  assert.equal(current.statusCode, 403);
  assert.deepEqual(current.json(), { error: 'The current organization cannot be deleted' });
  const busy = await app.inject({
    method: 'DELETE',
    url: `${ORGS}${eng}/`,
    headers: { ...headers, 'accept-language': 'en' },
  });
  assert.equal(busy.statusCode, 403);
  assert.deepEqual(busy.json(), { error: 'Organization contains undeleted resources' });

  const empty = (await app.inject({ method: 'POST', url: ORGS, headers, payload: { name: 'Empty' } })).json();
  app.bastion.db
    .prepare("INSERT INTO user_groups (id, name, org_id, date_created) VALUES ('g1', 'ops', ?, '2024-01-01')")
    .run(empty.id);
  const withGroup = await app.inject({ method: 'DELETE', url: `${ORGS}${empty.id}/`, headers });
  assert.equal(withGroup.statusCode, 403, 'rows of any org-scoped table count as resources');
  app.bastion.db.prepare("DELETE FROM user_groups WHERE id = 'g1'").run();
  const gone = await app.inject({ method: 'DELETE', url: `${ORGS}${empty.id}/`, headers });
  assert.equal(gone.statusCode, 200);
  assert.deepEqual(gone.json(), { msg: true });
  const again = await app.inject({
    method: 'GET',
    url: `${ORGS}${empty.id}/`,
    headers: { ...headers, 'accept-language': 'en' },
  });
  assert.equal(again.statusCode, 404);
  assert.deepEqual(again.json(), { detail: 'Organization object does not exist.' });
});

test('OPTIONS describes the fields with labels, flags and GET filter/order marks', async (t) => {
  const app = await build(t);
  const response = await app.inject({ method: 'OPTIONS', url: ORGS, headers: await bearer(app, 'admin') });
  assert.equal(response.statusCode, 200);
  const body = response.json();
  assert.deepEqual(Object.keys(body.actions), ['POST', 'PUT', 'GET']);
  assert.deepEqual(body.actions.POST.name, {
    type: 'string',
    required: true,
    read_only: false,
    write_only: false,
    label: '名称',
    max_length: 128,
  });
  assert.equal(body.actions.POST.users.write_only, true);
  assert.equal(body.actions.POST.date_created.type, 'datetime');
  assert.equal(body.actions.POST.date_created.read_only, true);
  assert.equal(body.actions.GET.name.filter, true);
  assert.equal(body.actions.GET.name.order, true);
  assert.equal(body.actions.GET.comment.filter, undefined);
  assert.ok(body.renders.includes('text/csv'));
});

// Users are shared between orgs: an org admin may change or remove only a user whose every org role
// lies in orgs the actor administers. Otherwise an Engineering admin could reset the password of an
// Operations admin and act in Operations as them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build, orgId, PASSWORD, userId } from '../helpers.ts';

const USERS = '/api/v1/users/users/';
type Method = 'GET' | 'PUT' | 'PATCH' | 'DELETE';

async function setup(t: Parameters<typeof build>[0]) {
  const app = await build(t);
  const db = app.bastion.db;
  const eng = orgId(app, 'Engineering');
  const ops = orgId(app, 'Operations');
  // wangfang is Admin of Operations; she also joins Engineering as a plain user.
  const wangfang = userId(app, 'wangfang');
  db.prepare("INSERT INTO org_members (org_id, user_id, role) VALUES (?, ?, 'User')").run(eng, wangfang);
  const headers = (auth: Record<string, string>, lang = 'en') => ({
    ...auth,
    'x-jms-org': eng,
    'accept-language': lang,
  });
  const orgadmin = headers(await bearer(app, 'orgadmin'));
  const call = (h: Record<string, string>, method: Method, url: string, payload?: unknown) =>
    app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as never }) });
  return { app, db, eng, ops, wangfang, orgadmin, headers, call };
}

test('every way of changing or removing a shared user is refused with a clear 403, and nothing changes', async (t) => {
  const { app, db, eng, wangfang, orgadmin, headers, call } = await setup(t);
  const before = db.prepare('SELECT * FROM users WHERE id = ?').get(wangfang);
  const attempts: [Method, string, unknown?][] = [
    ['PUT', `${USERS}${wangfang}/`, { name: 'x', username: 'wangfang', email: 'wang.fang@bastion.example.com' }],
    ['PATCH', `${USERS}${wangfang}/`, { comment: 'x' }],
    ['PATCH', USERS, [{ id: wangfang, comment: 'x' }]],
    ['PUT', `${USERS}${wangfang}/password/`, { password: 'Taken-over-1' }],
    ['PUT', `${USERS}${wangfang}/password/reset/`, {}],
    ['PUT', `${USERS}${wangfang}/pubkey/reset/`, {}],
    ['GET', `${USERS}${wangfang}/otp/reset/`],
    ['PUT', `${USERS}${wangfang}/unblock/`, {}],
    ['DELETE', `${USERS}${wangfang}/`],
    ['DELETE', `${USERS}?id=${wangfang}`],
  ];
  for (const [method, url, payload] of attempts) {
    const response = await call(orgadmin, method, url, payload);
    assert.equal(response.statusCode, 403, `${method} ${url}: ${response.body}`);
    assert.match(response.json().detail, /organization you do not administer/, `${method} ${url}`);
  }
  const zh = await call(headers(await bearer(app, 'orgadmin'), 'zh'), 'PATCH', `${USERS}${wangfang}/`, {
    comment: 'x',
  });
  assert.match(zh.json().detail, /不管理的组织/);
  assert.deepEqual(db.prepare('SELECT * FROM users WHERE id = ?').get(wangfang), before, 'the user row is untouched');
  assert.equal(
    db.prepare('SELECT COUNT(*) FROM org_members WHERE org_id = ? AND user_id = ?').pluck().get(eng, wangfang),
    1,
    'still a member',
  );
  // Her Operations admin password still works: nobody took the account over.
  assert.ok((await bearer(app, 'wangfang', PASSWORD)).authorization);
  const listed = (await call(orgadmin, 'GET', `${USERS}?id=${wangfang}`)).json()[0];
  assert.deepEqual([listed.can_update, listed.can_delete], [false, false]);
});

test('an admin of every org the user is in may change them; superusers always may', async (t) => {
  const { app, db, ops, wangfang, orgadmin, call } = await setup(t);
  const liwei = userId(app, 'liwei'); // a plain Engineering user
  assert.equal((await call(orgadmin, 'PATCH', `${USERS}${liwei}/`, { comment: 'ok' })).statusCode, 200);
  assert.equal(
    (await call(orgadmin, 'PUT', `${USERS}${liwei}/password/`, { password: 'Fine-pass-1' })).statusCode,
    200,
  );
  const superuser = { ...(await bearer(app, 'admin')), 'x-jms-org': ops };
  assert.equal((await call(superuser, 'PATCH', `${USERS}${wangfang}/`, { comment: 'by admin' })).statusCode, 200);
  // Made Admin of Operations too, orgadmin now administers every org of jsmith (User in both).
  const jsmith = userId(app, 'jsmith');
  assert.equal((await call(orgadmin, 'PATCH', `${USERS}${jsmith}/`, { comment: 'x' })).statusCode, 403);
  db.prepare("INSERT INTO org_members (org_id, user_id, role) VALUES (?, ?, 'Admin')").run(
    ops,
    userId(app, 'orgadmin'),
  );
  assert.equal((await call(orgadmin, 'PATCH', `${USERS}${jsmith}/`, { comment: 'x' })).statusCode, 200);
});

test('a CSV update through the bulk path is refused for a shared user and writes nothing', async (t) => {
  const { db, wangfang, orgadmin, app } = await setup(t);
  const liwei = userId(app, 'liwei');
  const csv = `id,comment\n${liwei},changed\n${wangfang},changed\n`;
  const response = await app.inject({
    method: 'PATCH',
    url: USERS,
    headers: { ...orgadmin, 'content-type': 'text/csv' },
    payload: csv,
  });
  assert.equal(response.statusCode, 403, response.body);
  assert.notEqual(db.prepare('SELECT comment FROM users WHERE id = ?').pluck().get(liwei), 'changed', 'all or nothing');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build, orgId, userId } from '../helpers.ts';

const GROUPS = '/api/v1/users/groups/';
const RELATIONS = '/api/v1/users/users-groups-relations/';

async function setup(t: Parameters<typeof build>[0]) {
  const app = await build(t);
  const eng = orgId(app, 'Engineering');
  const headers = { ...(await bearer(app, 'orgadmin')), 'x-jms-org': eng, 'accept-language': 'en' };
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { ...headers, ...extra },
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  const groupId = (name: string) =>
    app.bastion.db.prepare('SELECT id FROM user_groups WHERE name = ?').pluck().get(name) as string;
  return { app, eng, call, groupId };
}

test('groups: members must belong to the current org; names are unique per org (re-keyed to name)', async (t) => {
  const { app, call } = await setup(t);
  const outsider = userId(app, 'zhangmin');
  const refused = await call('POST', GROUPS, { name: 'Mixed', users: [userId(app, 'liwei'), outsider] });
  assert.deepEqual(refused.json(), { users: [`Invalid pk "${outsider}" - object does not exist.`] });
  const clash = await call('POST', GROUPS, { name: 'Developers' }, { 'accept-language': 'zh' });
  assert.deepEqual([clash.statusCode, clash.json()], [400, { name: ['该字段必须唯一。'] }]);
  const twice = await call('POST', GROUPS, [{ name: 'Twins' }, { name: 'Twins' }]);
  assert.deepEqual(twice.json(), [{}, { name: ['This field must be unique.'] }], 'a clash inside one batch too');
  const admin = { ...(await bearer(app, 'admin')), 'x-jms-org': 'Operations' };
  const elsewhere = await app.inject({ method: 'POST', url: GROUPS, headers: admin, payload: { name: 'Developers' } });
  assert.equal(elsewhere.statusCode, 201, 'the same name in another org is fine');
  const made = (await call('POST', GROUPS, { name: 'QA', users: [userId(app, 'liwei'), userId(app, 'user')] })).json();
  assert.deepEqual([made.users_amount, made.org_name], [2, 'Engineering']);
});

test('users-groups relations: add one or many, list with names, delete exactly one row by filter', async (t) => {
  const { app, call, groupId } = await setup(t);
  const akumar = userId(app, 'akumar');
  const added = await call('POST', RELATIONS, { user: akumar, usergroup: groupId('Build team') });
  assert.equal(added.statusCode, 201, added.body);
  assert.deepEqual([added.json().user_display, added.json().usergroup_display], ['Arjun Kumar', 'Build team']);
  assert.equal(typeof added.json().id, 'number');
  const again = await call('POST', RELATIONS, { user: akumar, usergroup: groupId('Build team') });
  assert.equal(again.statusCode, 400);
  const foreign = await call('POST', RELATIONS, { user: akumar, usergroup: groupId('SRE') });
  assert.deepEqual(Object.keys(foreign.json()), ['usergroup']);
  const many = await call('POST', RELATIONS, [
    { user: userId(app, 'orgauditor'), usergroup: groupId('Developers') },
    { user: userId(app, 'orgauditor'), usergroup: groupId('Build team') },
  ]);
  assert.deepEqual(
    many.json().map((r: { usergroup_display: string }) => r.usergroup_display),
    ['Developers', 'Build team'],
  );
  const members = (await call('GET', `${RELATIONS}?usergroup=${groupId('Developers')}`)).json() as {
    user_display: string;
  }[];
  assert.deepEqual(
    members.map((m) => m.user_display),
    ['Arjun Kumar', 'Demo User', 'Oscar Wang', '李伟'],
  );
  assert.equal(
    (await call('DELETE', `${RELATIONS}?usergroup=${groupId('Developers')}`)).statusCode,
    400,
    'four rows match',
  );
  assert.equal(
    (await call('DELETE', `${RELATIONS}?usergroup=${groupId('Developers')}&user=${akumar}`)).statusCode,
    204,
  );
  const group = (await call('GET', `${GROUPS}${groupId('Developers')}/`)).json();
  assert.equal(group.users_amount, 3);
});

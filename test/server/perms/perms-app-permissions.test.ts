// /api/v1/perms/{remote,database,k8s}-app-permissions/ (§2.5) in Engineering: the body rules (system
// users required, non-empty and of the kind's protocol; links in the org), amounts and validity, the
// add/remove and */all/ endpoints, the relation endpoints, draw=1, and who may write.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetsApp } from '../assets/assets-fixture.ts';
import { userId } from '../helpers.ts';

const KINDS = [
  {
    url: '/api/v1/perms/remote-app-permissions/',
    apps: '/api/v1/applications/remote-apps/',
    field: 'remote_apps',
    segment: 'remote-apps',
    key: 'remoteapp',
    permKey: 'remoteapppermission',
    protocol: 'rdp',
    wrong: 'mysql',
  },
  {
    url: '/api/v1/perms/database-app-permissions/',
    apps: '/api/v1/applications/database-apps/',
    field: 'database_apps',
    segment: 'database-apps',
    key: 'databaseapp',
    permKey: 'databaseapppermission',
    protocol: 'mysql',
    wrong: 'k8s',
  },
  {
    url: '/api/v1/perms/k8s-app-permissions/',
    apps: '/api/v1/applications/k8s-apps/',
    field: 'k8s_apps',
    segment: 'k8s-apps',
    key: 'k8sapp',
    permKey: 'k8sapppermission',
    protocol: 'k8s',
    wrong: 'rdp',
  },
];

async function setup(t: Parameters<typeof assetsApp>[0]) {
  const fx = await assetsApp(t);
  const systemUser = (protocol: string, org = fx.eng) =>
    fx.db
      .prepare('SELECT id FROM system_users WHERE protocol = ? AND org_id = ? ORDER BY name LIMIT 1')
      .pluck()
      .get(protocol, org) as string;
  const groupId = (name: string, org = fx.eng) =>
    fx.db.prepare('SELECT id FROM user_groups WHERE name = ? AND org_id = ?').pluck().get(name, org) as string;
  return { ...fx, systemUser, groupId };
}

for (const kind of KINDS) {
  test(`${kind.field}: body rules, amounts, validity and the protocol of the system users`, async (t) => {
    const { app, db, call, get, eng, ops, systemUser } = await setup(t);
    const apps = await get(kind.apps);
    const missing = await call('POST', kind.url, { name: 'p-missing' });
    assert.deepEqual([missing.statusCode, missing.json().system_users], [400, ['This field is required.']]);
    const empty = await call('POST', kind.url, { name: 'p-empty', system_users: [] });
    assert.deepEqual([empty.statusCode, empty.json().system_users], [400, ['This list may not be empty.']]);
    const wrong = await call('POST', kind.url, { name: 'p-wrong', system_users: [systemUser(kind.wrong)] });
    assert.equal(wrong.statusCode, 400);
    assert.match(wrong.json().system_users[0], new RegExp(`is not ${kind.protocol}$`));
    const foreignApp = (await get(kind.apps, { org: ops }))[0].id;
    const foreign = await call('POST', kind.url, {
      name: 'p-foreign',
      system_users: [systemUser(kind.protocol)],
      [kind.field]: [foreignApp],
    });
    assert.match(foreign.json()[kind.field][0], /^Invalid pk/);
    const outsider = await call('POST', kind.url, {
      name: 'p-outsider',
      system_users: [systemUser(kind.protocol)],
      users: [userId(app, 'newuser')],
    });
    assert.match(outsider.json().users[0], /^Invalid pk/, 'newuser is no member of Engineering');
    const otherOrgSystemUser = await call('POST', kind.url, {
      name: 'p-su',
      system_users: [systemUser(kind.protocol, ops)],
    });
    assert.match(otherOrgSystemUser.json().system_users[0], /^Invalid pk/);

    const created = await call('POST', kind.url, {
      name: 'p-ok',
      system_users: [systemUser(kind.protocol)],
      [kind.field]: [apps[0].id, apps[1]?.id ?? apps[0].id],
      users: [userId(app, 'user')],
    });
    assert.equal(created.statusCode, 201, created.body);
    const body = created.json();
    assert.equal(body.org_id, eng);
    assert.deepEqual([body.users_amount, body.user_groups_amount, body.system_users_amount], [1, 0, 1]);
    assert.equal(body[`${kind.field}_amount`], new Set([apps[0].id, apps[1]?.id ?? apps[0].id]).size);
    assert.equal(body.is_valid, true);
    assert.equal(
      db
        .prepare(`SELECT COUNT(*) FROM ${kind.field.replace(/s$/, '')}_permission_users WHERE permission_id = ?`)
        .pluck()
        .get(body.id),
      1,
    );
    const expired = await call('PATCH', `${kind.url}${body.id}/`, { date_expired: '2020-01-01 00:00:00 +0800' });
    assert.equal(expired.json().is_valid, false);
    const invalid = (await get(`${kind.url}?is_valid=0`)).map((p: { id: string }) => p.id);
    assert.ok(invalid.includes(body.id));
    assert.ok(!(await get(`${kind.url}?is_valid=1`)).some((p: { id: string }) => p.id === body.id));
    const inactive = await call('PATCH', `${kind.url}${body.id}/`, {
      date_expired: '2090-01-01 00:00:00 +0800',
      is_active: false,
    });
    assert.equal(inactive.json().is_valid, false, 'inactive');
  });

  test(`${kind.field}: add/remove, users/all through groups, ${kind.segment}/all, relation endpoints`, async (t) => {
    const { app, call, get, systemUser, groupId } = await setup(t);
    const apps = await get(kind.apps);
    const created = (
      await call('POST', kind.url, {
        name: 'p-links',
        system_users: [systemUser(kind.protocol)],
        user_groups: [groupId('Developers')],
      })
    ).json();
    const base = `${kind.url}${created.id}/`;
    // users/all: the members of Developers (user, liwei, akumar) plus a direct user.
    const added = await call('PATCH', `${base}users/add/`, { users: [userId(app, 'jsmith')] });
    assert.deepEqual([added.statusCode, added.json()], [200, { msg: 'ok' }]);
    const everyone = (await get(`${base}users/all/`)).map((u: { user_display: string }) => u.user_display).sort();
    assert.deepEqual(everyone, ['Arjun Kumar(akumar)', 'Demo User(user)', 'John Smith(jsmith)', '李伟(liwei)']);
    assert.equal((await get(`${base}users/all/?search=jsmith`)).length, 1);
    const refused = await call('PUT', `${base}users/add/`, { users: [userId(app, 'newuser')] });
    assert.equal(refused.statusCode, 200, '2.3 answers 200 with the error');
    assert.match(refused.json().error.users[0], /^Invalid pk/);
    await call('PUT', `${base}users/remove/`, { users: [userId(app, 'jsmith')] });
    assert.deepEqual((await get(base)).users, []);

    const addApps = await call('PATCH', `${base}${kind.segment}/add/`, { [kind.field]: [apps[0].id] });
    assert.deepEqual(addApps.json(), { msg: 'ok' });
    assert.deepEqual(await get(`${base}${kind.segment}/all/`), [
      { [kind.key]: apps[0].id, [`${kind.key}_display`]: apps[0].name },
    ]);
    assert.deepEqual(await get(`${base}${kind.segment}/add/`), { id: created.id, [kind.field]: [apps[0].id] });
    await call('PATCH', `${base}${kind.segment}/remove/`, { [kind.field]: [apps[0].id] });
    assert.deepEqual(await get(`${base}${kind.segment}/all/`), []);

    // Relations: link an app and a user row by row, refuse duplicates and wrong protocols, unlink by filter.
    const relations = `${kind.url.slice(0, -1)}-${kind.segment}-relations/`;
    const link = await call('POST', relations, { [kind.permKey]: created.id, [kind.key]: apps[0].id });
    assert.equal(link.statusCode, 201, link.body);
    assert.deepEqual(
      [link.json()[`${kind.key}_display`], link.json()[`${kind.permKey}_display`]],
      [apps[0].name, 'p-links'],
    );
    const twice = await call('POST', relations, { [kind.permKey]: created.id, [kind.key]: apps[0].id });
    assert.equal(twice.statusCode, 400);
    assert.ok(twice.json().non_field_errors);
    const suRelations = `${kind.url.slice(0, -1)}-system-users-relations/`;
    const badSu = await call('POST', suRelations, { [kind.permKey]: created.id, systemuser: systemUser(kind.wrong) });
    assert.equal(badSu.statusCode, 400, badSu.body);
    const rows = await get(`${suRelations}?${kind.permKey}=${created.id}`);
    assert.equal(rows.length, 1);
    assert.match(rows[0].systemuser_display, /^.+\(.*\)$/);
    const unlink = await call('DELETE', `${relations}?${kind.permKey}=${created.id}&${kind.key}=${apps[0].id}`);
    assert.equal(unlink.statusCode, 204, unlink.body);
    assert.deepEqual((await get(base))[kind.field], []);
  });
}

test('database and k8s permissions are bulk with a display serializer; remote-app permissions are not bulk', async (t) => {
  const { call, get } = await setup(t);
  const display = await get('/api/v1/perms/database-app-permissions/?draw=1');
  assert.ok(display.length > 0);
  assert.ok(!('users' in display[0]) && !('database_apps' in display[0]), 'no id lists');
  assert.equal(typeof display[0].is_expired, 'boolean');
  assert.ok(Array.isArray((await get('/api/v1/perms/k8s-app-permissions/'))[0].k8s_apps));
  assert.equal((await call('PATCH', '/api/v1/perms/remote-app-permissions/', [])).statusCode, 405);
  assert.equal((await call('PATCH', '/api/v1/perms/k8s-app-permissions/', [])).statusCode, 200);
});

test('access: org admins inside their org only; auditors and users cannot read or write', async (t) => {
  const { call, get, ops, systemUser } = await setup(t);
  const opsPermission = (await get('/api/v1/perms/k8s-app-permissions/', { org: ops }))[0];
  assert.equal(
    (await call('GET', `/api/v1/perms/k8s-app-permissions/${opsPermission.id}/`, undefined, { as: 'orgadmin' }))
      .statusCode,
    404,
  );
  assert.equal(
    (
      await call(
        'PATCH',
        `/api/v1/perms/k8s-app-permissions/${opsPermission.id}/users/add/`,
        { users: [] },
        { as: 'orgadmin' },
      )
    ).statusCode,
    404,
  );
  assert.equal(
    (await call('GET', '/api/v1/perms/k8s-app-permissions/', undefined, { as: 'orgadmin', org: ops })).statusCode,
    403,
  );
  const own = await call(
    'POST',
    '/api/v1/perms/k8s-app-permissions/',
    { name: 'p-orgadmin', system_users: [systemUser('k8s')] },
    { as: 'orgadmin' },
  );
  assert.equal(own.statusCode, 201, own.body);
  for (const as of ['orgauditor', 'user']) {
    assert.equal((await call('GET', '/api/v1/perms/remote-app-permissions/', undefined, { as })).statusCode, 403);
    assert.equal(
      (
        await call(
          'POST',
          '/api/v1/perms/k8s-app-permissions/',
          { name: `p-${as}`, system_users: [systemUser('k8s')] },
          { as },
        )
      ).statusCode,
      403,
    );
    assert.equal(
      (await call('PATCH', `/api/v1/perms/k8s-app-permissions/${own.json().id}/users/add/`, { users: [] }, { as }))
        .statusCode,
      403,
    );
    assert.equal(
      (await call('GET', `/api/v1/perms/k8s-app-permissions/${own.json().id}/users/all/`, undefined, { as }))
        .statusCode,
      403,
    );
  }
});

// The application grant engine (perms/app-grants.ts) through its endpoints: a table of cases (direct,
// via group, expired, not yet started, inactive, another org, a group of another user), each granting
// one fresh app to a fresh user, then what the user variant (current org), the "my" variant (every org)
// and the group variant list; the system users of an app (kind's protocol, -priority, several
// permissions); trees; validate; who may ask.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetsApp } from '../assets/assets-fixture.ts';
import { PASSWORD, userId } from '../helpers.ts';

const PERMS = '/api/v1/perms';
const KINDS = [
  {
    segment: 'remote-apps',
    field: 'remote_apps',
    perm: 'remote-app-permissions',
    protocol: 'rdp',
    body: (name: string, host: string) => ({
      name,
      asset: host,
      path: 'C:\\app.exe',
      type: 'custom',
      params: { custom_cmdline: '-x' },
    }),
  },
  {
    segment: 'database-apps',
    field: 'database_apps',
    perm: 'database-app-permissions',
    protocol: 'mysql',
    body: (name: string) => ({ name, host: '127.10.3.90', database: 'x' }),
  },
  {
    segment: 'k8s-apps',
    field: 'k8s_apps',
    perm: 'k8s-app-permissions',
    protocol: 'k8s',
    body: (name: string) => ({ name, cluster: 'https://127.40.0.90:6443' }),
  },
];
const HOUR = 3_600_000;

async function setup(t: Parameters<typeof assetsApp>[0]) {
  const fx = await assetsApp(t);
  const { db, call, eng, ops } = fx;
  const made = await call('POST', '/api/v1/users/users/', {
    username: 'grantee',
    name: 'Grace Grantee',
    email: 'grantee@bastion.example.com',
    password: PASSWORD,
    password_strategy: 1,
  });
  assert.equal(made.statusCode, 201, made.body);
  const grantee = made.json().id as string;
  // Also a member of Operations, for the cross-org cases.
  db.prepare("INSERT INTO org_members (org_id, user_id, role) VALUES (?, ?, 'User')").run(ops, grantee);
  const group = async (name: string, org: string, users: string[]) => {
    const response = await call('POST', '/api/v1/users/groups/', { name, users }, { org });
    assert.equal(response.statusCode, 201, response.body);
    return response.json().id as string;
  };
  const systemUser = (protocol: string, org: string) =>
    db
      .prepare('SELECT id FROM system_users WHERE protocol = ? AND org_id = ? ORDER BY priority, name LIMIT 1')
      .pluck()
      .get(protocol, org) as string;
  const host = (org: string) =>
    db.prepare("SELECT id FROM assets WHERE hostname = 'office-win-03' AND org_id = ?").pluck().get(org) as string;
  return { ...fx, grantee, group, systemUser, host, eng, ops };
}

const ids = (body: unknown): string[] =>
  ((Array.isArray(body) ? body : (body as { results: { id: string }[] }).results) as { id: string }[]).map((r) => r.id);

test('grant cases: who reaches the app in the user view (current org), the "my" view (every org) and the group view', async (t) => {
  const fx = await setup(t);
  const { app, call, get, grantee, eng, ops } = fx;
  const now = app.bastion.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const mine = await fx.group('Grantees', eng, [grantee]);
  const theirs = await fx.group('Others', eng, [userId(app, 'liwei')]);
  const opsGroup = await fx.group('Ops grantees', ops, [grantee]);
  const cases = [
    { name: 'direct user', org: eng, body: { users: [grantee] }, user: true, my: true },
    { name: 'via group', org: eng, body: { user_groups: [mine] }, user: true, my: true, group: mine },
    {
      name: 'expired',
      org: eng,
      body: { users: [grantee], date_start: iso(now - 48 * HOUR), date_expired: iso(now - HOUR) },
      user: false,
      my: false,
    },
    {
      name: 'not yet started',
      org: eng,
      body: { users: [grantee], date_start: iso(now + HOUR) },
      user: false,
      my: false,
    },
    {
      name: 'inactive',
      org: eng,
      body: { user_groups: [mine], is_active: false },
      user: false,
      my: false,
      group: mine,
      groupSees: false,
    },
    {
      name: "another user's group",
      org: eng,
      body: { user_groups: [theirs] },
      user: false,
      my: false,
      group: theirs,
      groupSees: true,
    },
    { name: 'other org via group', org: ops, body: { user_groups: [opsGroup] }, user: false, my: true },
  ];
  for (const kind of KINDS) {
    for (const [i, c] of cases.entries()) {
      const what = `${kind.segment} / ${c.name}`;
      const created = await call(
        'POST',
        `/api/v1/applications/${kind.segment}/`,
        kind.body(`grant-${kind.segment}-${i}`, fx.host(c.org)),
        { org: c.org },
      );
      assert.equal(created.statusCode, 201, `${what}: ${created.body}`);
      const appId = created.json().id as string;
      const perm = await call(
        'POST',
        `${PERMS}/${kind.perm}/`,
        { name: `grant ${i}`, system_users: [fx.systemUser(kind.protocol, c.org)], [kind.field]: [appId], ...c.body },
        { org: c.org },
      );
      assert.equal(perm.statusCode, 201, `${what}: ${perm.body}`);
      assert.equal(
        ids(await get(`${PERMS}/users/${grantee}/${kind.segment}/`)).includes(appId),
        c.user,
        `${what}: user view in Engineering`,
      );
      assert.equal(
        ids(await get(`${PERMS}/users/${kind.segment}/`, { as: 'grantee' })).includes(appId),
        c.my,
        `${what}: my view`,
      );
      if (c.group)
        assert.equal(
          ids(await get(`${PERMS}/user-groups/${c.group}/${kind.segment}/`)).includes(appId),
          c.groupSees ?? true,
          `${what}: group view`,
        );
    }
  }
  // The "my" list pages, filters and searches like 2.3's (filter name/id/type/comment, search name/comment).
  const page = await get(`${PERMS}/users/k8s-apps/?limit=1`, { as: 'grantee' });
  assert.deepEqual([page.count, page.results.length], [3, 1]);
  assert.equal(page.results[0].name, 'grant-k8s-apps-0', 'ordered by name');
  assert.deepEqual(
    (await get(`${PERMS}/users/k8s-apps/?search=grant-k8s-apps-6`, { as: 'grantee' })).map(
      (a: { org_name: string }) => a.org_name,
    ),
    ['Operations'],
  );
  assert.deepEqual(ids(await get(`${PERMS}/users/remote-apps/?type=chrome`, { as: 'grantee' })), []);
});

test("system users of a granted app: the kind's protocol only, highest priority first, from every valid permission", async (t) => {
  const fx = await setup(t);
  const { call, get, grantee, eng, db } = fx;
  const appId = (await get('/api/v1/applications/database-apps/')).find(
    (a: { name: string }) => a.name === 'orders-mysql',
  ).id as string;
  const mk = async (name: string, priority: number, protocol = 'mysql') => {
    const response = await call('POST', '/api/v1/assets/system-users/', {
      name,
      username: name,
      protocol,
      login_mode: 'manual',
      priority,
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json().id as string;
  };
  const low = await mk('db-low', 10);
  const high = await mk('db-high', 90);
  const expiredOnly = await mk('db-expired', 50);
  await call('POST', `${PERMS}/database-app-permissions/`, {
    name: 'g1',
    users: [grantee],
    database_apps: [appId],
    system_users: [low],
  });
  await call('POST', `${PERMS}/database-app-permissions/`, {
    name: 'g2',
    users: [grantee],
    database_apps: [appId],
    system_users: [high],
  });
  await call('POST', `${PERMS}/database-app-permissions/`, {
    name: 'g3',
    users: [grantee],
    database_apps: [appId],
    system_users: [expiredOnly],
    date_expired: '2020-01-01 00:00:00 +0000',
  });
  // A system user whose protocol was changed after it was granted is not offered for the app.
  const drifted = await mk('db-drifted', 99);
  await call('POST', `${PERMS}/database-app-permissions/`, {
    name: 'g4',
    users: [grantee],
    database_apps: [appId],
    system_users: [drifted],
  });
  db.prepare("UPDATE system_users SET protocol = 'ssh' WHERE id = ?").run(drifted);

  const mineList = await get(`${PERMS}/users/database-apps/${appId}/system-users/`, { as: 'grantee' });
  assert.deepEqual(
    mineList.map((s: { name: string }) => s.name),
    ['db-high', 'db-low'],
  );
  assert.deepEqual(Object.keys(mineList[0]).sort(), ['id', 'login_mode', 'name', 'priority', 'protocol', 'username']);
  const userList = await get(`${PERMS}/users/${grantee}/database-apps/${appId}/system-users/`, { org: eng });
  assert.deepEqual(
    userList.map((s: { id: string }) => s.id),
    [high, low],
  );

  const validate = (systemUser: string) =>
    call(
      'GET',
      `${PERMS}/database-app-permissions/user/validate/?user_id=${grantee}&database_app_id=${appId}&system_user_id=${systemUser}`,
    );
  assert.deepEqual([(await validate(high)).statusCode, (await validate(high)).json()], [200, { msg: true }]);
  assert.deepEqual(
    [(await validate(expiredOnly)).statusCode, (await validate(expiredOnly)).json()],
    [403, { msg: false }],
  );
  assert.equal(
    (await call('GET', `${PERMS}/database-app-permissions/user/validate/?user_id=${grantee}`)).statusCode,
    403,
  );
  assert.deepEqual(
    (
      await call(
        'GET',
        `${PERMS}/database-app-permissions/user/validate/?user_id=x&database_app_id=${appId}&system_user_id=${high}`,
      )
    ).json(),
    { msg: false },
  );
  const own = `${PERMS}/database-app-permissions/user/validate/?user_id=${grantee}&database_app_id=${appId}&system_user_id=${low}`;
  assert.equal((await call('GET', own, undefined, { as: 'grantee' })).statusCode, 200, 'a user asks about themself');
  assert.equal((await call('GET', own, undefined, { as: 'liwei' })).statusCode, 403, 'not about someone else');
});

test('trees: Lina items under one root per kind, ?only=1 without it', async (t) => {
  const { get } = await setup(t);
  const tree = await get(`${PERMS}/users/k8s-apps/tree/`, { as: 'jsmith' });
  assert.deepEqual(tree[0], {
    id: 'ID_K8S_APP_ROOT',
    name: 'KubernetesApp',
    title: 'K8sApp',
    pId: '',
    isParent: true,
    open: false,
    iconSkin: '',
    nocheck: false,
    meta: { type: 'k8s_app' },
  });
  assert.ok(tree.length > 1);
  assert.ok(
    tree
      .slice(1)
      .every(
        (item: { pId: string; iconSkin: string; meta: { type: string } }) =>
          item.pId === 'ID_K8S_APP_ROOT' && item.iconSkin === 'file' && item.meta.type === 'k8s_app',
      ),
  );
  const only = await get(`${PERMS}/users/k8s-apps/tree/?only=1`, { as: 'jsmith' });
  assert.deepEqual(
    only.map((i: { id: string }) => i.id),
    tree.slice(1).map((i: { id: string }) => i.id),
  );
  assert.ok(only.every((i: { pId: string }) => i.pId === ''));
  const remote = await get(`${PERMS}/users/remote-apps/tree/`, { as: 'user' });
  assert.equal(remote[0].id, 'ID_REMOTE_APP_ROOT');
});

test("seeded demo users see apps on their side; access to other users' grants is for org admins of their org", async (t) => {
  const { app, call, get, ops } = await setup(t);
  // user: Everyone (DEFAULT) and Developers (Engineering) grants.
  const remote = await get(`${PERMS}/users/remote-apps/`, { as: 'user' });
  assert.deepEqual(new Set(remote.map((a: { org_name: string }) => a.org_name)), new Set(['DEFAULT', 'Engineering']));
  const databases = await get(`${PERMS}/users/database-apps/`, { as: 'user' });
  assert.ok(databases.length >= 2);
  assert.equal((await call('GET', `${PERMS}/users/database-apps/`)).statusCode, 200, 'an admin has a "my" view too');
  const liwei = userId(app, 'liwei');
  assert.deepEqual(
    ids(await get(`${PERMS}/users/${liwei}/database-apps/`, { org: 'DEFAULT' })),
    [],
    "liwei's only DEFAULT database grant expired",
  );
  // A plain user may not read another user's grants; an org admin only in their org; unknown subjects 404.
  assert.equal((await call('GET', `${PERMS}/users/${liwei}/remote-apps/`, undefined, { as: 'user' })).statusCode, 403);
  assert.equal(
    (await call('GET', `${PERMS}/users/${liwei}/remote-apps/`, undefined, { as: 'orgadmin' })).statusCode,
    200,
  );
  assert.equal(
    (await call('GET', `${PERMS}/users/${liwei}/remote-apps/`, undefined, { as: 'orgadmin', org: ops })).statusCode,
    403,
  );
  assert.equal(
    (await call('GET', `${PERMS}/users/${liwei}/remote-apps/`, undefined, { as: 'orgauditor' })).statusCode,
    403,
    'auditors do not (2.3: IsOrgAdminOrAppUser)',
  );
  assert.equal(
    (await call('GET', `${PERMS}/users/${userId(app, 'user')}/remote-apps/`, undefined, { as: 'user' })).statusCode,
    403,
    'a user reads their own through "my"',
  );
  assert.equal(
    (await call('GET', `${PERMS}/users/${userId(app, 'newuser')}/remote-apps/`, undefined, { as: 'orgadmin' }))
      .statusCode,
    404,
    'not a member of Engineering',
  );
  assert.equal((await call('GET', `${PERMS}/users/not-a-uuid/k8s-apps/tree/`)).statusCode, 404);
  const opsGroup = app.bastion.db.prepare("SELECT id FROM user_groups WHERE name = 'SRE'").pluck().get() as string;
  assert.equal(
    (await call('GET', `${PERMS}/user-groups/${opsGroup}/k8s-apps/`, undefined, { as: 'orgadmin' })).statusCode,
    404,
    'a group of another org',
  );
  assert.equal(
    (await call('GET', `${PERMS}/users/remote-apps/`, undefined, { as: 'orgauditor' })).statusCode,
    200,
    'every valid user has a "my" view',
  );
  assert.equal((await app.inject({ method: 'GET', url: `${PERMS}/users/remote-apps/` })).statusCode, 401);
});

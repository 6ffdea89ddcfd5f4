import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedBulkUsers } from '../../../scripts/bench/server/bulk-seed.ts';
import { bearer, build, orgId, userId } from '../helpers.ts';

const USERS = '/api/v1/users/users/';
type Row = Record<string, unknown>;

async function setup(t: Parameters<typeof build>[0]) {
  const app = await build(t);
  const eng = orgId(app, 'Engineering');
  const as = async (username: string, org = eng) => ({
    ...(await bearer(app, username)),
    'x-jms-org': org,
    'accept-language': 'en',
  });
  const call = async (
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS',
    url: string,
    payload?: unknown,
  ) => app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as never }) });
  const usernames = (body: Row[] | { results: Row[] }) =>
    (Array.isArray(body) ? body : body.results).map((u) => u.username);
  return { app, db: app.bastion.db, eng, as, call, usernames };
}

test('the list is per org: members in a real org, everyone in DEFAULT, ?all=1 for superusers only', async (t) => {
  const { eng, as, call, usernames } = await setup(t);
  const orgadmin = await as('orgadmin');
  assert.deepEqual(usernames((await call(orgadmin, 'GET', USERS)).json()), [
    'akumar',
    'jsmith',
    'liwei',
    'orgadmin',
    'orgauditor',
    'user',
  ]);
  assert.equal((await call(orgadmin, 'GET', `${USERS}?all=1`)).statusCode, 403);
  const admin = await as('admin', 'DEFAULT');
  const everyone = usernames((await call(admin, 'GET', USERS)).json());
  assert.equal(everyone.length, 14);
  assert.equal((await call(await as('admin', eng), 'GET', `${USERS}?all=1`)).json().length, 14);
  assert.deepEqual(usernames((await call(orgadmin, 'GET', `${USERS}?org_role=admins`)).json()), ['orgadmin']);
  assert.deepEqual(usernames((await call(orgadmin, 'GET', `${USERS}?org_role=auditors`)).json()), ['orgauditor']);
  assert.deepEqual(usernames((await call(admin, 'GET', `${USERS}?org_role=admins`)).json()), ['admin']);
  // Pages past the middle are read from the end: they must still be the same slice of the same order.
  for (const offset of [0, 5, 10, 13, 14, 20]) {
    const page = (await call(admin, 'GET', `${USERS}?limit=5&offset=${offset}`)).json();
    assert.equal(page.count, 14);
    assert.deepEqual(usernames(page), everyone.slice(offset, offset + 5), `offset ${offset}`);
  }
  const byName = usernames((await call(admin, 'GET', `${USERS}?order=-name&limit=4&offset=12`)).json());
  assert.deepEqual(byName, usernames((await call(admin, 'GET', `${USERS}?order=-name`)).json()).slice(12));
});

test('role limit: org admins only see and assign User; superusers all three roles', async (t) => {
  const { as, call } = await setup(t);
  const orgadmin = await as('orgadmin');
  const refused = await call(orgadmin, 'POST', USERS, {
    username: 'boss',
    name: 'Boss',
    email: 'boss@example.com',
    role: 'Admin',
  });
  assert.equal(refused.statusCode, 400);
  assert.deepEqual(refused.json(), { role: ['Role limit to User'] });
  const roleChoices = async (headers: Record<string, string>) =>
    ((await call(headers, 'OPTIONS', USERS)).json().actions.POST.role.choices as { value: string }[]).map(
      (c) => c.value,
    );
  assert.deepEqual(await roleChoices(orgadmin), ['User']);
  assert.deepEqual(await roleChoices(await as('admin')), ['Admin', 'Auditor', 'User']);
  const made = await call(await as('admin'), 'POST', USERS, {
    username: 'boss',
    name: 'Boss',
    email: 'boss@example.com',
    role: 'Auditor',
  });
  assert.equal(made.statusCode, 201, made.body);
  assert.equal(made.json().role_display, 'System auditor');
});

test('org_roles: a user created in a real org joins it as User; PATCH replaces the roles in that org only', async (t) => {
  const { db, eng, as, call } = await setup(t);
  const orgadmin = await as('orgadmin');
  const created = (
    await call(orgadmin, 'POST', USERS, { username: 'dev1', name: 'Dev One', email: 'dev1@example.com' })
  ).json();
  assert.deepEqual(created.org_roles, ['User']);
  assert.equal(created.date_expired, '2093-12-28 16:30:00 +0800', 'now + 70 × 365 days');
  assert.deepEqual(
    [created.is_valid, created.is_expired, created.source, created.mfa_level],
    [true, false, 'local', 0],
  );
  const patched = await call(orgadmin, 'PATCH', `${USERS}${created.id}/`, { org_roles: ['Admin', 'User'] });
  assert.deepEqual(patched.json().org_roles, ['Admin', 'User']);
  assert.equal(patched.json().org_role_display, 'Organization administrator | User');
  db.prepare("INSERT INTO org_members (org_id, user_id, role) VALUES (?, ?, 'User')").run(
    orgId({ bastion: { db } } as never, 'Operations'),
    created.id,
  );
  // A user who is also in another org is a superuser's to change (user-escalation.test.ts).
  await call(await as('admin'), 'PATCH', `${USERS}${created.id}/`, { org_roles: ['Auditor'] });
  const roles = db
    .prepare('SELECT org_id, role FROM org_members WHERE user_id = ? ORDER BY role')
    .all(created.id) as Row[];
  assert.deepEqual(
    roles.map((r) => `${r.org_id === eng ? 'eng' : 'other'}:${r.role}`),
    ['eng:Auditor', 'other:User'],
  );
  const inDefault = await call(await as('admin', 'DEFAULT'), 'POST', USERS, {
    username: 'free',
    name: 'Free',
    email: 'free@example.com',
  });
  assert.equal(db.prepare('SELECT COUNT(*) FROM org_members WHERE user_id = ?').pluck().get(inDefault.json().id), 0);
  const expired = await call(await as('admin'), 'PATCH', `${USERS}${created.id}/`, {
    date_expired: '2020-01-01T00:00:00Z',
  });
  assert.deepEqual([expired.json().is_valid, expired.json().is_expired], [false, true]);
});

test('DELETE in a real org only ends the membership (and its groups); in DEFAULT it deletes the user', async (t) => {
  const { app, db, as, call, usernames } = await setup(t);
  // jsmith is also in Operations: only an admin of both orgs may remove him from one (user-escalation.test.ts).
  db.prepare("INSERT INTO org_members (org_id, user_id, role) VALUES (?, ?, 'Admin')").run(
    orgId(app, 'Operations'),
    userId(app, 'orgadmin'),
  );
  const orgadmin = await as('orgadmin');
  const jsmith = userId(app, 'jsmith');
  assert.equal((await call(orgadmin, 'DELETE', `${USERS}${jsmith}/`)).statusCode, 204);
  assert.ok(!usernames((await call(orgadmin, 'GET', USERS)).json()).includes('jsmith'));
  const groups = db
    .prepare(
      'SELECT g.name FROM user_groups g JOIN user_group_users r ON r.group_id = g.id WHERE r.user_id = ? ORDER BY g.name',
    )
    .pluck()
    .all(jsmith);
  assert.deepEqual(groups, ['DBA', 'Everyone'], 'the Engineering group went; Operations and DEFAULT groups kept');
  assert.equal(db.prepare('SELECT COUNT(*) FROM org_members WHERE user_id = ?').pluck().get(jsmith), 1);
  const admin = await as('admin', 'DEFAULT');
  assert.equal((await call(admin, 'DELETE', `${USERS}${userId(app, 'chenjie')}/`)).statusCode, 204);
  assert.equal(db.prepare("SELECT COUNT(*) FROM users WHERE username = 'chenjie'").pluck().get(), 0);
});

test('can_update / can_delete: nobody deletes self or admin; org admins keep off system roles and other org admins', async (t) => {
  const { app, db, eng, as, call } = await setup(t);
  const sysauditor = userId(app, 'sysauditor');
  const akumar = userId(app, 'akumar');
  db.prepare("INSERT INTO org_members (org_id, user_id, role) VALUES (?, ?, 'User'), (?, ?, 'Admin')").run(
    eng,
    sysauditor,
    eng,
    akumar,
  );
  const orgadmin = await as('orgadmin');
  const flags = Object.fromEntries(
    ((await call(orgadmin, 'GET', USERS)).json() as Row[]).map((u) => [u.username, `${u.can_update}/${u.can_delete}`]),
  );
  assert.deepEqual(
    [flags.orgadmin, flags.sysauditor, flags.akumar, flags.user],
    ['true/false', 'false/false', 'true/false', 'true/true'],
  );
  assert.equal((await call(orgadmin, 'PATCH', `${USERS}${sysauditor}/`, { comment: 'x' })).statusCode, 403);
  assert.equal((await call(orgadmin, 'DELETE', `${USERS}${sysauditor}/`)).statusCode, 403);
  assert.equal((await call(orgadmin, 'DELETE', `${USERS}${akumar}/`)).statusCode, 403);
  assert.equal((await call(orgadmin, 'PATCH', `${USERS}${akumar}/`, { comment: 'fine' })).statusCode, 200);
  assert.equal((await call(orgadmin, 'DELETE', `${USERS}${userId(app, 'orgadmin')}/`)).statusCode, 403);
  const admin = await as('admin', 'DEFAULT');
  assert.equal((await call(admin, 'DELETE', `${USERS}${userId(app, 'admin')}/`)).statusCode, 403);
  assert.equal((await call(admin, 'DELETE', `${USERS}${sysauditor}/`)).statusCode, 204);
  const bulk = await call(orgadmin, 'DELETE', `${USERS}?ids=${akumar},${userId(app, 'user')}`);
  assert.equal(bulk.statusCode, 403, 'a bulk delete checks every object');
  assert.equal(
    db
      .prepare('SELECT COUNT(*) FROM org_members WHERE org_id = ? AND user_id = ?')
      .pluck()
      .get(eng, userId(app, 'user')),
    1,
    'and deletes none',
  );
});

test('password rules come from the security settings; a set password logs in', async (t) => {
  const { app, as, call } = await setup(t);
  app.bastion.settings.set('SECURITY_PASSWORD_UPPER_CASE', true, 'security');
  const admin = await as('admin');
  const body = { username: 'pw', name: 'Pw', email: 'pw@example.com', password_strategy: 1 };
  const weak = await call(admin, 'POST', USERS, { ...body, password: 'lowercase1' });
  assert.deepEqual(
    [weak.statusCode, weak.json()],
    [400, { password: ['Password does not match security rules', 'Password must contain an uppercase letter'] }],
  );
  const zh = await call({ ...admin, 'accept-language': 'zh' }, 'POST', USERS, { ...body, password: 'short' });
  assert.deepEqual(zh.json(), { password: ['密码不满足安全规则', '密码长度至少为 6 位', '密码必须包含大写字母'] });
  const ok = await call(admin, 'POST', USERS, { ...body, password: 'Upper-case1' });
  assert.equal(ok.statusCode, 201, ok.body);
  assert.ok(!('password' in ok.json()), 'write-only');
  await bearer(app, 'pw', 'Upper-case1');
});

test('groups are limited to the current org; auditors are kept out of groups', async (t) => {
  const { app, db, as, call } = await setup(t);
  const groupId = (name: string) => db.prepare('SELECT id FROM user_groups WHERE name = ?').pluck().get(name) as string;
  const orgadmin = await as('orgadmin');
  const body = { username: 'g1', name: 'G1', email: 'g1@example.com' };
  const foreign = await call(orgadmin, 'POST', USERS, { ...body, groups: [groupId('SRE')] });
  assert.deepEqual(foreign.json(), { groups: [`Invalid pk "${groupId('SRE')}" - object does not exist.`] });
  const ok = (await call(orgadmin, 'POST', USERS, { ...body, groups: [groupId('Developers')] })).json();
  assert.deepEqual([ok.groups, ok.groups_display], [[groupId('Developers')], 'Developers']);
  const admin = await as('admin');
  const auditor = await call(admin, 'PATCH', `${USERS}${userId(app, 'liwei')}/`, {
    role: 'Auditor',
    groups: [groupId('Developers')],
  });
  assert.deepEqual(auditor.json().groups, []);
});

test('search: words AND-ed over username/name/email/source, case-insensitive, short words and wildcards literal', async (t) => {
  const { as, call, usernames } = await setup(t);
  const admin = await as('admin', 'DEFAULT');
  const search = async (text: string) =>
    usernames((await call(admin, 'GET', `${USERS}?search=${encodeURIComponent(text)}`)).json());
  assert.deepEqual(await search('WANG oscar'), ['orgauditor'], 'indexed words, AND-ed across fields');
  assert.deepEqual(await search('li'), ['liwei', 'orgadmin'], 'a two-letter word falls back to LIKE (Olivia)');
  assert.deepEqual(await search('张'), ['zhangmin'], 'one CJK character');
  assert.deepEqual(await search('wang li'), [], 'both words must match');
  assert.deepEqual(await search('%'), [], '% is not a wildcard');
  assert.deepEqual(await search('example.com chen'), ['chenjie', 'orgadmin']);
});

test('the bench seed adds users that list, page from the end and search like any other', async (t) => {
  const { db, as, call, usernames } = await setup(t);
  assert.equal(seedBulkUsers(db, 300), 300);
  const admin = await as('admin', 'DEFAULT');
  const last = (await call(admin, 'GET', `${USERS}?limit=15&offset=300`)).json();
  assert.equal(last.count, 314);
  assert.deepEqual(usernames(last), usernames((await call(admin, 'GET', USERS)).json()).slice(300));
  assert.equal(last.results.length, 14);
  assert.deepEqual(usernames((await call(admin, 'GET', `${USERS}?search=bench142`)).json()), ['bench142']);
  assert.equal((await call(admin, 'GET', `${USERS}?source=ldap&limit=1`)).json().count, 43);
});

test('CSV export stops at 10,000 rows and honours the filters', async (t) => {
  const { db, as, call } = await setup(t);
  seedBulkUsers(db, 10_050);
  const admin = await as('admin', 'DEFAULT');
  const lines = async (query: string) =>
    (await call(admin, 'GET', `${USERS}?format=csv${query}`)).body.trim().split(/\r?\n/).length - 1;
  assert.equal(await lines(''), 10_000);
  assert.equal(await lines('&source=ldap'), 1436, 'the source filter');
  assert.equal(await lines('&search=bench1004'), 11, 'the search');
});

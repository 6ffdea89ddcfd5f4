import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build, loginSession, orgId, PASSWORD } from '../helpers.ts';

const PROFILE = '/api/v1/users/profile/';
const FIELDS = [
  'id',
  'username',
  'name',
  'email',
  'role',
  'role_display',
  'groups',
  'groups_display',
  'mfa_level',
  'mfa_level_display',
  'mfa_enabled',
  'mfa_force_enabled',
  'public_key_comment',
  'public_key_hash_md5',
  'comment',
  'is_active',
  'is_valid',
  'is_expired',
  'is_first_login',
  'date_expired',
  'date_joined',
  'last_login',
  'source',
  'source_display',
  'wechat',
  'phone',
  'created_by',
  'date_password_last_updated',
  'avatar_url',
  'admin_or_audit_orgs',
  'user_all_orgs',
  'current_org_roles',
  'org_roles',
  'guide_url',
  'login_blocked',
  'org_role_display',
  'total_role_display',
  'can_update',
  'can_delete',
  // SECURITY_PASSWORD_EXPIRATION_TIME (settings-security.test.ts).
  'date_password_expired',
  'password_expired_remain_days',
];

// A real ed25519 key made with ssh-keygen for this test; its fingerprint from `ssh-keygen -l -E md5`.
const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMJO78DHR2fv2rVS2oKOUfK9CVv5sJjPZPNbZkIJx7uM ops@laptop';
const ED25519_MD5 = '50:3b:84:5b:4d:bb:6c:84:a4:fb:9c:55:04:7e:63:1a';

async function profile(app: Awaited<ReturnType<typeof build>>, username: string, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'GET',
    url: PROFILE,
    headers: { ...(await bearer(app, username)), ...headers },
  });
  assert.equal(response.statusCode, 200);
  return response.json();
}

test('the profile has every field of §1.15 for the superuser, with DEFAULT among admin_or_audit_orgs', async (t) => {
  const app = await build(t);
  const body = await profile(app, 'admin');
  assert.deepEqual(Object.keys(body).sort(), [...FIELDS].sort());
  assert.equal(body.role, 'Admin');
  assert.equal(body.role_display, '系统管理员');
  assert.deepEqual(
    body.admin_or_audit_orgs.map((o: { name: string }) => o.name),
    ['DEFAULT', 'Engineering', 'Operations'],
  );
  assert.deepEqual(body.admin_or_audit_orgs[0], { id: 'DEFAULT', name: 'DEFAULT' });
  assert.deepEqual(body.current_org_roles, ['Admin']);
  assert.equal(body.is_first_login, false);
  assert.equal(body.date_joined, '2024-01-15 16:30:00 +0800');
});

test('orgadmin: Admin in Engineering, User in DEFAULT; only Engineering to administer', async (t) => {
  const app = await build(t);
  const inDefault = await profile(app, 'orgadmin');
  assert.deepEqual(inDefault.current_org_roles, ['User']);
  assert.deepEqual(inDefault.admin_or_audit_orgs, [{ id: orgId(app, 'Engineering'), name: 'Engineering' }]);
  assert.deepEqual(inDefault.user_all_orgs, [
    { value: 'DEFAULT', label: 'DEFAULT' },
    { value: orgId(app, 'Engineering'), label: 'Engineering' },
  ]);
  const inEng = await profile(app, 'orgadmin', { 'x-jms-org': orgId(app, 'Engineering') });
  assert.deepEqual(inEng.current_org_roles, ['Admin']);
});

test('plain users administer nothing; sysauditor audits everything; newuser logs in first time', async (t) => {
  const app = await build(t);
  const user = await profile(app, 'user');
  assert.deepEqual(user.admin_or_audit_orgs, []);
  assert.deepEqual(user.current_org_roles, ['User']);
  const auditor = await profile(app, 'sysauditor');
  assert.equal(auditor.role, 'Auditor');
  assert.equal(auditor.admin_or_audit_orgs.length, 3);
  assert.deepEqual(auditor.current_org_roles, ['Auditor']);
  const orgauditor = await profile(app, 'orgauditor', { 'x-jms-org': 'Engineering' });
  assert.deepEqual(orgauditor.current_org_roles, ['Auditor']);
  assert.equal((await profile(app, 'newuser')).is_first_login, true);
});

test('PATCH changes only the writable fields and ignores read-only ones', async (t) => {
  const app = await build(t);
  const session = await loginSession(app, 'newuser');
  const response = await app.inject({
    method: 'PATCH',
    url: PROFILE,
    headers: session.headers,
    payload: {
      is_first_login: false,
      phone: '13900001111',
      wechat: 'nu_wx',
      comment: 'hi',
      mfa_level: 1,
      name: 'Hacker',
      username: 'root',
      role: 'Admin',
      is_active: false,
      email: 'x@evil.example.com',
    },
  });
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json();
  assert.equal(body.is_first_login, false);
  assert.equal(body.phone, '13900001111');
  assert.equal(body.wechat, 'nu_wx');
  assert.equal(body.mfa_level, 1);
  assert.equal(body.mfa_enabled, true);
  assert.equal(body.name, 'New User');
  assert.equal(body.username, 'newuser');
  assert.equal(body.role, 'User');
  assert.equal(body.is_active, true);
  const stored = app.bastion.db.prepare("SELECT name, role, phone FROM users WHERE username = 'newuser'").get();
  assert.deepEqual({ ...(stored as object) }, { name: 'New User', role: 'User', phone: '13900001111' });
});

test('PATCH rejects invalid writable values field by field', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'user');
  const response = await app.inject({
    method: 'PATCH',
    url: PROFILE,
    headers: { ...headers, 'accept-language': 'en' },
    payload: { mfa_level: 2, phone: '1'.repeat(21), public_key: 'ssh-rsa not-a-key' },
  });
  assert.equal(response.statusCode, 400);
  assert.deepEqual(response.json(), {
    mfa_level: ['"2" is not a valid choice.'],
    phone: ['Ensure this field has no more than 20 characters.'],
    public_key: ['Not a valid ssh public key'],
  });
});

test('profile password: wrong old password, policy and confirmation errors per field, then success', async (t) => {
  const app = await build(t);
  const headers = { ...(await bearer(app, 'user')), 'accept-language': 'en' };
  app.bastion.settings.set('SECURITY_PASSWORD_UPPER_CASE', true, 'security');
  app.bastion.settings.set('SECURITY_PASSWORD_NUMBER', true, 'security');
  const url = '/api/v1/users/profile/password/';
  const bad = await app.inject({
    method: 'PUT',
    url,
    headers,
    payload: { old_password: 'nope', new_password: 'abc', new_password_again: 'abd' },
  });
  assert.equal(bad.statusCode, 400);
  assert.deepEqual(bad.json(), {
    old_password: ['Old password error'],
    new_password: [
      'Password length must be at least 6 characters',
      'Password must contain an uppercase letter',
      'Password must contain a digit',
    ],
    new_password_again: ['The newly set password is inconsistent'],
  });
  const good = await app.inject({
    method: 'PUT',
    url,
    headers,
    payload: { old_password: PASSWORD, new_password: 'Secret123', new_password_again: 'Secret123' },
  });
  assert.equal(good.statusCode, 200);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: 'user', password: 'Secret123' },
  });
  assert.equal(login.statusCode, 201);
  assert.equal(app.bastion.db.prepare('SELECT COUNT(*) FROM password_change_logs').pluck().get(), 1);
});

test('profile public key: validated, then comment and md5 fingerprint returned', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'user');
  const url = '/api/v1/users/profile/public-key/';
  const invalid = await app.inject({
    method: 'PUT',
    url,
    headers,
    payload: { public_key: 'ssh-ed25519 AAAAB3NzaC1yc2E= x' },
  });
  assert.equal(invalid.statusCode, 400);
  assert.deepEqual(invalid.json(), { public_key: ['SSH 公钥不合法'] });
  const valid = await app.inject({ method: 'PUT', url, headers, payload: { public_key: ED25519 } });
  assert.equal(valid.statusCode, 200, valid.body);
  assert.equal(valid.json().public_key_comment, 'ops@laptop');
  assert.equal(valid.json().public_key_hash_md5, ED25519_MD5);
  const read = await app.inject({ method: 'GET', url, headers });
  assert.deepEqual(read.json(), valid.json());
  const me = await app.inject({ method: 'GET', url: PROFILE, headers });
  assert.equal(me.json().public_key_hash_md5, valid.json().public_key_hash_md5);
});

test('org_role_display, total_role_display (each label once) and can_update/can_delete as 2.3 computes them for oneself', async (t) => {
  const app = await build(t);
  const admin = await profile(app, 'admin', { 'accept-language': 'en' });
  assert.deepEqual(
    [admin.org_role_display, admin.total_role_display, admin.can_update, admin.can_delete],
    ['Organization administrator', 'Organization administrator | System administrator', true, false],
  );
  const user = await profile(app, 'user', { 'accept-language': 'en' });
  assert.deepEqual(
    [user.org_role_display, user.total_role_display, user.can_update, user.can_delete],
    ['User', 'User', false, false],
  );
  const orgadmin = await profile(app, 'orgadmin', { 'x-jms-org': orgId(app, 'Engineering') });
  assert.deepEqual(
    [orgadmin.org_role_display, orgadmin.total_role_display, orgadmin.can_update],
    ['组织管理员', '用户 | 组织管理员', true],
  );
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build } from '../helpers.ts';

const SETTING = '/api/v1/settings/setting/';

test('OPTIONS settings describes every group with labels, help texts and the §2.11 ranges, in the request language', async (t) => {
  const app = await build(t);
  const admin = await bearer(app, 'admin');
  const zh = await app.inject({ method: 'OPTIONS', url: SETTING, headers: admin });
  assert.equal(zh.statusCode, 200, zh.body);
  const put = zh.json().actions.PUT;
  assert.deepEqual(Object.keys(put), ['basic', 'email', 'email_content', 'ldap', 'terminal', 'security', 'license']);
  assert.equal(put.security.type, 'nested object');
  assert.equal(put.security.label, '安全设置');
  const security = put.security.children;
  assert.deepEqual(
    [security.SECURITY_LOGIN_LIMIT_COUNT.min_value, security.SECURITY_LOGIN_LIMIT_TIME.min_value],
    [3, 5],
  );
  assert.deepEqual(
    [security.SECURITY_PASSWORD_MIN_LENGTH.min_value, security.SECURITY_PASSWORD_MIN_LENGTH.max_value],
    [6, 30],
  );
  assert.equal(security.SECURITY_LOGIN_LIMIT_COUNT.type, 'integer');
  assert.equal(security.SECURITY_LOGIN_LIMIT_COUNT.label, '登录失败次数限制');
  assert.equal(security.SECURITY_SERVICE_ACCOUNT_REGISTRATION.required, true);
  assert.equal(put.terminal.children.TERMINAL_HEARTBEAT_INTERVAL.min_value, 5);
  assert.deepEqual(
    put.terminal.children.TERMINAL_ASSET_LIST_PAGE_SIZE.choices.map((c: { value: string }) => c.value),
    ['all', 'auto', '10', '15', '25', '50'],
  );
  assert.equal(put.email.children.EMAIL_PORT.max_length, 5);
  assert.equal(put.email.children.EMAIL_HOST_PASSWORD.write_only, true);
  assert.equal(put.ldap.children.AUTH_LDAP_BIND_PASSWORD.write_only, true);
  assert.equal(put.basic.children.SITE_URL.type, 'url');
  assert.equal(put.basic.children.SITE_URL.required, true);
  // Every field of every group has a label of its own (never the raw name).
  for (const [group, meta] of Object.entries<{ children: Record<string, { label: string }> }>(put)) {
    for (const [name, field] of Object.entries(meta.children)) assert.notEqual(field.label, name, `${group}.${name}`);
  }

  const en = await app.inject({ method: 'OPTIONS', url: SETTING, headers: { ...admin, 'accept-language': 'en' } });
  const enPut = en.json().actions.PUT;
  assert.equal(enPut.security.label, 'Security');
  assert.equal(enPut.security.children.SECURITY_LOGIN_LIMIT_COUNT.label, 'Limit the number of login failures');
  assert.match(enPut.email.children.EMAIL_HOST_PASSWORD.help_text, /blank/);
});

test('OPTIONS settings is for the super admin only', async (t) => {
  const app = await build(t);
  for (const username of ['orgadmin', 'sysauditor', 'user']) {
    const response = await app.inject({ method: 'OPTIONS', url: SETTING, headers: await bearer(app, username) });
    assert.equal(response.statusCode, 403, username);
  }
  assert.equal((await app.inject({ method: 'OPTIONS', url: SETTING })).statusCode, 401);
});

test('ranges of §2.11 are enforced on PATCH and a blank write-only password keeps the stored one', async (t) => {
  const app = await build(t);
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const cases: [string, string, unknown][] = [
    ['security', 'SECURITY_LOGIN_LIMIT_COUNT', 2],
    ['security', 'SECURITY_LOGIN_LIMIT_TIME', 4],
    ['security', 'SECURITY_PASSWORD_MIN_LENGTH', 5],
    ['security', 'SECURITY_PASSWORD_MIN_LENGTH', 31],
    ['security', 'SECURITY_MAX_IDLE_TIME', 0],
    ['security', 'SECURITY_PASSWORD_EXPIRATION_TIME', 0],
    ['terminal', 'TERMINAL_HEARTBEAT_INTERVAL', 4],
    ['terminal', 'TERMINAL_SESSION_KEEP_DURATION', 0],
    ['terminal', 'TERMINAL_ASSET_LIST_PAGE_SIZE', '20'],
    ['email', 'EMAIL_PORT', '123456'],
  ];
  for (const [group, name, value] of cases) {
    const response = await app.inject({
      method: 'PATCH',
      url: SETTING,
      headers,
      payload: { [group]: { [name]: value } },
    });
    assert.equal(response.statusCode, 400, `${name}=${value}`);
    assert.ok(response.json()[group][name][0], `${name} message`);
  }
  for (const [group, name, value] of [
    ['security', 'SECURITY_LOGIN_LIMIT_COUNT', 3],
    ['security', 'SECURITY_PASSWORD_MIN_LENGTH', 30],
    ['terminal', 'TERMINAL_HEARTBEAT_INTERVAL', 5],
  ] as const) {
    const response = await app.inject({
      method: 'PATCH',
      url: SETTING,
      headers,
      payload: { [group]: { [name]: value } },
    });
    assert.equal(response.statusCode, 200, `${name}=${value}`);
  }

  await app.inject({
    method: 'PATCH',
    url: SETTING,
    headers,
    payload: { email: { EMAIL_HOST_PASSWORD: 'first', AUTH_X: 1 }, ldap: { AUTH_LDAP_BIND_PASSWORD: 'bind' } },
  });
  const blank = await app.inject({
    method: 'PATCH',
    url: SETTING,
    headers,
    payload: { email: { EMAIL_HOST: '127.0.0.1', EMAIL_HOST_PASSWORD: '' }, ldap: { AUTH_LDAP_BIND_PASSWORD: '' } },
  });
  assert.equal(blank.statusCode, 200);
  assert.equal(blank.json().email.EMAIL_HOST, '127.0.0.1');
  assert.equal(app.bastion.settings.get('EMAIL_HOST_PASSWORD'), 'first');
  assert.equal(app.bastion.settings.get('AUTH_LDAP_BIND_PASSWORD'), 'bind');
  const get = await app.inject({ method: 'GET', url: SETTING, headers });
  assert.ok(!('EMAIL_HOST_PASSWORD' in get.json().email));
});

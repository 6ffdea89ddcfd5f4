import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build } from '../helpers.ts';

const SETTING = '/api/v1/settings/setting/';
const PUBLIC = '/api/v1/settings/public/';

test('public settings need no login and carry every key of §1.16 with its default', async (t) => {
  const app = await build(t);
  const response = await app.inject({ method: 'GET', url: PUBLIC });
  assert.equal(response.statusCode, 200);
  const { data } = response.json();
  // §1.16's keys, and BASTION_FEATURES: what this server offers beyond 2.3 (2.3 clients ignore the key).
  assert.deepEqual(data.BASTION_FEATURES, ['stop-runs']);
  assert.deepEqual(Object.keys(data).sort(), [
    'BASTION_FEATURES',
    'LOGIN_CONFIRM_ENABLE',
    'LOGO_URLS',
    'PASSWORD_RULE',
    'SECURITY_COMMAND_EXECUTION',
    'SECURITY_MAX_IDLE_TIME',
    'SECURITY_MFA_VERIFY_TTL',
    'SECURITY_VIEW_AUTH_NEED_MFA',
    'TICKETS_ENABLED',
    'WINDOWS_SKIP_ALL_MANUAL_PASSWORD',
    'XPACK_ENABLED',
    'XPACK_LICENSE_IS_VALID',
  ]);
  assert.equal(data.LOGO_URLS.logo_index, '/static/img/logo.png');
  assert.deepEqual(Object.keys(data.LOGO_URLS).sort(), ['favicon', 'login_image', 'logo_index', 'logo_logout']);
  assert.equal(data.XPACK_ENABLED, false);
  assert.equal(data.XPACK_LICENSE_IS_VALID, false);
  assert.equal(data.SECURITY_MFA_VERIFY_TTL, 3600);
  assert.equal(data.SECURITY_MAX_IDLE_TIME, 30);
  assert.equal(data.TICKETS_ENABLED, true);
  assert.deepEqual(data.PASSWORD_RULE, {
    SECURITY_PASSWORD_MIN_LENGTH: 6,
    SECURITY_PASSWORD_UPPER_CASE: false,
    SECURITY_PASSWORD_LOWER_CASE: false,
    SECURITY_PASSWORD_NUMBER: false,
    SECURITY_PASSWORD_SPECIAL_CHAR: false,
  });
});

test('licenseValid at seed time makes the licence valid', async (t) => {
  const app = await build(t, { licenseValid: true });
  const { data } = (await app.inject({ method: 'GET', url: PUBLIC })).json();
  assert.equal(data.XPACK_LICENSE_IS_VALID, true);
});

test('the superuser reads the grouped settings without write-only secrets', async (t) => {
  const app = await build(t);
  const response = await app.inject({ method: 'GET', url: SETTING, headers: await bearer(app, 'admin') });
  assert.equal(response.statusCode, 200);
  const body = response.json();
  assert.deepEqual(Object.keys(body), ['basic', 'email', 'email_content', 'ldap', 'terminal', 'security', 'license']);
  assert.equal(body.security.SECURITY_LOGIN_LIMIT_COUNT, 7);
  assert.equal(body.terminal.TERMINAL_ASSET_LIST_PAGE_SIZE, 'auto');
  assert.ok(!('EMAIL_HOST_PASSWORD' in body.email));
  assert.ok(!('AUTH_LDAP_BIND_PASSWORD' in body.ldap));
});

test('orgadmin, sysauditor and plain users get 403 on settings', async (t) => {
  const app = await build(t);
  for (const username of ['orgadmin', 'sysauditor', 'user']) {
    const headers = await bearer(app, username);
    assert.equal((await app.inject({ method: 'GET', url: SETTING, headers })).statusCode, 403, username);
    const patch = await app.inject({
      method: 'PATCH',
      url: SETTING,
      headers,
      payload: { license: { XPACK_LICENSE_IS_VALID: true } },
    });
    assert.equal(patch.statusCode, 403, username);
  }
  assert.equal(app.bastion.settings.get('XPACK_LICENSE_IS_VALID'), false);
});

test('PATCH stores valid values, keeps secrets write-only and flips the licence seen by public settings', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const response = await app.inject({
    method: 'PATCH',
    url: SETTING,
    headers,
    payload: {
      license: { XPACK_LICENSE_IS_VALID: true },
      security: { SECURITY_LOGIN_LIMIT_COUNT: 5 },
      email: { EMAIL_HOST_PASSWORD: 's3cret' },
    },
  });
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.json().security.SECURITY_LOGIN_LIMIT_COUNT, 5);
  assert.ok(!('EMAIL_HOST_PASSWORD' in response.json().email));
  assert.equal(app.bastion.settings.get('EMAIL_HOST_PASSWORD'), 's3cret');
  const { data } = (await app.inject({ method: 'GET', url: PUBLIC })).json();
  assert.equal(data.XPACK_LICENSE_IS_VALID, true);
});

test('invalid values answer 400 {group: {field: [msg]}} and nothing is stored', async (t) => {
  const app = await build(t);
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const response = await app.inject({
    method: 'PATCH',
    url: SETTING,
    headers,
    payload: {
      security: { SECURITY_LOGIN_LIMIT_COUNT: 2, SECURITY_LOGIN_LIMIT_TIME: 4, SECURITY_PASSWORD_MIN_LENGTH: 31 },
      terminal: { TERMINAL_ASSET_LIST_SORT_BY: 'name' },
      basic: { SITE_URL: 'not a url' },
      email: { EMAIL_PORT: '123456' },
    },
  });
  assert.equal(response.statusCode, 400);
  assert.deepEqual(response.json(), {
    basic: { SITE_URL: ['Enter a valid URL.'] },
    email: { EMAIL_PORT: ['Ensure this field has no more than 5 characters.'] },
    terminal: { TERMINAL_ASSET_LIST_SORT_BY: ['"name" is not a valid choice.'] },
    security: {
      SECURITY_LOGIN_LIMIT_COUNT: ['Ensure this value is greater than or equal to 3.'],
      SECURITY_LOGIN_LIMIT_TIME: ['Ensure this value is greater than or equal to 5.'],
      SECURITY_PASSWORD_MIN_LENGTH: ['Ensure this value is less than or equal to 30.'],
    },
  });
  assert.equal(app.bastion.settings.get('SECURITY_LOGIN_LIMIT_COUNT'), 7);
});

test('PUT requires the required fields of each group it sends', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const response = await app.inject({
    method: 'PUT',
    url: SETTING,
    headers,
    payload: { basic: { USER_GUIDE_URL: 'https://docs.example.com/' } },
  });
  assert.equal(response.statusCode, 400);
  assert.deepEqual(response.json(), { basic: { SITE_URL: ['这个字段是必填项。'] } });
});

test('a lowered login limit takes effect on the next failures', async (t) => {
  const app = await build(t);
  app.bastion.settings.set('SECURITY_LOGIN_LIMIT_COUNT', 3, 'security');
  const attempt = () =>
    app.inject({ method: 'POST', url: '/api/v1/authentication/auth/', payload: { username: 'user', password: 'x' } });
  assert.equal((await attempt()).json().error, 'password_failed');
  assert.equal((await attempt()).json().error, 'password_failed');
  assert.equal((await attempt()).json().error, 'block_login');
});

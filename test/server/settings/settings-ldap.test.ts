// LDAP against a real OpenLDAP (Debian's slapd on a loopback port, test/server/support/slapd.ts): the config
// and login tests, the cached user list with its 409 first answer, the import, and LDAP sign-in on the
// login form, the token API and a terminal's on-behalf sign-in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { bearer, build, loginSession } from '../helpers.ts';
import { ADMIN_PASSWORD, LDAP_PEOPLE, ldapSettings, useSlapd } from '../support/slapd.ts';
import { assertNotStored } from '../support/at-rest.ts';
import { buildTerminalApp, registerTerminal } from '../terminal-helpers.ts';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { ANY_FIELD, BODIES } from '../engine/fuzz-corpus.ts';

const slapd = await useSlapd();
const SETTINGS = '/api/v1/settings/setting/';
const CONFIG_TEST = '/api/v1/settings/ldap/testing/config/';
const LOGIN_TEST = '/api/v1/settings/ldap/testing/login/';
const USERS = '/api/v1/settings/ldap/users/';
const IMPORT = '/api/v1/settings/ldap/users/import/';
const REFRESH = '/api/v1/settings/ldap/cache/refresh/';
const [alice, bob, carol] = LDAP_PEOPLE;

async function adminHeaders(app: FastifyInstance) {
  return { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
}

/** Saves the slapd's settings (LDAP sign-in on unless told otherwise). */
async function saveLdap(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'PATCH',
    url: SETTINGS,
    headers: await adminHeaders(app),
    payload: { ldap: { ...ldapSettings(slapd.port), ...overrides } },
  });
  assert.equal(response.statusCode, 200, response.body);
}

/** GET the cached list until the background sync has answered (409 meanwhile). */
async function listWhenSynced(app: FastifyInstance, headers: Record<string, string>, query = '') {
  for (let i = 0; i < 100; i += 1) {
    const response = await app.inject({ method: 'GET', url: `${USERS}?cache_police=1${query}`, headers });
    if (response.statusCode !== 409) return response;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the LDAP sync never finished');
}

test("config test: the posted settings match the directory's people; wrong password, closed port and bad filter say why", async (t) => {
  const app = await build(t);
  const headers = await adminHeaders(app);
  const ok = await app.inject({ method: 'POST', url: CONFIG_TEST, headers, payload: ldapSettings(slapd.port) });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(ok.json(), `Succeed: Match ${LDAP_PEOPLE.length} s user`);

  const wrong = await app.inject({
    method: 'POST',
    url: CONFIG_TEST,
    headers,
    payload: { ...ldapSettings(slapd.port), AUTH_LDAP_BIND_PASSWORD: 'not-it' },
  });
  assert.equal(wrong.statusCode, 400);
  assert.equal(
    wrong.json().error,
    'Error (Invalid Bind DN): Please enter correct Bind DN and Password: Bind DN or Password incorrect',
  );

  const closed = await freePort();
  const refused = await app.inject({
    method: 'POST',
    url: CONFIG_TEST,
    headers,
    payload: { ...ldapSettings(closed), AUTH_LDAP_SERVER_URI: `ldap://127.0.0.1:${closed}` },
  });
  assert.equal(refused.statusCode, 400);
  assert.match(refused.json().error, /^Error \(Invalid LDAP server\): Host or port is disconnected: .*ECONNREFUSED/);

  const badFilter = await app.inject({
    method: 'POST',
    url: CONFIG_TEST,
    headers,
    payload: { ...ldapSettings(slapd.port), AUTH_LDAP_SEARCH_FILTER: '(uid=%(user)s' },
  });
  assert.equal(badFilter.statusCode, 400);
  assert.match(badFilter.json().error, /^Error \(Invalid User OU or User search filter\): .*paren/i);

  const noOu = await app.inject({
    method: 'POST',
    url: CONFIG_TEST,
    headers,
    payload: { ...ldapSettings(slapd.port), AUTH_LDAP_SEARCH_OU: 'ou=nobody,dc=bastion,dc=test' },
  });
  assert.equal(
    noOu.json().error,
    'Error (Invalid User OU or User search filter): Invalid User OU or User search filter: ou=nobody,dc=bastion,dc=test',
  );

  const noMap = await app.inject({
    method: 'POST',
    url: CONFIG_TEST,
    headers,
    payload: { ...ldapSettings(slapd.port), AUTH_LDAP_USER_ATTR_MAP: '{"username": "uid"}' },
  });
  assert.match(
    noMap.json().error,
    /^Error \(Invalid LDAP User attr map\): LDAP User attr map not include: \{'name', 'email'\}/,
  );

  // The console posts the map as its textarea's JSON text.
  const asText = await app.inject({
    method: 'POST',
    url: CONFIG_TEST,
    headers,
    payload: {
      ...ldapSettings(slapd.port),
      AUTH_LDAP_USER_ATTR_MAP: JSON.stringify(ldapSettings(slapd.port).AUTH_LDAP_USER_ATTR_MAP),
    },
  });
  assert.equal(asText.statusCode, 200, asText.body);
  const notDict = await app.inject({
    method: 'POST',
    url: CONFIG_TEST,
    headers,
    payload: { ...ldapSettings(slapd.port), AUTH_LDAP_USER_ATTR_MAP: '{nope' },
  });
  assert.equal(notDict.json().error, 'Error (Invalid LDAP User attr map): LDAP User attr map is not dict');

  const off = await app.inject({
    method: 'POST',
    url: CONFIG_TEST,
    headers,
    payload: { ...ldapSettings(slapd.port), AUTH_LDAP: false },
  });
  assert.equal(off.statusCode, 400);
  assert.equal(off.json().error, 'Error (Not enabled LDAP authentication): LDAP authentication is not enabled');

  const missing = await app.inject({
    method: 'POST',
    url: CONFIG_TEST,
    headers,
    payload: { AUTH_LDAP_SEARCH_OU: 'x' },
  });
  assert.equal(missing.statusCode, 400);
  assert.equal(missing.json().error, 'AUTH_LDAP_SERVER_URI: This field is required.');
});

test("config test: a blank bind password means the stored one; the answer is in the caller's language", async (t) => {
  const app = await build(t);
  await saveLdap(app);
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'zh-hans' };
  const response = await app.inject({
    method: 'POST',
    url: CONFIG_TEST,
    headers,
    payload: { ...ldapSettings(slapd.port), AUTH_LDAP_BIND_PASSWORD: '' },
  });
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.json(), `成功匹配 ${LDAP_PEOPLE.length} 个用户`);
  // The stored password is never read back.
  const stored = await app.inject({ method: 'GET', url: SETTINGS, headers });
  assert.equal(stored.json().ldap.AUTH_LDAP_BIND_PASSWORD, undefined);
  assert.equal(app.bastion.settings.get('AUTH_LDAP_BIND_PASSWORD'), ADMIN_PASSWORD);
  assertNotStored(app, { AUTH_LDAP_BIND_PASSWORD: ADMIN_PASSWORD });
});

test('an LDAP URI outside the outbound allow-list is refused before any connection', async (t) => {
  const app = await build(t, { allowedTargets: '127.0.0.2/32' });
  const response = await app.inject({
    method: 'POST',
    url: CONFIG_TEST,
    headers: await adminHeaders(app),
    payload: ldapSettings(slapd.port),
  });
  assert.equal(response.statusCode, 400);
  assert.match(
    response.json().error,
    /^Error \(Invalid LDAP server\): Refused by the allow-list: 127\.0\.0\.1 is outside the allowed target networks \(127\.0\.0\.2\/32\)/,
  );
});

test('login test: the saved configuration, the directory password; a wrong one is refused', async (t) => {
  const app = await build(t);
  await saveLdap(app);
  const headers = await adminHeaders(app);
  const ok = await app.inject({
    method: 'POST',
    url: LOGIN_TEST,
    headers,
    payload: { username: alice.uid, password: alice.password },
  });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(ok.json(), `Authentication success: ${alice.uid}`);
  const bad = await app.inject({
    method: 'POST',
    url: LOGIN_TEST,
    headers,
    payload: { username: alice.uid, password: 'wrong' },
  });
  assert.equal(bad.statusCode, 400);
  assert.equal(
    bad.json().error,
    'Authentication failed (username or password incorrect): user DN/password rejected by LDAP server.',
  );
  const nobody = await app.inject({
    method: 'POST',
    url: LOGIN_TEST,
    headers,
    payload: { username: 'nobody', password: 'x' },
  });
  assert.equal(
    nobody.json().error,
    'Authentication failed (username or password incorrect): failed to map the username to a DN.',
  );
  // A filter-widening username matches nobody instead of everybody.
  const star = await app.inject({
    method: 'POST',
    url: LOGIN_TEST,
    headers,
    payload: { username: '*', password: alice.password },
  });
  assert.equal(star.statusCode, 400);
  const empty = await app.inject({ method: 'POST', url: LOGIN_TEST, headers, payload: { username: alice.uid } });
  assert.equal(empty.statusCode, 400);
  assert.match(empty.json().error, /password: This field is required/);
});

test('user list: 409 "Sync start." first, then the cached list with search and order; import marks users existing', async (t) => {
  const app = await build(t);
  await saveLdap(app);
  const headers = await adminHeaders(app);
  const first = await app.inject({ method: 'GET', url: `${USERS}?cache_police=1`, headers });
  assert.equal(first.statusCode, 409);
  assert.deepEqual(first.json(), { msg: 'Sync start.' });
  const list = await listWhenSynced(app, headers);
  assert.equal(list.statusCode, 200, list.body);
  assert.deepEqual(
    list
      .json()
      .map((u: { username: string }) => u.username)
      .sort(),
    LDAP_PEOPLE.map((p) => p.uid).sort(),
  );
  assert.deepEqual(
    list.json().find((u: { id: string }) => u.id === alice.uid),
    { id: alice.uid, username: alice.uid, name: alice.cn, email: alice.mail, existing: false },
  );

  const searched = await app.inject({ method: 'GET', url: `${USERS}?cache_police=1&search=bob@`, headers });
  assert.deepEqual(
    searched.json().map((u: { username: string }) => u.username),
    [bob.uid],
  );
  const paged = await app.inject({ method: 'GET', url: `${USERS}?cache_police=1&order=-username&limit=2`, headers });
  assert.equal(paged.json().count, 3);
  assert.deepEqual(
    paged.json().results.map((u: { username: string }) => u.username),
    [carol.uid, bob.uid],
  );

  const imported = await app.inject({
    method: 'POST',
    url: IMPORT,
    headers,
    payload: { username_list: [alice.uid, carol.uid] },
  });
  assert.equal(imported.statusCode, 200, imported.body);
  assert.deepEqual(imported.json(), { msg: 'Imported 2 users successfully' });
  const after = await app.inject({ method: 'GET', url: `${USERS}?cache_police=1`, headers });
  // Default order `existing`: the not-yet-imported first.
  assert.deepEqual(
    after.json().map((u: { username: string; existing: boolean }) => [u.username, u.existing]),
    [
      [bob.uid, false],
      [alice.uid, true],
      [carol.uid, true],
    ],
  );

  const rows = app.bastion.db
    .prepare('SELECT username, name, email, source, role FROM users WHERE source = ? ORDER BY username')
    .all('ldap');
  assert.deepEqual(rows, [
    { username: alice.uid, name: alice.cn, email: alice.mail, source: 'ldap', role: 'User' },
    // No mail in the directory: 2.3's username@EMAIL_SUFFIX.
    { username: carol.uid, name: carol.cn, email: `${carol.uid}@jumpserver.org`, source: 'ldap', role: 'User' },
  ]);
  const logs = app.bastion.db
    .prepare("SELECT action, resource FROM operate_logs WHERE resource LIKE '%ldap.%' ORDER BY resource")
    .all();
  assert.deepEqual(logs, [
    { action: 'create', resource: `${alice.cn}(${alice.uid})` },
    { action: 'create', resource: `${carol.cn}(${carol.uid})` },
  ]);

  const again = await app.inject({ method: 'POST', url: IMPORT, headers, payload: { username_list: [alice.uid] } });
  assert.deepEqual(again.json(), { msg: 'Imported 1 users successfully' });
  assert.equal(
    app.bastion.db
      .prepare("SELECT count(*) FROM operate_logs WHERE action = 'update' AND resource LIKE '%ldap.alice%'")
      .pluck()
      .get(),
    1,
  );

  const refresh = await app.inject({ method: 'GET', url: REFRESH, headers });
  assert.deepEqual(refresh.json(), { msg: 'success' });
  assert.equal((await listWhenSynced(app, headers)).json().length, LDAP_PEOPLE.length);
});

test('import: an email already used by another user is reported per user; an empty selection is refused', async (t) => {
  const app = await build(t);
  await saveLdap(app);
  const headers = await adminHeaders(app);
  app.bastion.db.prepare("UPDATE users SET email = ? WHERE username = 'user'").run(bob.mail);
  await listWhenSynced(app, headers);
  const response = await app.inject({ method: 'POST', url: IMPORT, headers, payload: { username_list: [bob.uid] } });
  assert.equal(response.statusCode, 400);
  assert.deepEqual(response.json(), { errors: [{ [bob.uid]: 'email: This field must be unique.' }] });
  const empty = await app.inject({ method: 'POST', url: IMPORT, headers, payload: { username_list: [] } });
  assert.equal(empty.statusCode, 400);
  assert.ok(empty.json().error);
});

test('the list reports a sync that failed (directory down) as 400 with the reason', async (t) => {
  const app = await build(t);
  const closed = await freePort();
  await saveLdap(app, { AUTH_LDAP_SERVER_URI: `ldap://127.0.0.1:${closed}` });
  const headers = await adminHeaders(app);
  const response = await listWhenSynced(app, headers);
  assert.equal(response.statusCode, 400);
  assert.match(response.json().error, /^Synchronization error: .*ECONNREFUSED/);
});

test('the LDAP endpoints are for super admins only', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'user');
  for (const [method, url] of [
    ['POST', CONFIG_TEST],
    ['POST', LOGIN_TEST],
    ['GET', USERS],
    ['POST', IMPORT],
    ['GET', REFRESH],
  ] as const) {
    assert.equal(
      (await app.inject({ method, url, headers, payload: method === 'POST' ? {} : undefined })).statusCode,
      403,
      url,
    );
  }
});

test('LDAP sign-in: the form and the token API accept the directory password, create the user with source ldap, refuse a wrong one', async (t) => {
  const app = await build(t);
  await saveLdap(app);
  const session = await loginSession(app, alice.uid, alice.password);
  const profile = await app.inject({ method: 'GET', url: '/api/v1/users/profile/', headers: session.headers });
  assert.equal(profile.json().username, alice.uid);
  assert.equal(profile.json().source, 'ldap');
  assert.equal(profile.json().email, alice.mail);

  const token = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: bob.uid, password: bob.password },
  });
  assert.equal(token.statusCode, 201, token.body);
  const wrong = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: bob.uid, password: 'nope' },
  });
  assert.equal(wrong.statusCode, 400);
  await assert.rejects(loginSession(app, alice.uid, 'nope'), /login of ldap.alice failed/);
  // Local users keep their local password while LDAP sign-in is on.
  assert.ok(await bearer(app, 'user'));
  await assert.rejects(bearer(app, 'user', alice.password));

  // LDAP sign-in switched off: the directory is not asked any more.
  app.bastion.settings.set('AUTH_LDAP', false, 'ldap');
  const off = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: bob.uid, password: bob.password },
  });
  assert.equal(off.statusCode, 400);
});

test('LDAP sign-in with the directory down fails like a wrong password (400, logged), never a 5xx', async (t) => {
  const app = await build(t);
  const closed = await freePort();
  await saveLdap(app, { AUTH_LDAP_SERVER_URI: `ldap://127.0.0.1:${closed}` });
  const warnings: string[] = [];
  t.mock.method(console, 'warn', (line: string) => {
    warnings.push(line);
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: alice.uid, password: alice.password },
  });
  assert.equal(response.statusCode, 400);
  assert.equal(response.json().error, 'password_failed');
  assert.match(warnings.join('\n'), /\[ldap\] sign-in of "ldap\.alice" failed: .*ECONNREFUSED/);
  const log = app.bastion.db
    .prepare('SELECT username, reason, status FROM login_logs ORDER BY rowid DESC LIMIT 1')
    .get();
  assert.deepEqual(log, { username: alice.uid, reason: 'password_failed', status: 0 });
});

test('a terminal signs an LDAP user in on their behalf with the directory password (the SSH door path)', async (t) => {
  const app = await buildTerminalApp(t);
  await saveLdap(app);
  const term = await registerTerminal(app);
  const ok = await term.call('POST', '/api/v1/authentication/tokens/', {
    username: alice.uid,
    password: alice.password,
    remote_addr: '127.0.0.42',
    login_type: 'T',
  });
  assert.equal(ok.statusCode, 201, ok.body);
  assert.equal(ok.json().user.username, alice.uid);
  const bad = await term.call('POST', '/api/v1/authentication/tokens/', {
    username: alice.uid,
    password: 'nope',
    remote_addr: '127.0.0.42',
    login_type: 'T',
  });
  assert.equal(bad.statusCode, 400);
});

// The route-table sweep (fuzz-routes.test.ts) meets these routes with no directory behind them; here
// they meet hostile input with a live directory and a filled cache, and so does LDAP sign-in.
test('LDAP routes and LDAP sign-in survive hostile queries and bodies against a live directory: no 5xx', async (t) => {
  const app = await build(t);
  await saveLdap(app);
  const headers = { ...(await adminHeaders(app)), 'content-type': 'application/json' };
  await listWhenSynced(app, headers);
  const failures: string[] = [];
  const probe = async (method: 'GET' | 'POST', url: string, payload?: string) => {
    const response = await app.inject({ method, url, headers, payload });
    if (response.statusCode >= 500)
      failures.push(`${method} ${url.slice(0, 80)} ${payload?.slice(0, 40)} answered ${response.statusCode}`);
  };
  for (const query of [
    'order=nope',
    'order=-',
    'search=%00',
    'limit=99999999999999999999&offset=-3',
    'cache_police=0&search=*',
    'cache_police=x',
    `search=${'x'.repeat(3000)}`,
  ]) {
    await probe('GET', `${USERS}?${query}`);
  }
  const keys: Record<string, string[]> = {
    [CONFIG_TEST]: Object.keys(ldapSettings(slapd.port)),
    [LOGIN_TEST]: ['username', 'password'],
    [IMPORT]: ['username_list'],
  };
  for (const [url, names] of Object.entries(keys)) {
    for (const body of BODIES) await probe('POST', url, body.payload);
    for (const name of names) {
      for (const value of [...ANY_FIELD, '*)(uid=*', '\\', 'ldap://[::1', 'ldaps://127.0.0.1:1']) {
        await probe(
          'POST',
          url,
          JSON.stringify({
            ...ldapSettings(slapd.port),
            username: alice.uid,
            password: 'x',
            username_list: [alice.uid],
            [name]: value,
          }),
        );
      }
    }
  }
  for (const value of [...ANY_FIELD, '*', '*)(uid=*', `${alice.uid})(|(uid=*`]) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/authentication/auth/',
      payload: { username: value, password: alice.password },
    });
    if (response.statusCode !== 400)
      failures.push(`sign-in as ${JSON.stringify(value).slice(0, 40)} answered ${response.statusCode}`);
  }
  assert.deepEqual(failures, []);
});

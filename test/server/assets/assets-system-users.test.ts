// System users (§2.3): priority 1–100 (default 20), username required for automatic login (not vnc,
// not "same with user"), one "same with user" per protocol, auto_push forced off for manual login and
// telnet/vnc, credentials on create, auto_generate_key, auth-info and cmd-filter-rules.
import assert from 'node:assert/strict';
import { createPrivateKey } from 'node:crypto';
import { test } from 'node:test';
import { assetsApp } from './assets-fixture.ts';

const SYSTEM_USERS = '/api/v1/assets/system-users/';

test('defaults, priority bounds and the username rule', async (t) => {
  const { call } = await assetsApp(t);
  const created = await call('POST', SYSTEM_USERS, { name: 'web', username: 'www', password: 'pw' });
  assert.equal(created.statusCode, 201, created.body);
  const body = created.json();
  assert.deepEqual(
    [
      body.priority,
      body.protocol,
      body.login_mode,
      body.login_mode_display,
      body.auto_push,
      body.sudo,
      body.shell,
      body.sftp_root,
    ],
    [20, 'ssh', 'auto', 'Automatic login', true, '/bin/whoami', '/bin/bash', 'tmp'],
  );
  assert.equal('password' in body, false);
  for (const [priority, message] of [
    [0, 'Ensure this value is greater than or equal to 1.'],
    [101, 'Ensure this value is less than or equal to 100.'],
  ] as const) {
    const response = await call('POST', SYSTEM_USERS, {
      name: `p${priority}`,
      username: 'u',
      password: 'pw',
      priority,
    });
    assert.deepEqual([response.statusCode, response.json()], [400, { priority: [message] }]);
  }
  const noUsername = await call('POST', SYSTEM_USERS, { name: 'anon', password: 'pw' });
  assert.deepEqual(noUsername.json(), { username: ['* Automatic login mode must fill in the username.'] });
  assert.equal(
    (await call('POST', SYSTEM_USERS, { name: 'vnc', protocol: 'vnc' })).statusCode,
    201,
    'vnc needs no username',
  );
  assert.equal(
    (await call('POST', SYSTEM_USERS, { name: 'manual', login_mode: 'manual' })).statusCode,
    201,
    'manual login needs neither',
  );
  const badRoot = await call('POST', SYSTEM_USERS, { name: 'sftp', username: 'u', password: 'pw', sftp_root: 'var' });
  assert.deepEqual(Object.keys(badRoot.json()), ['sftp_root']);
});

test('auto_push is forced off for manual login and telnet/vnc; same-with-user is unique per protocol', async (t) => {
  const { call } = await assetsApp(t);
  const manual = await call('POST', SYSTEM_USERS, { name: 'm', login_mode: 'manual', auto_push: true });
  const telnet = await call('POST', SYSTEM_USERS, {
    name: 't',
    protocol: 'telnet',
    username: 'u',
    password: 'pw',
    auto_push: true,
  });
  assert.deepEqual([manual.json().auto_push, telnet.json().auto_push], [false, false]);
  const same = await call('POST', SYSTEM_USERS, { name: 's1', username_same_with_user: true, password: 'pw' });
  assert.equal(same.statusCode, 201, same.body);
  assert.equal(same.json().username, '');
  const second = await call('POST', SYSTEM_USERS, { name: 's2', username_same_with_user: true, password: 'pw' });
  assert.deepEqual(second.json(), {
    username_same_with_user: ['Username same with user with protocol ssh only allow 1'],
  });
  assert.equal(
    (await call('POST', SYSTEM_USERS, { name: 's3', protocol: 'rdp', username_same_with_user: true, password: 'pw' }))
      .statusCode,
    201,
  );
});

test('automatic login needs a credential on create; auto_generate_key makes a password and an RSA pair', async (t) => {
  const { call, get } = await assetsApp(t);
  const none = await call('POST', SYSTEM_USERS, { name: 'bare', username: 'u' });
  assert.deepEqual([none.statusCode, none.json()], [400, { password: ['Password or private key required'] }]);
  const generated = await call('POST', SYSTEM_USERS, { name: 'gen', username: 'deploy', auto_generate_key: true });
  assert.equal(generated.statusCode, 201, generated.body);
  const auth = await get(`${SYSTEM_USERS}${generated.json().id}/auth-info/`);
  assert.ok(auth.password.length >= 16);
  assert.equal(createPrivateKey(auth.private_key).asymmetricKeyType, 'rsa');
  assert.match(auth.public_key, /^ssh-rsa AAAA\S+ gen$/);
  const patched = await call('PATCH', `${SYSTEM_USERS}${generated.json().id}/auth-info/`, { password: 'new-password' });
  assert.equal(patched.json().password, 'new-password');
  assert.equal((await call('DELETE', `${SYSTEM_USERS}${generated.json().id}/auth-info/`)).statusCode, 204);
  const cleared = await get(`${SYSTEM_USERS}${generated.json().id}/auth-info/`);
  assert.deepEqual([cleared.password, cleared.private_key, cleared.public_key], ['', '', '']);
});

test('cmd-filter-rules/ lists the rules of its filters, highest priority first', async (t) => {
  const { get, db, eng } = await assetsApp(t);
  const ops = db.prepare("SELECT id FROM system_users WHERE name = 'ops' AND org_id = ?").pluck().get(eng);
  const rules = await get(`${SYSTEM_USERS}${ops}/cmd-filter-rules/`);
  assert.deepEqual(
    rules.map((r: { priority: number; type: string; action_display: string }) => [
      r.priority,
      r.type,
      r.action_display,
    ]),
    [
      [90, 'command', 'Deny'],
      [80, 'regex', 'Deny'],
    ],
  );
  const detail = await get(`${SYSTEM_USERS}${ops}/`);
  assert.equal(detail.cmd_filters.length, 1);
  assert.equal(detail.assets_amount, 26);
});

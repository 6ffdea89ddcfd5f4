// What a terminal does for its users: signs them in by password or public key (login log type T, lockout),
// redeems web terminal tickets (single use, 5 minutes, grant re-checked), reads grants, assets,
// credentials, gateways and command filter rules.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { openSshPublicKey } from '../../../demo/server/assets/ssh-keys.ts';
import { bearer, loginSession, orgId, userId } from '../helpers.ts';
import { buildTerminalApp, idOf, registerTerminal } from '../terminal-helpers.ts';

const TOKENS = '/api/v1/authentication/tokens/';

function newKey(comment: string): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return openSshPublicKey(privateKey, comment)!;
}

const lastLogin = (app: Awaited<ReturnType<typeof buildTerminalApp>>) =>
  app.bastion.db
    .prepare('SELECT username, type, ip, reason, status FROM login_logs ORDER BY rowid DESC LIMIT 1')
    .get() as Record<string, unknown>;

test('a terminal signs a user in by password: login log type T with the user address; lockout counts', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const ok = await term.call('POST', TOKENS, {
    username: 'user',
    password: 'bastion',
    remote_addr: '127.0.0.42',
    login_type: 'T',
  });
  assert.equal(ok.statusCode, 201, ok.body);
  assert.equal(ok.json().keyword, 'Bearer');
  assert.equal(ok.json().user.username, 'user');
  assert.deepEqual(lastLogin(app), { username: 'user', type: 'T', ip: '127.0.0.42', reason: '', status: 1 });
  // The token works as the user.
  const profile = await app.inject({
    method: 'GET',
    url: '/api/v1/users/profile/',
    headers: { authorization: `Bearer ${ok.json().token}` },
  });
  assert.equal(profile.json().username, 'user');

  const limit = app.bastion.settings.get<number>('SECURITY_LOGIN_LIMIT_COUNT');
  for (let i = 0; i < limit; i += 1) {
    const wrong = await term.call('POST', TOKENS, { username: 'liwei', password: 'nope', remote_addr: '127.0.0.43' });
    assert.equal(wrong.statusCode, 400);
  }
  const blocked = await term.call('POST', TOKENS, {
    username: 'liwei',
    password: 'bastion',
    remote_addr: '127.0.0.43',
  });
  assert.equal(blocked.statusCode, 400);
  assert.equal(blocked.json().error, 'block_login');
  assert.equal(lastLogin(app).type, 'T');

  app.bastion.settings.set('TERMINAL_PASSWORD_AUTH', false, 'terminal');
  assert.equal(
    (await term.call('POST', TOKENS, { username: 'user', password: 'bastion' })).statusCode,
    400,
    'password auth switched off',
  );
});

test('a terminal signs a user in by the registered public key; others keys fail without locking', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const key = newKey('user@laptop');
  app.bastion.db.prepare('UPDATE users SET public_key = ? WHERE username = ?').run(key, 'user');
  const byKey = await term.call('POST', TOKENS, {
    username: 'user',
    public_key: key.replace('user@laptop', 'other comment'),
    remote_addr: '127.0.0.44',
  });
  assert.equal(byKey.statusCode, 201, byKey.body);
  assert.equal(lastLogin(app).type, 'T');

  const limit = app.bastion.settings.get<number>('SECURITY_LOGIN_LIMIT_COUNT');
  for (let i = 0; i < limit + 1; i += 1) {
    const wrong = await term.call('POST', TOKENS, {
      username: 'user',
      public_key: newKey('x'),
      remote_addr: '127.0.0.44',
    });
    assert.equal(wrong.statusCode, 400);
  }
  assert.deepEqual(
    { ...lastLogin(app), ip: undefined },
    { username: 'user', type: 'T', ip: undefined, reason: 'public_key_failed', status: 0 },
  );
  assert.equal(
    (await term.call('POST', TOKENS, { username: 'user', public_key: key })).statusCode,
    201,
    'wrong keys did not lock the account',
  );
  assert.equal(
    (await term.call('POST', TOKENS, { username: 'newuser', public_key: key })).statusCode,
    400,
    'a key opens only its own user',
  );

  // Only a terminal may sign someone in by key: anyone else must give the password.
  const anonymous = await app.inject({ method: 'POST', url: TOKENS, payload: { username: 'user', public_key: key } });
  assert.equal(anonymous.statusCode, 400);
  const admin = await bearer(app, 'admin');
  assert.equal(
    (await app.inject({ method: 'POST', url: TOKENS, headers: admin, payload: { username: 'user', public_key: key } }))
      .statusCode,
    400,
  );

  app.bastion.db.prepare("UPDATE users SET is_active = 0 WHERE username = 'user'").run();
  assert.equal((await term.call('POST', TOKENS, { username: 'user', public_key: key })).json().error, 'user_inactive');
  app.bastion.db.prepare("UPDATE users SET is_active = 1 WHERE username = 'user'").run();
  app.bastion.settings.set('TERMINAL_PUBLIC_KEY_AUTH', false, 'terminal');
  assert.equal(
    (await term.call('POST', TOKENS, { username: 'user', public_key: key })).statusCode,
    400,
    'key auth switched off',
  );
});

test('connection tokens: for oneself, granted with connect; single use; 5 minutes; App redeems only', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const eng = orgId(app, 'Engineering');
  const asset = idOf(app, 'SELECT id FROM assets WHERE hostname = ? AND org_id = ?', 'bj-api-01', eng);
  const systemUser = idOf(app, 'SELECT id FROM system_users WHERE name = ? AND org_id = ?', 'deploy', eng);
  const session = await loginSession(app, 'user');
  const ask = (headers: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url: '/api/v1/users/connection-token/', headers, payload });
  const made = await ask(session.headers, { asset, system_user: systemUser });
  assert.equal(made.statusCode, 201, made.body);
  const token = made.json().token as string;

  assert.equal(
    (await ask(session.headers, { user: userId(app, 'admin'), asset, system_user: systemUser })).statusCode,
    403,
    'not for someone else',
  );
  assert.equal(
    (await ask((await loginSession(app, 'newuser')).headers, { asset, system_user: systemUser })).statusCode,
    403,
    'not granted',
  );
  assert.equal((await ask(session.headers, { asset })).statusCode, 400);
  assert.equal((await ask({}, { asset, system_user: systemUser })).statusCode, 401);

  const redeem = (value: string) =>
    term.call('GET', `/api/v1/users/connection-token/?token=${encodeURIComponent(value)}&user=${userId(app, 'user')}`);
  assert.equal(
    (
      await app.inject({
        method: 'GET',
        url: `/api/v1/users/connection-token/?token=${token}`,
        headers: session.headers,
      })
    ).statusCode,
    403,
    'users cannot redeem',
  );
  const redeemed = await redeem(token);
  assert.equal(redeemed.statusCode, 200, redeemed.body);
  assert.deepEqual(
    { user: redeemed.json().user, asset: redeemed.json().asset, system_user: redeemed.json().system_user },
    { user: userId(app, 'user'), asset, system_user: systemUser },
  );
  assert.equal((await redeem(token)).statusCode, 404, 'single use');
  assert.equal((await redeem('made-up')).statusCode, 404);

  const late = (await ask(session.headers, { asset, system_user: systemUser })).json().token as string;
  app.clock.advance(5 * 60_000 + 1);
  assert.equal((await redeem(late)).statusCode, 404, 'expired after 5 minutes');

  // A grant revoked between issue and redemption is checked again.
  const revoked = (await ask(session.headers, { asset, system_user: systemUser })).json().token as string;
  app.bastion.db.prepare('UPDATE asset_permissions SET is_active = 0').run();
  assert.equal((await redeem(revoked)).statusCode, 404);
});

test('a terminal reads grants, the asset, credentials, gateways and command filter rules; users do not', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const eng = orgId(app, 'Engineering');
  const uid = userId(app, 'user');
  const asset = idOf(app, 'SELECT id FROM assets WHERE hostname = ? AND org_id = ?', 'bj-api-01', eng);
  const granted = await term.call('GET', `/api/v1/perms/users/${uid}/assets/?search=bj-api`);
  assert.equal(granted.statusCode, 200, granted.body);
  assert.ok((granted.json() as { hostname: string }[]).some((a) => a.hostname === 'bj-api-01'));
  const systemUsers = (await term.call('GET', `/api/v1/perms/users/${uid}/assets/${asset}/system-users/`)).json() as {
    id: string;
    name: string;
  }[];
  const deploy = systemUsers.find((su) => su.name === 'deploy');
  assert.ok(deploy, 'deploy is granted on bj-api-01');
  assert.equal((await term.call('GET', `/api/v1/assets/assets/${asset}/`)).statusCode, 200);
  const auth = await term.call('GET', `/api/v1/assets/system-users/${deploy.id}/assets/${asset}/auth-info/`);
  assert.equal(auth.statusCode, 200, auth.body);
  assert.ok('password' in auth.json());
  assert.equal((await term.call('GET', `/api/v1/assets/assets/${asset}/gateways/`)).statusCode, 200);
  assert.equal((await term.call('GET', `/api/v1/assets/system-users/${deploy.id}/cmd-filter-rules/`)).statusCode, 200);
  // Reading is all a terminal does with assets.
  assert.equal((await term.call('PATCH', `/api/v1/assets/assets/${asset}/`, { comment: 'x' })).statusCode, 403);
  const user = { ...(await bearer(app, 'user')), 'x-jms-org': eng };
  assert.equal(
    (
      await app.inject({
        method: 'GET',
        url: `/api/v1/assets/system-users/${deploy.id}/assets/${asset}/auth-info/`,
        headers: user,
      })
    ).statusCode,
    403,
  );
});

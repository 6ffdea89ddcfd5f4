import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seal } from '../../../demo/server/core/secrets/vault.ts';
import { bearer, build, orgId, PASSWORD, userId } from '../helpers.ts';

const USERS = '/api/v1/users/users/';

async function setup(t: Parameters<typeof build>[0]) {
  const app = await build(t);
  const headers = { ...(await bearer(app, 'admin')), 'x-jms-org': orgId(app, 'Engineering'), 'accept-language': 'en' };
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
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
  const tokenFor = (username: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/v1/authentication/auth/', payload: { username, password } });
  return { app, db: app.bastion.db, call, tokenFor, user: userId(app, 'user') };
}

test('otp/reset clears the MFA secret of another user; resetting your own answers 401', async (t) => {
  const { app, db, call, user } = await setup(t);
  db.prepare('UPDATE users SET otp_secret_key = ?, mfa_level = 1 WHERE id = ?').run(seal(db, 'SECRET'), user);
  const reset = await call('GET', `${USERS}${user}/otp/reset/`);
  assert.deepEqual([reset.statusCode, reset.json()], [200, { msg: 'success' }]);
  assert.equal(db.prepare('SELECT otp_secret_key FROM users WHERE id = ?').pluck().get(user), null);
  const self = await call('GET', `${USERS}${userId(app, 'admin')}/otp/reset/`, undefined, { 'x-jms-org': 'DEFAULT' });
  assert.deepEqual(
    [self.statusCode, self.json()],
    [401, { error: 'Could not reset self otp, use profile reset instead' }],
  );
  const plain = await app.inject({
    method: 'GET',
    url: `${USERS}${user}/otp/reset/`,
    headers: await bearer(app, 'liwei'),
  });
  assert.equal(plain.statusCode, 403);
});

test('unblock clears the login failures of that username: login_blocked goes false', async (t) => {
  const { app, db, call, tokenFor, user } = await setup(t);
  for (let i = 0; i < 7; i += 1) await tokenFor('user', 'wrong');
  assert.equal((await tokenFor('user', PASSWORD)).json().error, 'block_login');
  assert.equal((await call('GET', `${USERS}${user}/`)).json().login_blocked, true);
  const unblocked = await call('PUT', `${USERS}${user}/unblock/`);
  assert.equal(unblocked.statusCode, 200);
  assert.equal(unblocked.json().login_blocked, false);
  assert.equal(db.prepare("SELECT COUNT(*) FROM login_failures WHERE username = 'user'").pluck().get(), 0);
  assert.equal((await tokenFor('user', PASSWORD)).statusCode, 201);
  void app;
});

test('password/reset and pubkey/reset say when no e-mail is configured, and queue mail when it is', async (t) => {
  const { app, db, call, tokenFor, user } = await setup(t);
  db.prepare("UPDATE users SET public_key = 'ssh-ed25519 AAAA x' WHERE id = ?").run(user);
  const noMail = await call('PUT', `${USERS}${user}/password/reset/`);
  assert.equal(noMail.statusCode, 200);
  assert.deepEqual(
    [noMail.json().mail_sent, noMail.json().msg, noMail.json().username],
    [false, 'E-mail is not configured, so no e-mail was sent', 'user'],
  );
  assert.equal((await tokenFor('user', PASSWORD)).statusCode, 201, 'the password is unchanged without mail');
  const key = await call('PATCH', `${USERS}${user}/pubkey/reset/`, {}, { 'accept-language': 'zh' });
  assert.deepEqual([key.json().mail_sent, key.json().msg], [false, '邮件服务未配置，未发送邮件']);
  assert.equal(
    db.prepare('SELECT public_key FROM users WHERE id = ?').pluck().get(user),
    '',
    'the key is cleared anyway',
  );

  app.bastion.settings.set('EMAIL_HOST', 'smtp.example.com', 'email');
  const mailed = await call('PUT', `${USERS}${user}/password/reset/`);
  assert.deepEqual(
    [mailed.json().mail_sent, mailed.json().msg],
    [true, 'An e-mail has been sent to user@bastion.example.com'],
  );
  assert.equal((await tokenFor('user', PASSWORD)).statusCode, 400, 'the old password no longer works');
  const outbox = db.prepare('SELECT recipient, subject FROM mail_outbox').all();
  assert.deepEqual(outbox, [{ recipient: 'user@bastion.example.com', subject: '[JMS] Reset your password' }]);
});

test('password_strategy 0 ignores the password and reports the reset mail; users/<id>/password/ sets one', async (t) => {
  const { app, db, call, tokenFor } = await setup(t);
  const created = await call('POST', USERS, {
    username: 'link',
    name: 'Link',
    email: 'link@example.com',
    password_strategy: 0,
    password: 'Ignored-1',
  });
  assert.equal(created.statusCode, 201, created.body);
  assert.deepEqual(
    [created.json().mail_sent, created.json().msg],
    [false, 'E-mail is not configured, so no e-mail was sent'],
  );
  assert.equal(db.prepare("SELECT password_hash FROM users WHERE username = 'link'").pluck().get(), null);
  const url = `${USERS}${created.json().id}/password/`;
  const weak = await call('PUT', url, { password: 'abc' });
  assert.deepEqual(
    [weak.statusCode, weak.json()],
    [400, { password: ['Password does not match security rules', 'Password length must be at least 6 characters'] }],
  );
  assert.deepEqual((await call('PATCH', url, { password: 'Chosen-pass-9' })).json(), {});
  assert.equal((await tokenFor('link', 'Chosen-pass-9')).statusCode, 201);
  const orgadmin = { ...(await bearer(app, 'orgadmin')), 'x-jms-org': orgId(app, 'Engineering') };
  db.prepare("INSERT INTO org_members (org_id, user_id, role) VALUES (?, ?, 'User')").run(
    orgId(app, 'Engineering'),
    userId(app, 'sysauditor'),
  );
  const refused = await app.inject({
    method: 'PUT',
    url: `${USERS}${userId(app, 'sysauditor')}/password/`,
    headers: orgadmin,
    payload: { password: 'Chosen-pass-9' },
  });
  assert.equal(refused.statusCode, 403, 'org admins cannot touch a super auditor');
});

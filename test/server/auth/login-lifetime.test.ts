import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signFor } from '../../../demo/shared/access-key-signature.ts';
import { bearer, build, loginSession } from '../helpers.ts';

const PROFILE = '/api/v1/users/profile/';

test('a session lives loginTimeoutMs; reading the profile extends it', async (t) => {
  const app = await build(t, { loginTimeoutMs: 60_000 });
  const session = await loginSession(app, 'user');
  app.clock.advance(50_000);
  assert.equal((await app.inject({ method: 'GET', url: PROFILE, headers: session.headers })).statusCode, 200);
  app.clock.advance(50_000);
  assert.equal(
    (await app.inject({ method: 'GET', url: PROFILE, headers: session.headers })).statusCode,
    200,
    'refreshed at the last read',
  );
  app.clock.advance(60_001);
  assert.equal((await app.inject({ method: 'GET', url: PROFILE, headers: session.headers })).statusCode, 401);
});

test('a session lasts 86400 s by default', async (t) => {
  const app = await build(t);
  // Idle sessions end after SECURITY_MAX_IDLE_TIME (settings-security.test.ts); here only the lifetime counts.
  app.bastion.settings.set('SECURITY_MAX_IDLE_TIME', 99999, 'security');
  const session = await loginSession(app, 'user');
  app.clock.advance(86_399_000);
  assert.equal(
    (await app.inject({ method: 'GET', url: '/api/v1/authentication/access-keys/', headers: session.headers }))
      .statusCode,
    200,
  );
  app.clock.advance(2_000);
  assert.equal(
    (await app.inject({ method: 'GET', url: '/api/v1/authentication/access-keys/', headers: session.headers }))
      .statusCode,
    401,
  );
});

test('Sign auth: an active access key with a fresh Date header authenticates; else 401', async (t) => {
  const app = await build(t);
  const key = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/authentication/access-keys/',
      headers: await bearer(app, 'orgadmin'),
    })
  ).json();
  const date = new Date(app.clock.now()).toUTCString();
  const signed = (secret: string, when = date) => ({
    authorization: `Sign ${key.id}:${signFor(secret, when)}`,
    date: when,
  });
  const ok = await app.inject({ method: 'GET', url: PROFILE, headers: signed(key.secret) });
  assert.equal(ok.statusCode, 200);
  assert.equal(ok.json().username, 'orgadmin');
  assert.equal((await app.inject({ method: 'GET', url: PROFILE, headers: signed('wrong-secret') })).statusCode, 401);
  const old = new Date(app.clock.now() - 16 * 60 * 1000).toUTCString();
  assert.equal((await app.inject({ method: 'GET', url: PROFILE, headers: signed(key.secret, old) })).statusCode, 401);
  app.bastion.db.prepare('UPDATE access_keys SET is_active = 0').run();
  assert.equal((await app.inject({ method: 'GET', url: PROFILE, headers: signed(key.secret) })).statusCode, 401);
});

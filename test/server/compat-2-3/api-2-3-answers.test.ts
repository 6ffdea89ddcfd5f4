// Answers a 2.3 client reads word for word or field by field: a system user's auth-info (2.3.1's
// SystemUserWithAuthInfoSerializer) and the 401 of a refused `Sign` signature (AccessKeyAuthentication).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signFor } from '../../../demo/shared/access-key-signature.ts';
import { bearer, build } from '../helpers.ts';

type App = Awaited<ReturnType<typeof build>>;

test("system-users/<id>/auth-info/ has the fields of 2.3.1's SystemUserWithAuthInfoSerializer, secrets included", async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/assets/system-users/',
    headers,
    payload: {
      name: 'auth-info-su',
      username: 'deploy',
      protocol: 'ssh',
      password: 'S3cret!',
      sftp_root: 'home',
      sudo: '/bin/ls',
      shell: '/bin/sh',
      priority: 7,
      comment: 'c',
    },
  });
  assert.equal(created.statusCode, 201, created.body);
  const info = await app.inject({
    method: 'GET',
    url: `/api/v1/assets/system-users/${created.json().id}/auth-info/`,
    headers,
  });
  assert.equal(info.statusCode, 200, info.body);
  const body = info.json();
  // Meta.fields less the write-only auto_generate_key, plus the org mixin's org_id/org_name.
  assert.deepEqual(Object.keys(body).sort(), [
    'auto_push',
    'comment',
    'id',
    'login_mode',
    'login_mode_display',
    'name',
    'org_id',
    'org_name',
    'password',
    'priority',
    'private_key',
    'protocol',
    'public_key',
    'sftp_root',
    'shell',
    'sudo',
    'token',
    'username',
    'username_same_with_user',
  ]);
  assert.deepEqual(
    [body.password, body.sftp_root, body.sudo, body.shell, body.priority, body.org_name],
    ['S3cret!', 'home', '/bin/ls', '/bin/sh', 7, 'DEFAULT'],
  );
  assert.equal(typeof body.login_mode_display, 'string');
  const asset = app.bastion.db.prepare("SELECT id FROM assets WHERE org_id = '' LIMIT 1").pluck().get() as string;
  const onAsset = (
    await app.inject({
      method: 'GET',
      url: `/api/v1/assets/system-users/${created.json().id}/assets/${asset}/auth-info/`,
      headers,
    })
  ).json();
  assert.deepEqual(Object.keys(onAsset).sort(), Object.keys(body).sort(), 'the per-asset form has the same fields');
});

async function accessKey(app: App): Promise<{ id: string; secret: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/access-keys/',
    headers: await bearer(app, 'admin'),
  });
  return response.json();
}

test('a refused Sign signature says why, in 2.3\'s words: "Invalid signature.", "Expired, more than 15 minutes"', async (t) => {
  const app = await build(t);
  const key = await accessKey(app);
  const date = (offsetMs = 0) => new Date(app.clock.now() + offsetMs).toUTCString();
  const call = (authorization: string, when?: string, lang = 'en') =>
    app.inject({
      method: 'GET',
      url: '/api/v1/users/profile/',
      headers: { authorization, ...(when ? { date: when } : {}), 'accept-language': lang },
    });
  const ok = await call(`Sign ${key.id}:${signFor(key.secret, date())}`, date());
  assert.equal(ok.statusCode, 200, ok.body);
  const cases: [string, string | undefined, string][] = [
    [`Sign ${key.id}:${signFor('wrong secret', date())}`, date(), 'Invalid signature.'],
    [`Sign 3f1d2a4e-0000-4000-8000-000000000001:${signFor(key.secret, date())}`, date(), 'Invalid signature.'],
    [`Sign ${key.id}:${signFor(key.secret, date(-16 * 60_000))}`, date(-16 * 60_000), 'Expired, more than 15 minutes'],
    [
      `Sign ${key.id}:${signFor(key.secret, 'yesterday')}`,
      'yesterday',
      'HTTP header: Date not provide or not %a, %d %b %Y %H:%M:%S GMT',
    ],
    [`Sign ${key.id}`, date(), 'Invalid signature header. Format like AccessKeyId:Signature'],
    [`Sign not-a-key:abc`, date(), 'Access key id invalid'],
  ];
  for (const [authorization, when, detail] of cases) {
    const refused = await call(authorization, when);
    assert.equal(refused.statusCode, 401, authorization);
    assert.deepEqual(refused.json(), { detail }, authorization);
    assert.equal(refused.headers['www-authenticate'], 'Sign access_key_id:Signature');
  }
  // 2.3's zh catalogue leaves these untranslated; "User disabled." is its one translated message.
  assert.deepEqual((await call(cases[0][0], cases[0][1], 'zh-CN,zh')).json(), { detail: 'Invalid signature.' });
  app.bastion.db.prepare("UPDATE users SET is_active = 0 WHERE username = 'admin'").run();
  assert.deepEqual((await call(`Sign ${key.id}:${signFor(key.secret, date())}`, date())).json(), {
    detail: 'User disabled.',
  });
  assert.deepEqual((await call(`Sign ${key.id}:${signFor(key.secret, date())}`, date(), 'zh-CN,zh')).json(), {
    detail: '用户已禁用',
  });
  // Nothing sent: DRF's own message.
  assert.deepEqual(
    (await app.inject({ method: 'GET', url: '/api/v1/users/profile/', headers: { 'accept-language': 'en' } })).json(),
    { detail: 'Authentication credentials were not provided.' },
  );
});

// Login confirmation holds for every way in (issue 30): while a sign-in waits for a reviewer, the user's
// access key, private token and any login no reviewer approved are held; a user under login confirmation
// changes credentials (access keys, SSH key, password, MFA, their own user record) only from a login a
// reviewer approved; nobody edits the reviewers of their own sign-ins. 2.3 let the access key mint keys,
// replace the SSH key and run a batch command while the sign-in waited, and an org admin under
// confirmation removed his own reviewers with an older token. Each row: the attempt, the status, what the
// database then holds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { signFor } from '../../../demo/shared/access-key-signature.ts';
import { issuePrivateToken } from '../../../demo/server/core/auth/private-token.ts';
import { bearer, build, cookieHeader, cookieJar, orgId, postLoginForm, userId } from '../helpers.ts';

const SETTINGS = (id: string) => `/api/v1/authentication/login-confirm-settings/${id}/`;
const KEYS = '/api/v1/authentication/access-keys/';
const PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl attacker@evil';
type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

async function world(t: Parameters<typeof build>[0]) {
  const app = await build(t);
  const db = app.bastion.db;
  const eng = orgId(app, 'Engineering');
  const uid = userId(app, 'orgadmin');
  const with_ =
    (headers: Record<string, string>): Call =>
    (method, url, payload) =>
      app.inject({
        method,
        url,
        headers: { ...headers, 'x-jms-org': eng, 'accept-language': 'en' },
        ...(payload === undefined ? {} : { payload: payload as never }),
      });
  // Before login confirmation: orgadmin holds an access key, a private token and a bearer token.
  const old = with_(await bearer(app, 'orgadmin'));
  const key = (await old('POST', KEYS)).json() as { id: string; secret: string };
  const signed: Call = (method, url, payload) => {
    const date = new Date(app.clock.now()).toUTCString();
    return with_({ authorization: `Sign ${key.id}:${signFor(key.secret, date)}`, date })(method, url, payload);
  };
  const token = with_({ authorization: `Token ${issuePrivateToken(db, uid, app.clock.now())}` });
  const admin = with_(await bearer(app, 'admin'));
  assert.equal((await admin('PUT', SETTINGS(uid), { reviewers: [userId(app, 'admin')] })).statusCode, 200);
  app.bastion.settings.set('LOGIN_CONFIRM_ENABLE', true, 'security');
  const state = () => ({
    keys: db.prepare('SELECT COUNT(*) FROM access_keys WHERE user_id = ?').pluck().get(uid),
    publicKey: db.prepare('SELECT public_key FROM users WHERE id = ?').pluck().get(uid),
    password: db.prepare('SELECT password_hash FROM users WHERE id = ?').pluck().get(uid),
    mfa: db.prepare('SELECT mfa_level FROM users WHERE id = ?').pluck().get(uid),
    runs: db.prepare('SELECT COUNT(*) FROM command_executions').pluck().get(),
    reviewers: db
      .prepare(
        'SELECT COUNT(*) FROM login_confirm_reviewers r JOIN login_confirm_settings s ON s.id = r.setting_id WHERE s.user_id = ?',
      )
      .pluck()
      .get(uid),
  });
  // Someone with the password signs in through the token API: the sign-in waits for the reviewer.
  const waiting = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: 'orgadmin', password: 'bastion' },
  });
  assert.equal(waiting.json().error, 'login_confirm_wait', waiting.body);
  const ticket = String(waiting.json().data.ticket_id);
  return { app, uid, key, signed, token, old, admin, state, ticket, waiting, with_ };
}

/** What a credential may try: one of each kind of change, and a batch command. */
const attempts = (uid: string, key: string): [string, 'POST' | 'PUT' | 'PATCH', string, unknown][] => [
  ['mint an access key', 'POST', KEYS, {}],
  ['deactivate an access key', 'PATCH', `${KEYS}${key}/`, { is_active: false }],
  ['replace the SSH key', 'PUT', '/api/v1/users/profile/public-key/', { public_key: PUBLIC_KEY }],
  ['the SSH key through the profile', 'PATCH', '/api/v1/users/profile/', { public_key: PUBLIC_KEY }],
  ['turn MFA off through the profile', 'PATCH', '/api/v1/users/profile/', { mfa_level: 0 }],
  [
    'change the password',
    'PUT',
    '/api/v1/users/profile/password/',
    { old_password: 'bastion', new_password: 'N3w-passw0rd!', new_password_again: 'N3w-passw0rd!' },
  ],
  ['their own user record', 'PATCH', `/api/v1/users/users/${uid}/`, { email: 'attacker@example.test' }],
  ['set their own password as an admin', 'PUT', `/api/v1/users/users/${uid}/password/`, { password: 'N3w-passw0rd!' }],
];

test('while a sign-in waits, the access key, the private token and an unapproved login are held', async (t) => {
  const w = await world(t);
  const before = w.state();
  const batch = { hosts: [], run_as: '', command: 'id' };
  for (const [who, call] of [
    ['access key', w.signed],
    ['private token', w.token],
    ['a bearer token from before', w.old],
  ] as const) {
    for (const [name, method, url, body] of [
      ...attempts(w.uid, w.key.id),
      ['run a batch command', 'POST', '/api/v1/ops/command-executions/', batch] as const,
    ]) {
      const answer = await call(method, url, body);
      assert.equal(answer.statusCode, 403, `${who}: ${name}: ${answer.body}`);
      assert.match(answer.json().detail, /waits for login confirmation/, `${who}: ${name}`);
    }
    assert.equal((await call('GET', '/api/v1/users/profile/')).statusCode, 403, `${who}: even reading is held`);
  }
  assert.deepEqual(w.state(), before, 'nothing changed');

  // The reviewer rejects: nothing waits any more, reading works again, credentials still do not change.
  assert.equal((await w.admin('PATCH', `/api/v1/tickets/tickets/${w.ticket}/`, { action: 'reject' })).statusCode, 200);
  for (const [who, call] of [
    ['access key', w.signed],
    ['private token', w.token],
    ['a bearer token from before', w.old],
  ] as const) {
    assert.equal((await call('GET', '/api/v1/users/profile/')).statusCode, 200, who);
    for (const [name, method, url, body] of attempts(w.uid, w.key.id)) {
      const answer = await call(method, url, body);
      assert.equal(answer.statusCode, 403, `${who}: ${name}: ${answer.body}`);
      assert.match(answer.json().detail, /only from a login a reviewer approved/, `${who}: ${name}`);
    }
  }
  assert.deepEqual(w.state(), before, 'nothing changed');
});

test('a login a reviewer approved changes credentials; nobody changes their own reviewers', async (t) => {
  const w = await world(t);
  const flow = cookieJar(w.waiting);
  assert.equal((await w.admin('PATCH', `/api/v1/tickets/tickets/${w.ticket}/`, { action: 'approve' })).statusCode, 200);
  const issued = await w.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    headers: { cookie: cookieHeader(flow) },
    payload: { username: 'orgadmin', password: 'bastion' },
  });
  assert.equal(issued.statusCode, 201, issued.body);
  const approved = w.with_({ authorization: `Bearer ${issued.json().token}` });

  // The org admin removing his own reviewers: refused from any login, the older token as the approved one.
  for (const [who, call] of [
    ['a bearer token from before', w.old],
    ['the approved login', approved],
  ] as const) {
    const removed = await call('PUT', SETTINGS(w.uid), { reviewers: [] });
    assert.equal(removed.statusCode, 403, `${who}: ${removed.body}`);
    assert.match(removed.json().detail, /own sign-ins/);
  }
  assert.equal(w.state().reviewers, 1, 'the reviewer stays');
  const next = await w.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: 'orgadmin', password: 'bastion' },
  });
  assert.equal(next.json().error, 'login_confirm_wait', 'the next sign-in still waits');
  assert.equal(
    (await w.admin('PATCH', `/api/v1/tickets/tickets/${next.json().data.ticket_id}/`, { status: 'closed' })).statusCode,
    200,
  );

  const made = await approved('POST', KEYS);
  assert.equal(made.statusCode, 201, made.body);
  const key = await approved('PUT', '/api/v1/users/profile/public-key/', { public_key: PUBLIC_KEY });
  assert.equal(key.statusCode, 200, key.body);
  assert.equal(w.state().publicKey, PUBLIC_KEY);
  assert.equal(w.state().keys, 2);
});

test('MFA pages: a browser session no reviewer approved is refused; one approved goes on', async (t) => {
  const w = await world(t);
  assert.equal((await w.admin('PATCH', `/api/v1/tickets/tickets/${w.ticket}/`, { status: 'closed' })).statusCode, 200);
  const app = w.app;
  const enableStart = '/core/auth/profile/otp/enable/start/';
  // A browser session from before login confirmation was turned on for the user.
  app.bastion.settings.set('LOGIN_CONFIRM_ENABLE', false, 'security');
  const { jar: old } = await postLoginForm(app, { username: 'orgadmin' });
  app.bastion.settings.set('LOGIN_CONFIRM_ENABLE', true, 'security');
  const post = (jar: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: enableStart,
      headers: {
        cookie: cookieHeader({ ...jar, django_language: 'en' }),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `csrfmiddlewaretoken=${jar.csrftoken}&password=bastion`,
    });
  const refused = await post(old);
  assert.equal(refused.statusCode, 403, refused.body);
  assert.match(refused.body, /only from a login a reviewer approved/);

  const waiting = await postLoginForm(app, { username: 'orgadmin' });
  const ticket = app.bastion.db
    .prepare("SELECT id FROM tickets WHERE type = 'login_confirm' AND status = 'open'")
    .pluck()
    .get() as string;
  assert.equal((await w.admin('PATCH', `/api/v1/tickets/tickets/${ticket}/`, { action: 'approve' })).statusCode, 200);
  const guard = await app.inject({
    method: 'GET',
    url: '/core/auth/login/guard/',
    headers: { cookie: cookieHeader(waiting.jar) },
  });
  const approved = cookieJar(guard, waiting.jar);
  const passed = await post(approved);
  assert.equal(passed.statusCode, 302, passed.body);
  assert.match(String(passed.headers.location), /otp\/enable\/bind/);
});

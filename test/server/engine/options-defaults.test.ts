// OPTIONS carries each writable field's default, as JumpServer's metadata does, so a create form
// pre-fills it: the users form opens with role User, MFA disabled and an expiry 70 years ahead.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build } from '../helpers.ts';

test("OPTIONS gives defaults: fixed values as they are, datetimes from the request clock in the caller's zone", async (t) => {
  const app = await build(t);
  const headers = { ...(await bearer(app, 'admin')), 'x-tz': 'UTC' };
  const post = (await app.inject({ method: 'OPTIONS', url: '/api/v1/users/users/', headers })).json().actions.POST;
  assert.equal(post.role.default, 'User');
  assert.equal(post.mfa_level.default, 0);
  assert.equal(post.is_active.default, true);
  // The test clock is 2024-01-15 08:30 UTC; 70 × 365 days later.
  assert.equal(post.date_expired.default, '2093-12-28 08:30:00 +0000');
  assert.equal('default' in post.id, false, 'read-only fields have none');
  assert.equal('default' in post.username, false, 'nor fields without one');

  const perms = (await app.inject({ method: 'OPTIONS', url: '/api/v1/perms/asset-permissions/', headers })).json()
    .actions.POST;
  assert.equal(perms.date_start.default, '2024-01-15 08:30:00 +0000');
  assert.deepEqual(perms.actions.default, ['all']);

  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/users/users/',
    headers,
    payload: {
      username: 'd-user',
      name: 'D',
      email: 'd@example.test',
      password_strategy: 1,
      password: 'Default-pass-1',
    },
  });
  assert.equal(created.statusCode, 201, created.body);
  assert.equal(
    created.json().date_expired,
    '2093-12-28 08:30:00 +0000',
    'a create without expiry gets the same default',
  );
});

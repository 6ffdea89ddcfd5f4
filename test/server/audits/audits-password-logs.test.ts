// Password change logs are written wherever a password is set: the user's own change in the profile,
// an admin setting or resetting it (the mailed reset), a user update carrying a password. A refused
// change writes nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { caller, rowsOf } from './audits-fixture.ts';
import { bearer, build, PASSWORD, userId } from '../helpers.ts';

const PASSWORD_LOGS = '/api/v1/audits/password-change-logs/';

test('own change in the profile: logged with the user as the one who changed it; a refused change is not', async (t) => {
  const app = await build(t);
  const headers = { ...(await bearer(app, 'liwei')), 'accept-language': 'en' };
  const url = '/api/v1/users/profile/password/';
  const bad = await app.inject({
    method: 'PUT',
    url,
    headers,
    payload: { old_password: 'wrong', new_password: 'Secret123', new_password_again: 'Secret123' },
  });
  assert.equal(bad.statusCode, 400);
  const call = caller(app);
  assert.deepEqual(rowsOf(await call('GET', PASSWORD_LOGS, { as: 'sysauditor' })), []);
  const good = await app.inject({
    method: 'PUT',
    url,
    headers,
    payload: { old_password: PASSWORD, new_password: 'Secret123', new_password_again: 'Secret123' },
  });
  assert.equal(good.statusCode, 200, good.body);
  const [log, ...rest] = rowsOf(await call('GET', PASSWORD_LOGS, { as: 'sysauditor' }));
  assert.deepEqual(rest, []);
  assert.equal(log.user, '李伟(liwei)');
  assert.equal(log.change_by, '李伟(liwei)');
  assert.equal(log.remote_addr, '127.0.0.1');
  assert.equal(log.datetime, '2024-01-15 16:30:00 +0800');
});

test('an admin sets, resets (mail configured) and updates passwords: each logged with the admin as change_by', async (t) => {
  const app = await build(t);
  const call = caller(app);
  const users = '/api/v1/users/users/';
  assert.equal(
    (await call('PUT', `${users}${userId(app, 'jsmith')}/password/`, { payload: { password: 'Another-123' } }))
      .statusCode,
    200,
  );
  app.bastion.settings.set('EMAIL_HOST', 'smtp.bastion.example.com', 'email');
  app.clock.advance(1_000);
  const reset = await call('PATCH', `${users}${userId(app, 'akumar')}/password/reset/`);
  assert.equal(reset.statusCode, 200, reset.body);
  app.clock.advance(1_000);
  assert.equal(
    (await call('PATCH', `${users}${userId(app, 'ewilson')}/`, { payload: { password: 'Third-123' } })).statusCode,
    200,
  );
  app.clock.advance(1_000);
  // Refused: the password rules are not met, nothing changes and nothing is logged.
  assert.equal(
    (await call('PUT', `${users}${userId(app, 'jsmith')}/password/`, { payload: { password: '1' } })).statusCode,
    400,
  );

  const logs = rowsOf(await call('GET', `${PASSWORD_LOGS}?change_by=Administrator(admin)`, { as: 'sysauditor' }));
  assert.deepEqual(
    logs.map((l) => l.user),
    ['Emma Wilson(ewilson)', 'Arjun Kumar(akumar)', 'John Smith(jsmith)'],
    'newest first',
  );
  assert.equal((await call('GET', PASSWORD_LOGS, { as: 'sysauditor' })).json().length, 3);
});

test('without mail configured, a reset changes nothing and logs nothing', async (t) => {
  const app = await build(t);
  const call = caller(app);
  assert.equal((await call('PATCH', `/api/v1/users/users/${userId(app, 'akumar')}/password/reset/`)).statusCode, 200);
  assert.deepEqual(rowsOf(await call('GET', PASSWORD_LOGS, { as: 'sysauditor' })), []);
});

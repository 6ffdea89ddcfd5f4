// Terminal registration with the bootstrap token, the service account's signed calls, config, heartbeats
// bringing back kill tasks, and the terminals list (alive, accept, soft delete removing the account).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer } from '../helpers.ts';
import { BOOTSTRAP, buildTerminalApp, registerTerminal } from '../terminal-helpers.ts';
import { openSession } from '../support/terminal-records.ts';

const REGISTER = '/api/v2/terminal/terminal-registrations/';

test('registration needs the bootstrap token and a free name; the service account is an App user with a key', async (t) => {
  const app = await buildTerminalApp(t);
  const post = (authorization: string | undefined, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: REGISTER,
      headers: authorization ? { authorization } : {},
      payload: payload as object,
    });
  assert.equal((await post(undefined, { name: 'koko' })).statusCode, 401);
  assert.equal((await post('BootstrapToken wrong-token', { name: 'koko' })).statusCode, 401);
  const missing = await post(`BootstrapToken ${BOOTSTRAP}`, {});
  assert.equal(missing.statusCode, 400);
  assert.ok(missing.json().name);
  const term = await registerTerminal(app, 'koko');
  const role = app.bastion.db.prepare('SELECT role FROM users WHERE id = ?').pluck().get(term.userId);
  assert.equal(role, 'App');
  const again = await post(`BootstrapToken ${BOOTSTRAP}`, { name: 'koko' });
  assert.equal(again.statusCode, 400, 'a live terminal name is taken');
  assert.ok(again.json().name);
  // The App account never signs in with a password and is not listed among users.
  const admin = await bearer(app, 'admin');
  const users = (
    await app.inject({ method: 'GET', url: '/api/v1/users/users/?search=koko', headers: admin })
  ).json() as unknown[];
  assert.equal(users.length, 0);

  const closed = await buildTerminalApp(t);
  closed.bastion.settings.set('SECURITY_SERVICE_ACCOUNT_REGISTRATION', false, 'security');
  const refused = await closed.inject({
    method: 'POST',
    url: REGISTER,
    headers: { authorization: `BootstrapToken ${BOOTSTRAP}` },
    payload: { name: 'x' },
  });
  assert.equal(refused.statusCode, 400);
  assert.equal(refused.json().error, 'service account registration disabled');
});

test('a server without BOOTSTRAP_TOKEN registers nobody', async (t) => {
  const { build } = await import('../helpers.ts');
  const app = await build(t, { bootstrapToken: '' });
  const response = await app.inject({
    method: 'POST',
    url: REGISTER,
    headers: { authorization: 'BootstrapToken ' },
    payload: { name: 'koko' },
  });
  assert.equal(response.statusCode, 401);
});

test('config answers the TERMINAL_* settings, storages and the idle time to the terminal only', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const config = await term.call('GET', '/api/v1/terminal/terminals/config/');
  assert.equal(config.statusCode, 200);
  const body = config.json();
  assert.equal(body.TERMINAL_HEARTBEAT_INTERVAL, 20);
  assert.equal(body.SECURITY_MAX_IDLE_TIME, 30);
  assert.deepEqual(body.TERMINAL_REPLAY_STORAGE, { TYPE: 'server' });
  assert.deepEqual(body.TERMINAL_COMMAND_STORAGE, { TYPE: 'server' });
  const admin = await bearer(app, 'admin');
  assert.equal(
    (await app.inject({ method: 'GET', url: '/api/v1/terminal/terminals/config/', headers: admin })).statusCode,
    403,
  );
  assert.equal((await app.inject({ method: 'GET', url: '/api/v1/terminal/terminals/config/' })).statusCode, 401);
});

test('kill-session reaches the terminal on its next heartbeat until it reports the task finished', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const sessionId = '0b0e0f00-1111-4222-8333-444455556666';
  await openSession(term, '', { id: sessionId });
  const beat = () =>
    term.call('POST', '/api/v1/terminal/terminals/status/', {
      sessions: [sessionId],
      cpu_load: 0.5,
      memory_used: 1024,
      session_online: 1,
    });
  assert.deepEqual((await beat()).json(), []);

  // A plain user may not kill; the super auditor may.
  const plain = await bearer(app, 'newuser');
  assert.equal(
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/terminal/tasks/kill-session/',
        headers: plain,
        payload: [sessionId],
      })
    ).statusCode,
    403,
  );
  const auditor = await bearer(app, 'sysauditor');
  const kill = await app.inject({
    method: 'POST',
    url: '/api/v1/terminal/tasks/kill-session/',
    headers: auditor,
    payload: [sessionId, 'not-a-session', '9b0e0f00-1111-4222-8333-444455556666'],
  });
  assert.equal(kill.statusCode, 200);
  assert.deepEqual(kill.json(), { ok: [sessionId] });
  assert.equal(
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/terminal/tasks/kill-session/',
        headers: auditor,
        payload: { id: sessionId },
      })
    ).statusCode,
    400,
  );

  const tasks = (await beat()).json() as { id: string; name: string; args: string; is_finished: boolean }[];
  assert.equal(tasks.length, 1);
  assert.equal(tasks[0].name, 'kill_session');
  assert.equal(tasks[0].args, sessionId);
  // Delivered again until the terminal says it is done.
  assert.equal(((await beat()).json() as unknown[]).length, 1);
  const done = await term.call('PATCH', `/api/v1/terminal/tasks/${tasks[0].id}/`, { is_finished: true });
  assert.equal(done.statusCode, 200, done.body);
  assert.ok(done.json().date_finished);
  assert.deepEqual((await beat()).json(), []);

  // Another terminal neither sees nor finishes that task.
  const other = await registerTerminal(app, 'other-terminal');
  assert.equal((await other.call('GET', `/api/v1/terminal/tasks/${tasks[0].id}/`)).statusCode, 404);
});

test('terminals list: alive within 60 s of a heartbeat, accept, deactivate, soft delete removes the service account', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const admin = await bearer(app, 'admin');
  const get = async () =>
    (await app.inject({ method: 'GET', url: `/api/v1/terminal/terminals/${term.id}/`, headers: admin })).json();
  assert.equal((await get()).is_alive, false);
  await term.call('POST', '/api/v1/terminal/terminals/status/', { sessions: [], session_online: 0 });
  assert.equal((await get()).is_alive, true);
  assert.equal((await get()).is_accepted, true);
  app.clock.advance(61_000);
  assert.equal((await get()).is_alive, false);

  // Only superusers see terminals.
  const orgadmin = await bearer(app, 'orgadmin');
  assert.equal(
    (await app.inject({ method: 'GET', url: '/api/v1/terminal/terminals/', headers: orgadmin })).statusCode,
    403,
  );

  const unaccepted = await app.inject({
    method: 'PATCH',
    url: `/api/v1/terminal/terminals/${term.id}/`,
    headers: admin,
    payload: { is_accepted: false },
  });
  assert.equal(unaccepted.statusCode, 200);
  assert.equal(
    (await term.call('GET', '/api/v1/terminal/terminals/config/')).statusCode,
    403,
    'an unaccepted terminal gets no config',
  );
  await app.inject({
    method: 'PATCH',
    url: `/api/v1/terminal/terminals/${term.id}/`,
    headers: admin,
    payload: { is_accepted: true, is_active: false },
  });
  assert.equal(
    (await term.call('GET', '/api/v1/terminal/terminals/config/')).statusCode,
    401,
    'an inactive service account cannot sign',
  );
  await app.inject({
    method: 'PATCH',
    url: `/api/v1/terminal/terminals/${term.id}/`,
    headers: admin,
    payload: { is_active: true },
  });
  assert.equal((await term.call('GET', '/api/v1/terminal/terminals/config/')).statusCode, 200);

  const badStorage = await app.inject({
    method: 'PATCH',
    url: `/api/v1/terminal/terminals/${term.id}/`,
    headers: admin,
    payload: { replay_storage: 'nope' },
  });
  assert.equal(badStorage.statusCode, 400);

  assert.equal(
    (await app.inject({ method: 'DELETE', url: `/api/v1/terminal/terminals/${term.id}/`, headers: admin })).statusCode,
    204,
  );
  assert.equal((await get()).detail !== undefined, true, 'hidden once deleted');
  assert.equal(
    (await term.call('GET', '/api/v1/terminal/terminals/config/')).statusCode,
    401,
    'the key died with the account',
  );
  assert.equal(app.bastion.db.prepare('SELECT COUNT(*) FROM users WHERE id = ?').pluck().get(term.userId), 0);
  const again = await registerTerminal(app, term.name);
  assert.notEqual(again.id, term.id, 'the name is free again');
});

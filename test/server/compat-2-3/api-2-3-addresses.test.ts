// The 2.3.1 addresses this server once lacked (api-patterns-2-3.test.ts checks that they are served),
// called as a 2.3 client calls them, with 2.3's answers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, userId } from '../helpers.ts';
import { BOOTSTRAP, buildTerminalApp, registerTerminal } from '../terminal-helpers.ts';

test("a terminal's heartbeat at 2.3's other addresses; status/ lists it; v2 terminals/ is v1's; access-key/ as 2.3 without a v1 token", async (t) => {
  const app = await buildTerminalApp(t);
  const koko = await registerTerminal(app);
  const admin = await bearer(app, 'admin');
  for (const url of ['/api/v1/terminal/status/', `/api/v1/terminal/terminals/${koko.id}/status/`]) {
    const beat = await koko.call('POST', url, { session_online: 0, cpu_load: 0.5, memory_used: 10, sessions: [] });
    assert.equal(beat.statusCode, 201, `${url}: ${beat.body}`);
  }
  const status = await app.inject({ method: 'GET', url: '/api/v1/terminal/status/', headers: admin });
  assert.deepEqual(status.json(), [{ id: koko.id, terminal: koko.id }]);
  assert.equal(
    (
      await app.inject({
        method: 'GET',
        url: `/api/v1/terminal/terminals/${koko.id}/status/${koko.id}/`,
        headers: admin,
      })
    ).json().terminal,
    koko.id,
  );
  assert.equal(
    (await app.inject({ method: 'GET', url: '/api/v1/terminal/status/', headers: await bearer(app, 'user') }))
      .statusCode,
    403,
  );

  const v1 = (
    await app.inject({ method: 'GET', url: `/api/v1/terminal/terminals/${koko.id}/`, headers: admin })
  ).json();
  const v2 = await app.inject({ method: 'GET', url: `/api/v2/terminal/terminals/${koko.id}/`, headers: admin });
  assert.deepEqual([v2.statusCode, v2.json()], [200, v1]);
  const renamed = await app.inject({
    method: 'PATCH',
    url: `/api/v2/terminal/terminals/${koko.id}/`,
    headers: admin,
    payload: { comment: 'via v2' },
  });
  assert.equal(renamed.json().comment, 'via v2');

  const key = await app.inject({ method: 'GET', url: `/api/v1/terminal/terminals/${koko.id}/access-key/?token=x` });
  assert.deepEqual([key.statusCode, key.body], [401, 'Token is not valid']);
});

test('service-account-registrations/ makes an App account with a key, with the bootstrap token only', async (t) => {
  const app = await buildTerminalApp(t);
  const url = '/api/v2/users/service-account-registrations/';
  assert.equal((await app.inject({ method: 'POST', url, payload: { name: 'svc' } })).statusCode, 401);
  const made = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `BootstrapToken ${BOOTSTRAP}` },
    payload: { name: 'svc' },
  });
  assert.equal(made.statusCode, 201, made.body);
  assert.deepEqual(Object.keys(made.json()).sort(), ['access_key', 'id', 'name']);
  const row = app.bastion.db.prepare('SELECT role, email FROM users WHERE id = ?').get(made.json().id) as {
    role: string;
    email: string;
  };
  assert.deepEqual({ ...row }, { role: 'App', email: 'svc@serviceaccount.local' });
  const again = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `BootstrapToken ${BOOTSTRAP}` },
    payload: { name: 'svc' },
  });
  assert.deepEqual([again.statusCode, again.json()], [400, { name: ['名称重复'] }]);
});

test('org-memeber-relation/ lists, adds and removes memberships for superusers; otp/reset/ on oneself; SSO closed; period tasks', async (t) => {
  const app = await buildTerminalApp(t);
  const admin = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const url = '/api/v1/orgs/org-memeber-relation/';
  const org = app.bastion.db.prepare("SELECT id FROM orgs WHERE name = 'Engineering'").pluck().get() as string;
  const user = userId(app, 'user');
  const made = await app.inject({ method: 'POST', url, headers: admin, payload: { org, user, role: 'Auditor' } });
  assert.equal(made.statusCode, 201, made.body);
  assert.deepEqual([made.json().org_display, made.json().role_display], ['Engineering', 'Organization auditor']);
  const listed = (await app.inject({ method: 'GET', url: `${url}?org=${org}&role=Auditor`, headers: admin })).json();
  assert.ok(listed.some((row: { user: string }) => row.user === user));
  assert.equal(
    (await app.inject({ method: 'POST', url, headers: admin, payload: { org, user, role: 'Auditor' } })).statusCode,
    400,
  );
  assert.equal(
    (await app.inject({ method: 'DELETE', url: `${url}${made.json().id}/`, headers: admin })).statusCode,
    204,
  );
  assert.equal(
    app.bastion.db
      .prepare("SELECT COUNT(*) FROM org_members WHERE org_id = ? AND user_id = ? AND role = 'Auditor'")
      .pluck()
      .get(org, user),
    0,
  );
  assert.equal((await app.inject({ method: 'GET', url, headers: await bearer(app, 'user') })).statusCode, 403);

  const self = await app.inject({ method: 'GET', url: '/api/v1/users/otp/reset/', headers: admin });
  assert.deepEqual(
    [self.statusCode, self.json()],
    [401, { error: 'Could not reset self otp, use profile reset instead' }],
  );
  const sso = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/sso/login-url/',
    headers: admin,
    payload: { username: 'user' },
  });
  assert.deepEqual([sso.statusCode, sso.json()], [400, { detail: 'SSO auth closed' }]);
  const login = await app.inject({ method: 'GET', url: '/api/v1/authentication/sso/login/?authkey=x&next=/ui/' });
  assert.deepEqual([login.statusCode, login.headers.location], [302, '/core/auth/login/']);

  await app.ready();
  const tasks = (await app.inject({ method: 'GET', url: '/api/v1/ops/celery/period-tasks/', headers: admin })).json();
  const retention = tasks.find((task: { name: string }) => task.name === 'terminal.tasks.clean_expired_session_period');
  assert.equal(retention.total_run_count, 1, 'the sweep at start ran');
  const off = await app.inject({
    method: 'PATCH',
    url: `/api/v1/ops/celery/period-tasks/${retention.name}/`,
    headers: admin,
    payload: { enabled: false },
  });
  assert.equal(off.json().enabled, false);
});

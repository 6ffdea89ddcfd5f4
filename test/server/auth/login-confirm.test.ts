// Login confirmation (§2.2, 2.3's LoginConfirmSetting): with LOGIN_CONFIRM_ENABLE on, a user with reviewers
// waits after the password until a reviewer approves the login_confirm ticket; rejected or closed, the
// sign-in is refused with 2.3's messages. Both ends are in the login log. Token API and terminal too.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { bearer, build, cookieHeader, cookieJar, orgId, postLoginForm, userId, type TestClock } from '../helpers.ts';

const SETTINGS = (id: string) => `/api/v1/authentication/login-confirm-settings/${id}/`;
const STATUS = '/api/v1/authentication/login-confirm-ticket/status/';
const WAIT = '/core/auth/login/wait-confirm/';
const GUARD = '/core/auth/login/guard/';
type App = FastifyInstance & { clock: TestClock };

async function confirmed(
  t: TestContext,
  on = true,
  make: (t: TestContext) => Promise<App> = build,
): Promise<{ app: App; as: (who: string) => Promise<Record<string, string>> }> {
  const app = await make(t);
  const eng = orgId(app, 'Engineering');
  const as = async (who: string) => ({ ...(await bearer(app, who)), 'x-jms-org': eng, 'accept-language': 'en' });
  const set = await app.inject({
    method: 'PUT',
    url: SETTINGS(userId(app, 'user')),
    headers: await as('admin'),
    payload: { reviewers: [userId(app, 'orgadmin')] },
  });
  assert.equal(set.statusCode, 200, set.body);
  app.bastion.settings.set('LOGIN_CONFIRM_ENABLE', on, 'security');
  return { app, as };
}

const logs = (app: App, username: string) =>
  app.bastion.db.prepare('SELECT reason, status FROM login_logs WHERE username = ? ORDER BY rowid').all(username) as {
    reason: string;
    status: number;
  }[];
const pendingTicket = (app: App) =>
  app.bastion.db
    .prepare("SELECT id FROM tickets WHERE type = 'login_confirm' AND status = 'open' ORDER BY rowid DESC")
    .pluck()
    .get() as string;

test('reviewers are set by an admin who may change the user, and must administer the org', async (t) => {
  const app = await build(t);
  const eng = orgId(app, 'Engineering');
  const as = async (who: string) => ({ ...(await bearer(app, who)), 'x-jms-org': eng, 'accept-language': 'en' });
  const user = userId(app, 'user');
  const put = await app.inject({
    method: 'PUT',
    url: SETTINGS(user),
    headers: await as('orgadmin'),
    payload: { reviewers: [userId(app, 'orgadmin'), userId(app, 'admin')] },
  });
  assert.equal(put.statusCode, 200, put.body);
  assert.deepEqual(put.json().reviewers, [userId(app, 'admin'), userId(app, 'orgadmin')]);
  assert.equal(put.json().user, user);
  assert.deepEqual(Object.keys(put.json()).sort(), [
    'date_created',
    'date_updated',
    'id',
    'is_active',
    'reviewers',
    'user',
  ]);
  const detail = await app.inject({
    method: 'GET',
    url: `/api/v1/users/users/${user}/`,
    headers: await as('orgadmin'),
  });
  assert.deepEqual(detail.json().login_confirm_settings, [userId(app, 'admin'), userId(app, 'orgadmin')]);
  // Not an admin of the org: refused, nothing changed.
  const bad = await app.inject({
    method: 'PATCH',
    url: SETTINGS(user),
    headers: await as('orgadmin'),
    payload: { reviewers: [userId(app, 'liwei')] },
  });
  assert.equal(bad.statusCode, 400);
  assert.deepEqual(bad.json(), { reviewers: ['Reviewers must be admins of the organization or superusers'] });
  assert.equal(
    (
      await app.inject({
        method: 'PATCH',
        url: SETTINGS(user),
        headers: await as('orgadmin'),
        payload: { reviewers: 'x' },
      })
    ).statusCode,
    400,
  );
  assert.deepEqual(
    (await app.inject({ method: 'GET', url: SETTINGS(user), headers: await as('orgadmin') })).json().reviewers.length,
    2,
  );
  // A plain user may not; an org admin may not touch a superuser; another org's user is not found.
  assert.equal(
    (await app.inject({ method: 'PUT', url: SETTINGS(user), headers: await as('liwei'), payload: { reviewers: [] } }))
      .statusCode,
    403,
  );
  assert.equal(
    (
      await app.inject({
        method: 'PUT',
        url: SETTINGS(userId(app, 'admin')),
        headers: await as('orgadmin'),
        payload: { reviewers: [] },
      })
    ).statusCode,
    404,
  );
  assert.equal(
    (
      await app.inject({
        method: 'PUT',
        url: SETTINGS(userId(app, 'zhangmin')),
        headers: await as('orgadmin'),
        payload: { reviewers: [] },
      })
    ).statusCode,
    404,
  );
  const cleared = await app.inject({
    method: 'PUT',
    url: SETTINGS(user),
    headers: await as('orgadmin'),
    payload: { reviewers: [] },
  });
  assert.deepEqual(cleared.json().reviewers, []);
});

test('the sign-in waits for a reviewer: approved, the waiting browser is signed in and the login logged', async (t) => {
  const { app, as } = await confirmed(t);
  const { response, jar } = await postLoginForm(app, {
    username: 'user',
    next: '/ui/#/tickets/tickets',
    jar: { django_language: 'en' },
  });
  assert.equal(response.statusCode, 302);
  assert.equal(response.headers.location, WAIT);
  assert.equal(jar.sessionid, undefined, 'no session before the approval');
  assert.deepEqual(logs(app, 'user'), [], 'nothing logged yet');
  const cookie = cookieHeader(jar);
  const page = await app.inject({ method: 'GET', url: WAIT, headers: { cookie: `${cookie}; django_language=en` } });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /Wait for Olivia Chen\(orgadmin\) to confirm/);
  assert.match(page.body, /<script src="\/static\/js\/login-wait-confirm.js" defer><\/script>/);
  assert.ok(!/<script>/.test(page.body), 'no inline script');
  const ticket = pendingTicket(app);
  const waiting = await app.inject({ method: 'GET', url: STATUS, headers: { cookie, 'accept-language': 'en' } });
  assert.deepEqual(waiting.json(), {
    error: 'login_confirm_wait',
    msg: 'Wait login confirm ticket for accept',
    data: { ticket_id: ticket },
  });
  assert.equal(
    (await app.inject({ method: 'GET', url: GUARD, headers: { cookie } })).headers.location,
    '/core/auth/login/',
    'the guard does not let it through yet',
  );
  // The reviewer finds it assigned and approves it.
  const orgadmin = await as('orgadmin');
  const assigned = (
    await app.inject({ method: 'GET', url: '/api/v1/tickets/tickets/?assign=1&type=login_confirm', headers: orgadmin })
  ).json() as { id: string; title: string }[];
  assert.deepEqual(
    assigned.map((row) => [row.id, row.title]),
    [[ticket, 'Login confirm Demo User(user)']],
  );
  assert.equal(
    (
      await app.inject({
        method: 'PATCH',
        url: `/api/v1/tickets/tickets/${ticket}/`,
        headers: await as('liwei'),
        payload: { action: 'approve' },
      })
    ).statusCode,
    404,
  );
  const approved = await app.inject({
    method: 'PATCH',
    url: `/api/v1/tickets/tickets/${ticket}/`,
    headers: orgadmin,
    payload: { action: 'approve' },
  });
  assert.equal(approved.statusCode, 200, approved.body);
  assert.deepEqual((await app.inject({ method: 'GET', url: STATUS, headers: { cookie } })).json(), { msg: 'ok' });
  const guard = await app.inject({ method: 'GET', url: GUARD, headers: { cookie } });
  assert.equal(guard.statusCode, 302);
  assert.equal(guard.headers.location, '/ui/#/tickets/tickets');
  const session = cookieJar(guard, jar);
  assert.ok(session.sessionid);
  const profile = await app.inject({
    method: 'GET',
    url: '/api/v1/users/profile/',
    headers: { cookie: cookieHeader(session) },
  });
  assert.equal(profile.json().username, 'user');
  assert.deepEqual(logs(app, 'user'), [{ reason: '', status: 1 }]);
  // The flow is spent: the guard lets nobody else in with it.
  assert.equal(
    (await app.inject({ method: 'GET', url: GUARD, headers: { cookie: cookieHeader(session) } })).headers.location,
    '/core/auth/login/',
  );
});

test("rejected or closed: the waiting page is told with 2.3's message, nobody is signed in, the refusal is logged once", async (t) => {
  const { app, as } = await confirmed(t);
  const { jar } = await postLoginForm(app, { username: 'user' });
  const cookie = cookieHeader(jar);
  const ticket = pendingTicket(app);
  await app.inject({
    method: 'PATCH',
    url: `/api/v1/tickets/tickets/${ticket}/`,
    headers: await as('orgadmin'),
    payload: { action: 'reject' },
  });
  for (let i = 0; i < 2; i += 1) {
    const answer = await app.inject({ method: 'GET', url: STATUS, headers: { cookie, 'accept-language': 'en' } });
    assert.deepEqual(answer.json(), {
      error: 'login_confirm_error',
      msg: 'Login confirm ticket was Reject',
      data: { ticket_id: ticket },
    });
  }
  assert.equal(
    (await app.inject({ method: 'GET', url: GUARD, headers: { cookie } })).headers.location,
    '/core/auth/login/',
  );
  assert.deepEqual(logs(app, 'user'), [{ reason: 'login_confirm_rejected', status: 0 }]);

  // The user leaves the waiting page of a second attempt: its ticket is closed by them.
  const second = await postLoginForm(app, { username: 'user' });
  const again = pendingTicket(app);
  assert.notEqual(again, ticket);
  const left = await app.inject({ method: 'DELETE', url: STATUS, headers: { cookie: cookieHeader(second.jar) } });
  assert.equal(left.statusCode, 200);
  const row = app.bastion.db.prepare('SELECT status, action FROM tickets WHERE id = ?').get(again);
  assert.deepEqual(row, { status: 'closed', action: '' });
  // Closed by a reviewer instead: "was Closed".
  const third = await postLoginForm(app, { username: 'user' });
  const closing = pendingTicket(app);
  await app.inject({
    method: 'PATCH',
    url: `/api/v1/tickets/tickets/${closing}/`,
    headers: await as('orgadmin'),
    payload: { status: 'closed' },
  });
  const closed = await app.inject({
    method: 'GET',
    url: STATUS,
    headers: { cookie: cookieHeader(third.jar), 'accept-language': 'en' },
  });
  assert.equal(closed.json().msg, 'Login confirm ticket was Closed');
});

test('without LOGIN_CONFIRM_ENABLE, or for a user without reviewers, nothing waits', async (t) => {
  const { app } = await confirmed(t, false);
  const off = await postLoginForm(app, { username: 'user' });
  assert.equal(off.response.headers.location, '/ui/');
  app.bastion.settings.set('LOGIN_CONFIRM_ENABLE', true, 'security');
  const other = await postLoginForm(app, { username: 'liwei' });
  assert.equal(other.response.headers.location, '/ui/');
  const status = await app.inject({
    method: 'GET',
    url: STATUS,
    headers: { cookie: cookieHeader(other.jar), 'accept-language': 'en' },
  });
  assert.deepEqual(status.json(), {
    error: 'login_confirm_error',
    msg: 'Login confirm ticket was Not found',
    data: { ticket_id: '' },
  });
});

test('token API: 200 login_confirm_wait with the ticket, then the token once approved; the terminal is refused', async (t) => {
  const { buildTerminalApp, registerTerminal } = await import('../terminal-helpers.ts');
  const { app, as } = await confirmed(t, true, buildTerminalApp);
  const first = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    headers: { 'accept-language': 'en' },
    payload: { username: 'user', password: 'bastion' },
  });
  assert.equal(first.statusCode, 200, first.body);
  const ticket = first.json().data.ticket_id;
  assert.deepEqual(first.json(), {
    error: 'login_confirm_wait',
    msg: 'Wait login confirm ticket for accept',
    data: { ticket_id: ticket },
  });
  const jar = cookieJar(first);
  const ask = () =>
    app.inject({
      method: 'POST',
      url: '/api/v1/authentication/auth/',
      headers: { cookie: cookieHeader(jar), 'accept-language': 'en' },
      payload: { username: 'user', password: 'bastion' },
    });
  assert.equal((await ask()).json().data.ticket_id, ticket, 'asking again waits on the same ticket');
  await app.inject({
    method: 'PATCH',
    url: `/api/v1/tickets/tickets/${ticket}/`,
    headers: await as('orgadmin'),
    payload: { action: 'approve' },
  });
  const issued = await ask();
  assert.equal(issued.statusCode, 201, issued.body);
  assert.equal(issued.json().user.username, 'user');
  assert.deepEqual(logs(app, 'user'), [{ reason: '', status: 1 }]);

  const term = await registerTerminal(app);
  const door = await term.call('POST', '/api/v1/authentication/tokens/', {
    username: 'user',
    password: 'bastion',
    remote_addr: '127.0.0.9',
  });
  assert.equal(door.statusCode, 400);
  assert.equal(door.json().error, 'login_confirm_required');
  assert.match(door.json().msg, /Login confirm required|登录需要复核/);
  assert.deepEqual(logs(app, 'user').at(-1), { reason: 'login_confirm_required', status: 0 });
});

test('with MFA the code comes first, then the wait; the sign-in is logged once, when approved', async (t) => {
  const { totpCode } = await import('../../../demo/server/auth/mfa/totp.ts');
  const { seal } = await import('../../../demo/server/core/secrets/vault.ts');
  const secret = 'JBSWY3DPEHPK3PXP';
  const { app, as } = await confirmed(t);
  app.bastion.db
    .prepare("UPDATE users SET mfa_level = 1, otp_secret_key = ? WHERE username = 'user'")
    .run(seal(app.bastion.db, secret));
  const { response, jar } = await postLoginForm(app, { username: 'user' });
  assert.equal(response.headers.location, '/core/auth/login/otp/');
  const form = await app.inject({
    method: 'GET',
    url: '/core/auth/login/otp/',
    headers: { cookie: cookieHeader(jar) },
  });
  const after = cookieJar(form, jar);
  const code = await app.inject({
    method: 'POST',
    url: '/core/auth/login/otp/',
    headers: { cookie: cookieHeader(after) },
    payload: { csrfmiddlewaretoken: after.csrftoken, otp_code: totpCode(secret, app.clock.now()) },
  });
  assert.equal(code.statusCode, 302);
  assert.equal(code.headers.location, WAIT);
  const waiting = cookieJar(code, after);
  assert.equal(waiting.sessionid, undefined);
  assert.deepEqual(logs(app, 'user'), []);
  await app.inject({
    method: 'PATCH',
    url: `/api/v1/tickets/tickets/${pendingTicket(app)}/`,
    headers: await as('orgadmin'),
    payload: { action: 'approve' },
  });
  const guard = await app.inject({ method: 'GET', url: GUARD, headers: { cookie: cookieHeader(waiting) } });
  assert.equal(guard.headers.location, '/ui/');
  assert.ok(cookieJar(guard, waiting).sessionid);
  assert.deepEqual(
    app.bastion.db
      .prepare("SELECT reason, status, mfa FROM login_logs WHERE username = 'user'")
      .all()
      .map((row) => ({ ...(row as object) })),
    [{ reason: '', status: 1, mfa: 1 }],
  );
});

// Tickets (§2.8): a user asks for assets of an org, its admins (the assignees) confirm and approve, and the
// permission exists exactly as confirmed; lists by `assign`, comments, reject, close, and who is refused.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { bearer, build, orgId, userId } from '../helpers.ts';

const BASE = '/api/v1/tickets/tickets/';
const REQUESTS = `${BASE}request-asset-perm/`;
type Row = Record<string, unknown>;

async function world(t: TestContext) {
  const app = await build(t);
  const eng = orgId(app, 'Engineering');
  const tokens = new Map<string, Record<string, string>>();
  const call = async (
    as: string,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload?: unknown,
    org = eng,
  ) => {
    if (!tokens.has(as)) tokens.set(as, await bearer(app, as));
    return app.inject({
      method,
      url,
      headers: { ...tokens.get(as), 'x-jms-org': org, 'accept-language': 'en' },
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  };
  const idOf = (table: string, column: string, value: string, org = eng) =>
    app.bastion.db
      .prepare(`SELECT id FROM ${table} WHERE ${column} = ? AND org_id = ?`)
      .pluck()
      .get(value, org) as string;
  return { app, eng, call, idOf };
}

async function request(w: Awaited<ReturnType<typeof world>>, extra: Row = {}): Promise<Row> {
  const response = await w.call('user', 'POST', REQUESTS, {
    title: 'Need the API hosts',
    org_id: w.eng,
    assignees: [userId(w.app, 'orgadmin')],
    ips: ['127.10.2.15'],
    hostname: 'bj-api',
    system_user: 'deploy please',
    date_start: '2024-01-15 09:00:00 +0000',
    date_expired: '2024-01-22 09:00:00 +0000',
    actions: ['connect', 'upload_file'],
    comment: 'release checks',
    confirmed_assets: ['forged'],
    ...extra,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json() as Row;
}

test("a request is created for its requester, with confirmations stripped, and shows on both sides' lists", async (t) => {
  const w = await world(t);
  const made = await request(w);
  assert.equal(made.user, userId(w.app, 'user'));
  assert.equal(made.user_display, 'Demo User(user)');
  assert.equal(made.type, 'request_asset');
  assert.equal(made.status, 'open');
  assert.deepEqual(made.confirmed_assets, []);
  assert.deepEqual(made.actions, ['connect', 'upload_file']);
  assert.deepEqual(made.assignees, [userId(w.app, 'orgadmin')]);
  assert.equal(made.assignees_display, 'Olivia Chen(orgadmin)');
  assert.equal(made.org_name, 'Engineering');
  assert.equal(made.assets_waitlist_url, null, 'only an assignee gets the pick lists');
  const ids = (body: unknown) => (body as Row[]).map((row) => row.id);
  const mine = (await w.call('user', 'GET', `${BASE}?assign=0`)).json();
  assert.ok(ids(mine).includes(made.id));
  assert.ok(!ids((await w.call('user', 'GET', `${BASE}?assign=1`)).json()).includes(made.id));
  assert.ok(ids((await w.call('user', 'GET', BASE)).json()).includes(made.id));
  const assigned = (await w.call('orgadmin', 'GET', `${BASE}?assign=1&status=open&limit=15&offset=0`)).json() as {
    count: number;
    results: Row[];
  };
  assert.ok(ids(assigned.results).includes(made.id));
  assert.ok(!ids((await w.call('orgadmin', 'GET', `${BASE}?assign=0`)).json()).includes(made.id));
  assert.ok(
    ids((await w.call('orgadmin', 'GET', `${BASE}?search=API%20hosts&type=request_asset`)).json()).includes(made.id),
  );
  assert.ok(!ids((await w.call('orgadmin', 'GET', `${BASE}?status=closed`)).json()).includes(made.id));
  // Another user sees nothing of it: not in any list, not by id (2.3 listed every request to everyone).
  for (const url of [BASE, `${BASE}?assign=1`, REQUESTS])
    assert.ok(!ids((await w.call('liwei', 'GET', url)).json()).includes(made.id), url);
  assert.equal((await w.call('liwei', 'GET', `${REQUESTS}${made.id}/`)).statusCode, 404);
  assert.equal((await w.call('liwei', 'GET', `${BASE}${made.id}/comments/`)).statusCode, 404);
  // An admin of its org may open it (not act on it); the admin of another org may not.
  assert.equal((await w.call('admin', 'GET', `${REQUESTS}${made.id}/`)).statusCode, 200);
  assert.equal((await w.call('wangfang', 'GET', `${REQUESTS}${made.id}/`)).statusCode, 404);
  // The assignee reads the suggestions and the pick lists in the ticket's org.
  const seen = (await w.call('orgadmin', 'GET', `${REQUESTS}${made.id}/`)).json() as Row;
  assert.deepEqual(seen.confirmed_assets, [
    w.idOf('assets', 'hostname', 'bj-api-01'),
    w.idOf('assets', 'hostname', 'bj-api-02'),
    w.idOf('assets', 'hostname', 'bj-api-03'),
  ]);
  assert.equal(seen.assets_waitlist_url, `/api/v1/assets/assets/?oid=${w.eng}&search=bj-api`);
  assert.equal(seen.system_user_waitlist_url, `/api/v1/assets/system-users/?oid=${w.eng}`);
});

test("assignees must be admins of the ticket's org; assignees/ offers exactly those", async (t) => {
  const w = await world(t);
  const offered = (await w.call('user', 'GET', `${REQUESTS}assignees/?org_id=${w.eng}`)).json() as Row[];
  assert.deepEqual(
    offered.map((row) => row.username),
    ['admin', 'orgadmin'],
  );
  assert.deepEqual(Object.keys(offered[0]).sort(), ['id', 'name', 'username']);
  assert.deepEqual(
    ((await w.call('user', 'GET', `${REQUESTS}assignees/?org_id=DEFAULT`)).json() as Row[]).map((row) => row.username),
    ['admin'],
  );
  const paged = (
    await w.call('user', 'GET', `${REQUESTS}assignees/?org_id=${w.eng}&search=olivia&limit=10`)
  ).json() as { count: number; results: Row[] };
  assert.equal(paged.count, 1);
  for (const wrong of ['wangfang', 'liwei']) {
    const refused = await w.call('user', 'POST', REQUESTS, {
      title: 'x',
      org_id: w.eng,
      assignees: [userId(w.app, wrong)],
    });
    assert.equal(refused.statusCode, 400, wrong);
    assert.deepEqual(refused.json(), { assignees: ['Field `assignees` must be organization admin or superuser'] });
  }
  const badOrg = await w.call('user', 'POST', REQUESTS, {
    title: 'x',
    org_id: 'no-such-org',
    assignees: [userId(w.app, 'admin')],
  });
  assert.deepEqual(badOrg.json(), { org_id: ['Invalid `org_id`'] });
  const missing = await w.call('user', 'POST', REQUESTS, {});
  assert.deepEqual(Object.keys(missing.json()).sort(), ['assignees', 'org_id', 'title']);
  const count = w.app.bastion.db.prepare("SELECT COUNT(*) FROM tickets WHERE title = 'x'").pluck().get();
  assert.equal(count, 0);
});

test('approve: the permission holds exactly the confirmed assets, system user, actions and window, and the requester gets them', async (t) => {
  const w = await world(t);
  const made = await request(w);
  const detail = `${REQUESTS}${made.id}/`;
  const assets = [w.idOf('assets', 'hostname', 'bj-api-03'), w.idOf('assets', 'hostname', 'bj-api-04')];
  const ops = w.idOf('system_users', 'name', 'ops');
  // Nothing confirmed yet: 2.3's messages.
  assert.deepEqual((await w.call('orgadmin', 'POST', `${detail}approve/`)).json(), { detail: 'Confirm assets first' });
  // Only an assignee sets confirmations: the requester's are dropped.
  await w.call('user', 'PATCH', detail, { confirmed_assets: assets, confirmed_system_user: ops });
  assert.deepEqual(
    JSON.parse(
      w.app.bastion.db.prepare('SELECT confirmed_assets FROM tickets WHERE id = ?').pluck().get(made.id) as string,
    ),
    [],
  );
  // Another org's asset or system user is refused and nothing is stored.
  const opsOrg = orgId(w.app, 'Operations');
  const foreign = await w.call('orgadmin', 'PATCH', detail, {
    confirmed_assets: [w.idOf('assets', 'hostname', 'bj-api-01', opsOrg)],
  });
  assert.equal(foreign.statusCode, 400);
  assert.ok(foreign.json().confirmed_assets);
  const foreignUser = await w.call('orgadmin', 'PATCH', detail, {
    confirmed_system_user: w.idOf('system_users', 'name', 'ops', opsOrg),
  });
  assert.equal(foreignUser.statusCode, 400);
  const confirmed = await w.call('orgadmin', 'PATCH', detail, { confirmed_assets: [assets[0]] });
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  assert.deepEqual((await w.call('orgadmin', 'POST', `${detail}approve/`)).json(), {
    detail: 'Confirm system-user first',
  });
  const patched = await w.call('orgadmin', 'PATCH', detail, {
    confirmed_assets: assets,
    confirmed_system_user: ops,
    actions: ['connect', 'download_file'],
  });
  assert.equal(patched.statusCode, 200, patched.body);
  // A non-assignee (even a superuser reading it) may not approve.
  assert.equal((await w.call('admin', 'POST', `${detail}approve/`)).statusCode, 403);
  assert.equal((await w.call('user', 'POST', `${detail}approve/`)).statusCode, 403);
  const approved = await w.call('orgadmin', 'POST', `${detail}approve/`);
  assert.equal(approved.statusCode, 200, approved.body);
  assert.deepEqual(approved.json(), { detail: 'Succeed' });

  const after = (await w.call('user', 'GET', detail)).json() as Row;
  assert.equal(after.status, 'closed');
  assert.equal(after.action, 'approve');
  assert.equal(after.assignee_display, 'Olivia Chen(orgadmin)');
  const permissions = (
    await w.call('admin', 'GET', `/api/v1/perms/asset-permissions/?search=${made.id}`)
  ).json() as Row[];
  assert.equal(permissions.length, 1);
  const permission = permissions[0];
  assert.equal(permission.name, `From request ticket: Demo User(user) ${made.id}`);
  assert.deepEqual(permission.users, [userId(w.app, 'user')]);
  assert.deepEqual([...(permission.assets as string[])].sort(), [...assets].sort());
  assert.deepEqual(permission.system_users, [ops]);
  assert.deepEqual(permission.actions, ['connect', 'download_file']);
  assert.equal(permission.date_start, '2024-01-15 17:00:00 +0800');
  assert.equal(permission.date_expired, '2024-01-22 17:00:00 +0800');
  assert.match(String(permission.comment), new RegExp(`approved by Olivia Chen\\(orgadmin\\); ticket ${made.id}`));
  assert.equal(permission.org_id, w.eng);
  // Inside the window (the test clock starts 2024-01-15 08:30 UTC), the requester's assets include them.
  w.app.clock.advance(3_600_000);
  const granted = (await w.call('user', 'GET', '/api/v1/perms/users/assets/')).json() as Row[];
  for (const asset of assets)
    assert.ok(
      granted.some((row) => row.id === asset),
      `granted ${asset}`,
    );
  // The thread says who approved what; the operate log has it.
  const thread = (await w.call('user', 'GET', `${BASE}${made.id}/comments/`)).json() as Row[];
  assert.match(String(thread.at(-1)!.body), /^Olivia Chen\(orgadmin\) Approve this ticket\n/);
  assert.match(String(thread.at(-1)!.body), /Confirmed assets: bj-api-03, bj-api-04/);
  const logged = w.app.bastion.db
    .prepare(
      "SELECT COUNT(*) FROM operate_logs WHERE resource = 'Demo User(user): Need the API hosts' AND action = 'update'",
    )
    .pluck()
    .get() as number;
  assert.ok(logged >= 1);
  // Closed: every change is refused with 2.3's message, and nothing more is granted.
  for (const [method, url, body] of [
    ['POST', `${detail}approve/`, undefined],
    ['POST', `${detail}reject/`, undefined],
    ['POST', `${detail}close/`, undefined],
    ['PATCH', detail, { comment: 'again' }],
    ['POST', `${BASE}${made.id}/comments/`, { body: 'late' }],
  ] as const) {
    const refused = await w.call(method === 'PATCH' ? 'user' : 'orgadmin', method, url, body);
    assert.equal(refused.statusCode, 400, `${method} ${url}`);
    assert.deepEqual(refused.json(), { detail: 'Ticket closed' });
  }
  assert.equal(
    ((await w.call('admin', 'GET', `/api/v1/perms/asset-permissions/?search=${made.id}`)).json() as Row[]).length,
    1,
  );
});

test('an assignee finds the requested system user already chosen: by its name, else by its one username', async (t) => {
  const w = await world(t);
  const suggested = async (systemUser: string, as = 'orgadmin') => {
    const made = await request(w, { system_user: systemUser });
    return (await w.call(as, 'GET', `${REQUESTS}${made.id}/`)).json().confirmed_system_user;
  };
  assert.equal(await suggested('Deploy'), w.idOf('system_users', 'name', 'deploy'), "the name, in the ticket's org");
  assert.equal(await suggested('rdpuser'), w.idOf('system_users', 'name', 'windows-rdp'), 'the username');
  assert.equal(await suggested('deploy please'), '', 'nothing matching: left to the assignee');
  assert.equal(await suggested('deploy', 'user'), '', "a suggestion is the assignee's, not the requester's");
});

test('an assignee who no longer administers the org grants nothing', async (t) => {
  const w = await world(t);
  const made = await request(w);
  const detail = `${REQUESTS}${made.id}/`;
  await w.call('orgadmin', 'PATCH', detail, {
    confirmed_assets: [w.idOf('assets', 'hostname', 'bj-api-01')],
    confirmed_system_user: w.idOf('system_users', 'name', 'ops'),
  });
  w.app.bastion.db
    .prepare("DELETE FROM org_members WHERE user_id = ? AND role = 'Admin'")
    .run(userId(w.app, 'orgadmin'));
  const refused = await w.call('orgadmin', 'POST', `${detail}approve/`);
  assert.equal(refused.statusCode, 403);
  assert.equal((await w.call('user', 'GET', detail)).json().status, 'open');
});

test('reject and close: assignees reject, the requester may close their own open ticket, others may not', async (t) => {
  const w = await world(t);
  const first = await request(w);
  assert.equal((await w.call('user', 'POST', `${REQUESTS}${first.id}/reject/`)).statusCode, 403);
  const rejected = await w.call('orgadmin', 'POST', `${REQUESTS}${first.id}/reject/`);
  assert.equal(rejected.statusCode, 200, rejected.body);
  const read = (await w.call('user', 'GET', `${BASE}${first.id}/`)).json() as Row;
  assert.equal(read.status, 'closed');
  assert.equal(read.action, 'reject');
  assert.equal(read.action_display, 'Reject');
  const second = await request(w, { title: 'Changed my mind' });
  assert.equal((await w.call('liwei', 'POST', `${REQUESTS}${second.id}/close/`)).statusCode, 404);
  assert.equal(
    (await w.call('admin', 'POST', `${REQUESTS}${second.id}/close/`)).statusCode,
    403,
    'reading is not acting',
  );
  const closed = await w.call('user', 'POST', `${REQUESTS}${second.id}/close/`);
  assert.equal(closed.statusCode, 200, closed.body);
  const after = (await w.call('user', 'GET', `${BASE}${second.id}/`)).json() as Row;
  assert.equal(after.status, 'closed');
  assert.equal(after.action, '');
  assert.equal(
    ((await w.call('user', 'GET', `${BASE}?status=closed&assign=0`)).json() as Row[]).filter(
      (r) => r.id === first.id || r.id === second.id,
    ).length,
    2,
  );
});

test('comments: the requester and the assignees write the thread; others neither read nor write it', async (t) => {
  const w = await world(t);
  const made = await request(w);
  const url = `${BASE}${made.id}/comments/`;
  const posted = await w.call('user', 'POST', url, { body: 'Any news?', ticket: made.id });
  assert.equal(posted.statusCode, 201, posted.body);
  assert.deepEqual(Object.keys(posted.json()).sort(), [
    'body',
    'date_created',
    'date_updated',
    'id',
    'ticket',
    'user',
    'user_display',
  ]);
  assert.equal((await w.call('orgadmin', 'POST', url, { body: 'Looking at it' })).statusCode, 201);
  assert.equal((await w.call('admin', 'POST', url, { body: 'me too' })).statusCode, 403);
  assert.equal((await w.call('user', 'POST', url, { body: '' })).statusCode, 400);
  assert.equal((await w.call('user', 'POST', url, {})).statusCode, 400);
  const thread = (await w.call('orgadmin', 'GET', url)).json() as Row[];
  assert.deepEqual(
    thread.map((c) => [c.user_display, c.body]),
    [
      ['Demo User(user)', 'Any news?'],
      ['Olivia Chen(orgadmin)', 'Looking at it'],
    ],
  );
  const paged = (await w.call('user', 'GET', `${url}?limit=1&offset=1`)).json() as { count: number; results: Row[] };
  assert.equal(paged.count, 2);
  assert.equal(paged.results[0].body, 'Looking at it');
});

test('general and login tickets: PATCH action by assignees only; a request ticket cannot be acted on there', async (t) => {
  const w = await world(t);
  const made = await request(w);
  const refused = await w.call('orgadmin', 'PATCH', `${BASE}${made.id}/`, { action: 'approve' });
  assert.equal(refused.statusCode, 400);
  assert.deepEqual(refused.json(), { detail: 'Ticket can not be operated' });
  const db = w.app.bastion.db;
  db.prepare(
    `INSERT INTO tickets (id, user, user_display, title, type, date_created, date_updated) VALUES ('g1', ?, 'Demo User(user)', 'General', 'general', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z')`,
  ).run(userId(w.app, 'user'));
  db.prepare('INSERT INTO ticket_assignees (ticket_id, user_id) VALUES (?, ?)').run('g1', userId(w.app, 'orgadmin'));
  assert.deepEqual((await w.call('user', 'PATCH', `${BASE}g1/`, { action: 'approve' })).json(), {
    detail: 'Only assignee can operate ticket',
  });
  const approved = await w.call('orgadmin', 'PATCH', `${BASE}g1/`, { action: 'approve' });
  assert.equal(approved.statusCode, 200, approved.body);
  assert.equal(approved.json().status, 'closed');
  assert.equal(approved.json().action, 'approve');
  assert.deepEqual((await w.call('orgadmin', 'PATCH', `${BASE}g1/`, { status: 'open' })).json(), {
    detail: 'Ticket closed',
  });
});

test('the seeded tickets: open, approved and rejected requests of Engineering', async (t) => {
  const w = await world(t);
  const rows = (await w.call('orgadmin', 'GET', `${BASE}?assign=1`)).json() as Row[];
  const states = new Set(rows.map((row) => `${row.status}/${row.action}`));
  for (const state of ['open/', 'closed/approve', 'closed/reject']) assert.ok(states.has(state), state);
});

test("the calls Lina 2.3.1's ticket pages make are answered without a 4xx", async (t) => {
  const w = await world(t);
  const ok = async (as: string, method: 'GET' | 'POST' | 'PATCH' | 'OPTIONS', url: string, payload?: unknown) => {
    const response = await w.call(as, method as 'GET', url, payload);
    assert.ok(response.statusCode < 400, `${as} ${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as Row;
  };
  // TicketList (and the navbar's open count, with its stray slash), both tabs, their OPTIONS.
  await ok('user', 'GET', `${BASE}?assign=0&status=open&offset=0&limit=15&display=1&draw=1/`);
  await ok('orgadmin', 'GET', `${BASE}?assign=1&offset=0&limit=15&display=1&draw=1&search=&order=-date_created`);
  const meta = await ok('user', 'OPTIONS', `${BASE}?draw=1&display=1`);
  assert.ok((meta.actions as Record<string, Row>).GET.title);
  // RequestAssetPermTicketCreateUpdate: its OPTIONS, the assignees Select2 (search, limit, offset), the POST as Lina builds it.
  const form = await ok('user', 'OPTIONS', REQUESTS);
  assert.ok((form.actions as Record<string, Row>).POST.org_id);
  await ok('user', 'GET', `${REQUESTS}assignees/?org_id=DEFAULT&search=&limit=10&offset=0`);
  const made = await ok('user', 'POST', REQUESTS, {
    title: 'From Lina',
    org_id: 'DEFAULT',
    assignees: [userId(w.app, 'admin')],
    ips: ['127.0.0.1'],
    hostname: 'localhost',
    actions: ['all', 'connect', 'updownload', 'upload_file', 'download_file'],
    date_start: '2024-01-15T08:00:00.000Z',
    date_expired: '2024-01-22T08:00:00.000Z',
    comment: '',
  });
  // AssetsTicketDetail as the assignee: the ticket, its comments, the waitlists, then Lina's approve (PATCH, then POST).
  const detail = await ok('admin', 'GET', `${REQUESTS}${made.id}/`);
  await ok('admin', 'GET', `${BASE}${made.id}/comments/`);
  await ok('admin', 'GET', `${String(detail.assets_waitlist_url)}&limit=10&offset=0&search=local`);
  const systemUsers = (await ok('admin', 'GET', `${String(detail.system_user_waitlist_url)}&limit=10&offset=0`))
    .results as Row[];
  assert.ok(systemUsers.length > 0, "the DEFAULT org's system users, whatever org the console is in");
  await ok('admin', 'POST', `${BASE}${made.id}/comments/`, { body: 'ok for a week', ticket: made.id });
  await ok('admin', 'PATCH', `${REQUESTS}${made.id}/`, {
    confirmed_system_user: systemUsers[0].id,
    confirmed_assets: detail.confirmed_assets,
    actions: ['connect'],
  });
  await ok('admin', 'POST', `${REQUESTS}${made.id}/approve/`);
  assert.equal((await ok('user', 'GET', `${BASE}${made.id}/`)).action, 'approve');
});

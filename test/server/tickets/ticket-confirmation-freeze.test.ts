// A request ticket grants exactly what its assignee confirmed (issue 30): what the assignee confirms is
// frozen then; the requester changing the request afterwards undoes the confirmation, so approval grants
// nothing until an assignee confirms again. 2.3 let the requester PATCH `actions: ["all"]` and a 2099
// expiry after the assignee confirmed `connect`, and the approval granted that. Each row: the attempt,
// the status, what the ticket and the permissions then hold.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build, orgId, userId } from '../helpers.ts';

const REQUESTS = '/api/v1/tickets/tickets/request-asset-perm/';
type Row = Record<string, unknown>;

async function world(t: Parameters<typeof build>[0]) {
  const app = await build(t);
  const eng = orgId(app, 'Engineering');
  const tokens = new Map<string, Record<string, string>>();
  const call = async (as: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
    if (!tokens.has(as)) tokens.set(as, await bearer(app, as));
    return app.inject({
      method,
      url,
      headers: { ...tokens.get(as), 'x-jms-org': eng, 'accept-language': 'en' },
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  };
  const idOf = (table: string, column: string, value: string) =>
    app.bastion.db
      .prepare(`SELECT id FROM ${table} WHERE ${column} = ? AND org_id = ?`)
      .pluck()
      .get(value, eng) as string;
  const made = await call('user', 'POST', REQUESTS, {
    title: 'API hosts',
    org_id: eng,
    assignees: [userId(app, 'orgadmin')],
    ips: [],
    hostname: 'bj-api',
    system_user: 'deploy',
    date_start: '2024-01-15T09:00:00Z',
    date_expired: '2024-01-22T09:00:00Z',
    actions: ['connect'],
    comment: '',
  });
  assert.equal(made.statusCode, 201, made.body);
  const id = String(made.json().id);
  const detail = `${REQUESTS}${id}/`;
  const confirm = () =>
    call('orgadmin', 'PATCH', detail, {
      confirmed_assets: [idOf('assets', 'hostname', 'bj-api-01')],
      confirmed_system_user: idOf('system_users', 'name', 'deploy'),
    });
  const ticket = () => app.bastion.db.prepare('SELECT * FROM tickets WHERE id = ?').get(id) as Row;
  const granted = () =>
    app.bastion.db
      .prepare("SELECT actions, date_expired FROM asset_permissions WHERE name LIKE '%' || ? || '%'")
      .all(id) as Row[];
  return { app, call, detail, confirm, ticket, granted, id, idOf };
}

test("the requester's changes after the confirmation undo it; approval then grants nothing", async (t) => {
  const attempts: [string, Row][] = [
    ['actions all', { actions: ['all'] }],
    ['a 2099 expiry', { date_expired: '2099-01-01T00:00:00Z' }],
    ['an earlier start', { date_start: '2020-01-01T00:00:00Z' }],
    [
      'both, with the same confirmed fields sent along',
      { actions: ['all'], date_expired: '2099-01-01T00:00:00Z', confirmed_assets: ['x'] },
    ],
    ['another hostname', { hostname: 'bj-db' }],
  ];
  for (const [name, patch] of attempts) {
    const w = await world(t);
    assert.equal((await w.confirm()).statusCode, 200);
    assert.ok(w.ticket().confirmation, `${name}: confirmed`);
    const changed = await w.call('user', 'PATCH', w.detail, patch);
    assert.equal(changed.statusCode, 200, `${name}: ${changed.body}`);
    const after = w.ticket();
    assert.equal(after.confirmation, null, `${name}: the confirmation is undone`);
    assert.equal(after.confirmed_assets, '[]', name);
    assert.equal(after.confirmed_system_user, '', name);
    const approved = await w.call('orgadmin', 'POST', `${w.detail}approve/`);
    assert.equal(approved.statusCode, 400, `${name}: ${approved.body}`);
    assert.equal(approved.json().detail, 'Confirm assets first', name);
    assert.deepEqual(w.granted(), [], `${name}: no permission`);
    assert.equal(w.ticket().status, 'open', name);
  }
});

test('approval grants what was frozen at the confirmation, never fields changed since', async (t) => {
  const w = await world(t);
  assert.equal((await w.confirm()).statusCode, 200);
  // Someone writes the ticket's columns behind the API's back: the approval does not read them.
  w.app.bastion.db
    .prepare("UPDATE tickets SET actions = 255, date_expired = '2099-01-01T00:00:00.000Z' WHERE id = ?")
    .run(w.id);
  const approved = await w.call('orgadmin', 'POST', `${w.detail}approve/`);
  assert.equal(approved.statusCode, 200, approved.body);
  const [permission] = w.granted();
  assert.equal(permission.date_expired, '2024-01-22T09:00:00.000Z');
  const read = await w.call('orgadmin', 'GET', `/api/v1/perms/asset-permissions/?search=${w.id}`);
  assert.deepEqual((read.json() as Row[])[0].actions, ['connect']);
});

test("after the requester's change, a new confirmation grants what is confirmed then", async (t) => {
  const w = await world(t);
  assert.equal((await w.confirm()).statusCode, 200);
  assert.equal((await w.call('user', 'PATCH', w.detail, { actions: ['connect', 'download_file'] })).statusCode, 200);
  assert.equal((await w.call('orgadmin', 'POST', `${w.detail}approve/`)).statusCode, 400);
  // The assignee looks again and confirms, narrowing the window: that is what is granted.
  const again = await w.call('orgadmin', 'PATCH', w.detail, {
    confirmed_assets: [w.idOf('assets', 'hostname', 'bj-api-01')],
    confirmed_system_user: w.idOf('system_users', 'name', 'deploy'),
    date_expired: '2024-01-16T09:00:00Z',
  });
  assert.equal(again.statusCode, 200, again.body);
  assert.equal((await w.call('orgadmin', 'POST', `${w.detail}approve/`)).statusCode, 200);
  const [permission] = w.granted();
  assert.equal(permission.date_expired, '2024-01-16T09:00:00.000Z');
  const read = await w.call('orgadmin', 'GET', `/api/v1/perms/asset-permissions/?search=${w.id}`);
  assert.deepEqual((read.json() as Row[])[0].actions, ['connect', 'download_file']);
});

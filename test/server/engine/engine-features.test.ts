import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IsOrgAdmin } from '../../../demo/server/core/permissions.ts';
import { registerResource } from '../../../demo/server/engine/routes.ts';
import type { ResourceDef } from '../../../demo/server/engine/types.ts';
import { uuid } from '../../../demo/server/core/lib/ids.ts';
import { bearer, build } from '../helpers.ts';

// A resource registered only here, with the engine features no shipped definition uses yet.
const L = (en: string) => ({ zh: `${en}(zh)`, en });
const events: ResourceDef = {
  name: 'Event List',
  model: L('Event'),
  url: '/api/v1/test/events/',
  table: 'test_events',
  fields: {
    id: { type: 'string', label: L('ID'), read_only: true },
    name: { type: 'string', label: L('Name'), required: true, max_length: 64 },
    happened_at: { type: 'datetime', label: L('Happened at'), required: true },
    tags: { type: 'list', label: L('Tags'), default: [] },
    ok: { type: 'boolean', label: L('OK'), default: true },
    level: {
      type: 'choice',
      label: L('Level'),
      choices: [
        { value: 'low', label: L('Low') },
        { value: 'high', label: L('High') },
      ],
      default: 'low',
    },
  },
  displayFields: { name_upper: { type: 'string', label: L('Loud name'), read_only: true, column: false } },
  searchFields: ['name'],
  filterFields: ['level', 'ok'],
  orderingFields: ['happened_at'],
  defaultOrder: ['happened_at'],
  dateRangeField: 'happened_at',
  fieldsSmall: ['id', 'name'],
  bulk: true,
  permissions: { list: IsOrgAdmin, retrieve: IsOrgAdmin, create: IsOrgAdmin, update: IsOrgAdmin, delete: IsOrgAdmin },
  hooks: {
    beforeCreate: (_a, data) => {
      data.id = uuid();
    },
    display: (_a, row, out) => {
      out.name_upper = String(row.name).toUpperCase();
    },
  },
  sample: () => ({ create: [], update: {} }),
};

async function setup(t: Parameters<typeof build>[0]) {
  const app = await build(t);
  app.bastion.db.exec(
    "CREATE TABLE test_events (id TEXT PRIMARY KEY, name TEXT NOT NULL, happened_at TEXT NOT NULL, tags TEXT NOT NULL DEFAULT '[]', ok INTEGER NOT NULL, level TEXT NOT NULL)",
  );
  registerResource(app, events);
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const call = (
    method: 'GET' | 'POST' | 'OPTIONS',
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { ...headers, ...extra },
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  const created = await call('POST', events.url, [
    { name: 'boot', happened_at: '2024-01-01T00:00:00Z', tags: ['a', 'b'], level: 'high' },
    { name: 'crash', happened_at: '2024-02-01 08:00:00 +0800', ok: false },
  ]);
  assert.equal(created.statusCode, 201, created.body);
  return { app, call };
}

const names = (body: { name: string }[]) => body.map((e) => e.name);

test('date_from / date_to narrow the date-range field; unparsable values are ignored', async (t) => {
  const { call } = await setup(t);
  assert.deepEqual(names((await call('GET', `${events.url}?date_from=2024-01-15T00:00:00Z`)).json()), ['crash']);
  assert.deepEqual(
    names((await call('GET', `${events.url}?date_to=${encodeURIComponent('2024-01-15 00:00:00 +0000')}`)).json()),
    ['boot'],
  );
  assert.deepEqual(names((await call('GET', `${events.url}?date_from=yesterday&date_to=31/12/2024`)).json()), [
    'boot',
    'crash',
  ]);
});

test('draw=1 selects the display serializer (list and OPTIONS); *_display and fields_size', async (t) => {
  const { call } = await setup(t);
  const plain = (await call('GET', events.url)).json();
  assert.ok(!('name_upper' in plain[0]));
  assert.equal(plain[0].level_display, 'High');
  const drawn = (await call('GET', `${events.url}?draw=1&display=1`)).json();
  assert.equal(drawn[0].name_upper, 'BOOT');
  const meta = (await call('OPTIONS', `${events.url}?draw=1&display=1`)).json();
  assert.equal(meta.actions.GET.name_upper.label, 'Loud name');
  assert.ok(!('name_upper' in (await call('OPTIONS', events.url)).json().actions.GET));
  assert.deepEqual(Object.keys((await call('GET', `${events.url}?fields_size=small`)).json()[0]), ['id', 'name']);
});

test('CSV cells: booleans True/False, lists ["a", "b"]; import template has one row; zh labels import back', async (t) => {
  const { app, call } = await setup(t);
  const csv = (await call('GET', `${events.url}?format=csv&order=happened_at`)).body;
  const [header, first, second] = csv.slice(1).trim().split(/\r?\n/);
  assert.equal(header, 'ID,*Name,*Happened at,Tags,OK,Level');
  assert.match(first, /,boot,2024-01-01 08:00:00 \+0800,"\[""a"", ""b""\]",True,high$/);
  assert.match(second, /,crash,.*,\[\],False,low$/);
  const template = (await call('GET', `${events.url}?format=csv&template=import`)).body.slice(1).trim().split(/\r?\n/);
  assert.equal(template.length, 2, 'header plus one example row');
  assert.equal(template[0], '*Name,*Happened at,Tags,OK,Level');
  const zh = '\uFEFF*Name(zh),Happened at(zh),Tags(zh),Unknown column\nnew,2024-03-01T00:00:00Z,[‘x’],ignored\n';
  const imported = await call('POST', events.url, zh, { 'content-type': 'text/csv' });
  assert.equal(imported.statusCode, 201, imported.body);
  assert.deepEqual(imported.json()[0].tags, ['x']);
  assert.equal(app.bastion.db.prepare('SELECT COUNT(*) FROM test_events').pluck().get(), 3);
});

test("a CSV over 10 MiB is refused with JumpServer's message", async (t) => {
  const { call } = await setup(t);
  const big = `name,happened_at\n${'x,2024-01-01T00:00:00Z\n'.repeat(500_000)}`;
  assert.ok(Buffer.byteLength(big) > 10 * 1024 * 1024);
  const refused = await call('POST', events.url, big, { 'content-type': 'text/csv' });
  assert.deepEqual([refused.statusCode, refused.json()], [400, { detail: 'The max size of CSV is 10485760 bytes' }]);
});

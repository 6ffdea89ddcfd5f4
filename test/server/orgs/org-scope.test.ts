import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IsOrgAdmin } from '../../../demo/server/core/permissions.ts';
import { registerResource } from '../../../demo/server/engine/routes.ts';
import type { ResourceDef } from '../../../demo/server/engine/types.ts';
import { uuid } from '../../../demo/server/core/lib/ids.ts';
import { orgFromValue } from '../../../demo/server/core/orgs/current-org.ts';
import { orgMemberIds } from '../../../demo/server/core/orgs/membership-store.ts';
import { bearer, build, orgId } from '../helpers.ts';

// A minimal org-scoped resource registered only by this test, to exercise the engine's org scoping.
const notes: ResourceDef = {
  name: 'Note List',
  model: { zh: '笔记', en: 'Note' },
  url: '/api/v1/test/notes/',
  table: 'test_notes',
  fields: {
    id: { type: 'string', label: { zh: 'ID', en: 'ID' }, read_only: true },
    name: { type: 'string', label: { zh: '名称', en: 'Name' }, required: true, max_length: 32, unique: true },
  },
  searchFields: ['name'],
  filterFields: ['name'],
  orderingFields: ['name'],
  defaultOrder: ['name'],
  orgScoped: true,
  permissions: { list: IsOrgAdmin, retrieve: IsOrgAdmin, create: IsOrgAdmin, update: IsOrgAdmin, delete: IsOrgAdmin },
  hooks: {
    beforeCreate: (_args, data) => {
      data.id = uuid();
    },
  },
  sample: ({ seq }) => ({ create: [{ name: `n${seq}` }], update: { name: `m${seq}` } }),
};

async function appWithNotes(t: Parameters<typeof build>[0]) {
  const app = await build(t);
  app.bastion.db.exec(
    "CREATE TABLE test_notes (id TEXT PRIMARY KEY, name TEXT NOT NULL, org_id TEXT NOT NULL DEFAULT '')",
  );
  registerResource(app, notes);
  const admin = await bearer(app, 'admin');
  const eng = orgId(app, 'Engineering');
  for (const [org, name] of [
    ['', 'default-note'],
    [eng, 'eng-note'],
    [orgId(app, 'Operations'), 'ops-note'],
  ]) {
    app.bastion.db.prepare('INSERT INTO test_notes (id, name, org_id) VALUES (?, ?, ?)').run(uuid(), name, org);
  }
  const names = async (headers: Record<string, string>, query = '') => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/test/notes/${query}`,
      headers: { ...admin, ...headers },
    });
    assert.equal(response.statusCode, 200, response.body);
    return (response.json() as { name: string }[]).map((n) => n.name);
  };
  return { app, admin, eng, names };
}

test('DEFAULT sees only org_id="" rows, ROOT sees every org, a real org its own', async (t) => {
  const { eng, names } = await appWithNotes(t);
  assert.deepEqual(await names({}), ['default-note']);
  assert.deepEqual(await names({ 'x-jms-org': 'DEFAULT' }), ['default-note']);
  assert.deepEqual(await names({ 'x-jms-org': 'ROOT' }), ['default-note', 'eng-note', 'ops-note']);
  assert.deepEqual(await names({ 'x-jms-org': '00000000-0000-0000-0000-000000000000' }), [
    'default-note',
    'eng-note',
    'ops-note',
  ]);
  assert.deepEqual(await names({ 'x-jms-org': eng }), ['eng-note']);
  assert.deepEqual(await names({ 'x-jms-org': 'Operations' }), ['ops-note'], 'an org name works as well as its id');
  assert.deepEqual(await names({ 'x-jms-org': 'no-such-org' }), ['default-note'], 'unknown → DEFAULT');
});

test('org resolution order: ?oid= beats the header, the header beats the cookie', async (t) => {
  const { eng, names } = await appWithNotes(t);
  assert.deepEqual(await names({ cookie: `X-JMS-ORG=${eng}` }), ['eng-note']);
  assert.deepEqual(await names({ cookie: `X-JMS-ORG=${eng}`, 'x-jms-org': 'Operations' }), ['ops-note']);
  assert.deepEqual(await names({ cookie: `X-JMS-ORG=${eng}`, 'x-jms-org': 'Operations' }, '?oid=DEFAULT'), [
    'default-note',
  ]);
});

test('rows written in an org carry its org_id and org_name; ROOT writes land in DEFAULT', async (t) => {
  const { app, admin, eng } = await appWithNotes(t);
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/test/notes/',
    headers: { ...admin, 'x-jms-org': eng },
    payload: { name: 'new' },
  });
  assert.equal(created.statusCode, 201);
  assert.equal(created.json().org_id, eng);
  assert.equal(created.json().org_name, 'Engineering');
  const root = await app.inject({
    method: 'POST',
    url: '/api/v1/test/notes/',
    headers: { ...admin, 'x-jms-org': 'ROOT' },
    payload: { name: 'from-root' },
  });
  assert.equal(root.json().org_id, '');
  assert.equal(root.json().org_name, 'DEFAULT');
  const other = await app.inject({
    method: 'GET',
    url: `/api/v1/test/notes/${created.json().id}/`,
    headers: { ...admin, 'x-jms-org': 'Operations' },
  });
  assert.equal(other.statusCode, 404, 'another org cannot read the row');
  assert.deepEqual(other.json(), { detail: '笔记 对象不存在。' });
});

test('IsOrgAdmin follows the current org: orgadmin administers Engineering only', async (t) => {
  const { app, eng } = await appWithNotes(t);
  const orgadmin = await bearer(app, 'orgadmin');
  const inEng = await app.inject({
    method: 'GET',
    url: '/api/v1/test/notes/',
    headers: { ...orgadmin, 'x-jms-org': eng },
  });
  assert.equal(inEng.statusCode, 200);
  assert.deepEqual(
    inEng.json().map((n: { name: string }) => n.name),
    ['eng-note'],
  );
  const inDefault = await app.inject({ method: 'GET', url: '/api/v1/test/notes/', headers: orgadmin });
  assert.equal(inDefault.statusCode, 403);
  const inOps = await app.inject({
    method: 'GET',
    url: '/api/v1/test/notes/',
    headers: { ...orgadmin, 'x-jms-org': 'Operations' },
  });
  assert.equal(inOps.statusCode, 403);
});

test('DEFAULT members are all users with system roles deciding admins/auditors; real orgs use rows', async (t) => {
  const app = await build(t);
  const { db } = app.bastion;
  const names = (ids: string[]) =>
    ids.map((id) => db.prepare('SELECT username FROM users WHERE id = ?').pluck().get(id));
  const def = orgFromValue(db, 'DEFAULT');
  assert.equal(orgMemberIds(db, def, 'User').length, db.prepare('SELECT COUNT(*) FROM users').pluck().get());
  assert.deepEqual(names(orgMemberIds(db, def, 'Admin')), ['admin']);
  assert.deepEqual(names(orgMemberIds(db, orgFromValue(db, 'ROOT'), 'Auditor')), ['sysauditor']);
  const eng = orgFromValue(db, 'Engineering');
  assert.deepEqual(names(orgMemberIds(db, eng, 'Admin')), ['orgadmin']);
  assert.deepEqual(names(orgMemberIds(db, eng, 'User')), [
    'akumar',
    'jsmith',
    'liwei',
    'orgadmin',
    'orgauditor',
    'user',
  ]);
});

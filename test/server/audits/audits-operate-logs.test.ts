// Operate logs are written by the resource engine itself (one hook): a create, update and delete of one
// resource of each section leaves three rows with who, what, which object, from where and in which org;
// bulk and CSV writes log each object; a refused batch logs nothing; unrecorded resources log nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ResourceDef, Row } from '../../../demo/server/engine/types.ts';
import { assetPermissionsResource } from '../../../demo/server/perms/resources/asset-permissions.ts';
import { assetsResource } from '../../../demo/server/assets/resources/assets.ts';
import { databaseAppsResource } from '../../../demo/server/applications/resources/database-apps.ts';
import { labelsResource } from '../../../demo/server/assets/resources/labels.ts';
import { orgsResource } from '../../../demo/server/orgs/resources/orgs.ts';
import { remoteAppPermissionsResource } from '../../../demo/server/perms/resources/app-permissions.ts';
import { systemUsersResource } from '../../../demo/server/assets/resources/system-users.ts';
import { userGroupsResource } from '../../../demo/server/users/resources/user-groups.ts';
import { usersResource } from '../../../demo/server/users/resources/users.ts';
import { caller, rowsOf } from './audits-fixture.ts';
import { build, orgId } from '../helpers.ts';

const OPERATE_LOGS = '/api/v1/audits/operate-logs/';

/** Section -> one resource of it and how its object prints in the log. */
const SECTIONS: [string, ResourceDef, (row: Row) => string][] = [
  ['users', usersResource, (r) => `${r.name}(${r.username})`],
  ['user groups', userGroupsResource, (r) => String(r.name)],
  ['assets', assetsResource, (r) => `${r.hostname}(${r.ip})`],
  ['system users', systemUsersResource, (r) => `${r.name}(${r.username})`],
  ['asset permissions', assetPermissionsResource, (r) => String(r.name)],
  ['applications', databaseAppsResource, (r) => String(r.name)],
  ['application permissions', remoteAppPermissionsResource, (r) => String(r.name)],
  ['organisations', orgsResource, (r) => String(r.name)],
];

for (const [section, def, label] of SECTIONS) {
  test(`${section}: create, update and delete each leave an operate log in the org they were made in`, async (t) => {
    const app = await build(t);
    const call = caller(app);
    const eng = orgId(app, 'Engineering');
    const samples = def.sample({ db: app.bastion.db, orgId: eng, seq: 7 });
    const created = await call('POST', def.url, { org: eng, payload: samples.create[0] });
    assert.equal(created.statusCode, 201, created.body);
    const id = String(created.json().id);
    app.clock.advance(1_000);
    const patched = await call('PATCH', `${def.url}${id}/`, { org: eng, payload: samples.update });
    assert.equal(patched.statusCode, 200, patched.body);
    const after = patched.json() as Row;
    app.clock.advance(1_000);
    const removed = await call('DELETE', `${def.url}${id}/`, { org: eng });
    assert.ok([200, 204].includes(removed.statusCode), removed.body);

    const logs = rowsOf(await call('GET', `${OPERATE_LOGS}?order=datetime`, { as: 'orgauditor', org: eng }));
    assert.deepEqual(
      logs.map((l) => l.action),
      ['create', 'update', 'delete'],
    );
    for (const log of logs) {
      assert.equal(log.user, 'Administrator(admin)');
      assert.equal(log.resource_type, def.model.en);
      assert.equal(log.remote_addr, '127.0.0.1');
      assert.equal(log.org_id, eng);
    }
    assert.deepEqual(
      logs.map((l) => l.datetime),
      ['2024-01-15 16:30:00 +0800', '2024-01-15 16:30:01 +0800', '2024-01-15 16:30:02 +0800'],
    );
    assert.equal(logs[0].resource, label(created.json()));
    assert.equal(logs[1].resource, label(after));
    assert.equal(logs[2].resource, label(after));
    // The resource type is written in the language of the request that made the change.
    await call('POST', def.url, {
      org: eng,
      payload: def.sample({ db: app.bastion.db, orgId: eng, seq: 8 }).create[0],
      lang: 'zh-CN',
    });
    const zh = rowsOf(await call('GET', `${OPERATE_LOGS}?action=create&order=-datetime,-resource`, { org: eng }));
    assert.ok(
      zh.some((l) => l.resource_type === def.model.zh),
      `${section}: ${def.model.zh}`,
    );
  });
}

test('bulk and CSV writes log each object; a refused batch logs nothing', async (t) => {
  const app = await build(t);
  const call = caller(app);
  const eng = orgId(app, 'Engineering');
  const groups = '/api/v1/users/groups/';
  const bulk = await call('POST', groups, { org: eng, payload: [{ name: 'Bulk-1' }, { name: 'Bulk-2' }] });
  assert.equal(bulk.statusCode, 201, bulk.body);
  const refused = await call('POST', groups, { org: eng, payload: [{ name: 'Bulk-3' }, { name: '' }] });
  assert.equal(refused.statusCode, 400);
  const csv = await app.inject({
    method: 'POST',
    url: groups,
    payload: '\uFEFF*Name,Comment\nCsv-1,imported\nCsv-2,imported\n',
    headers: { ...(await bearerOf(app)), 'content-type': 'text/csv', 'x-jms-org': eng, 'accept-language': 'en' },
  });
  assert.equal(csv.statusCode, 201, csv.body);
  const ids = (bulk.json() as Row[]).map((r) => r.id).join(',');
  assert.equal(
    (
      await call('PATCH', groups, {
        org: eng,
        payload: (bulk.json() as Row[]).map((r) => ({ id: r.id, comment: 'changed' })),
      })
    ).statusCode,
    200,
  );
  assert.equal((await call('DELETE', `${groups}?ids=${ids}`, { org: eng })).statusCode, 204);

  const logs = rowsOf(await call('GET', `${OPERATE_LOGS}?resource_type=User group`, { org: eng }));
  const seen = logs.map((l) => `${l.action} ${l.resource}`).sort();
  assert.deepEqual(seen, [
    'create Bulk-1',
    'create Bulk-2',
    'create Csv-1',
    'create Csv-2',
    'delete Bulk-1',
    'delete Bulk-2',
    'update Bulk-1',
    'update Bulk-2',
  ]);
  assert.equal(logs.filter((l) => l.resource === 'Bulk-3').length, 0, 'the rolled-back batch left no log');
});

test('resources 2.3 does not record (labels, access keys) and reads leave no operate log', async (t) => {
  const app = await build(t);
  const call = caller(app);
  const eng = orgId(app, 'Engineering');
  const label = labelsResource.sample({ db: app.bastion.db, orgId: eng, seq: 1 }).create[0];
  assert.equal((await call('POST', labelsResource.url, { org: eng, payload: label })).statusCode, 201);
  assert.equal((await call('POST', '/api/v1/authentication/access-keys/', { org: eng })).statusCode, 201);
  await call('GET', usersResource.url, { org: eng });
  assert.deepEqual(rowsOf(await call('GET', OPERATE_LOGS, { org: 'ROOT' })), []);
});

async function bearerOf(app: Parameters<typeof caller>[0]) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: 'admin', password: 'bastion' },
  });
  return { authorization: `Bearer ${response.json().token}` };
}

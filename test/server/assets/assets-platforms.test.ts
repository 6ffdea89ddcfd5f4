// Platforms (§2.3): global, integer ids; org admins read, only super admins write; the seven internal
// platforms refuse changes with 403 {"detail": "Internal platform"}.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetsApp } from './assets-fixture.ts';

const PLATFORMS = '/api/v1/assets/platforms/';

test('internal platforms are seeded and cannot be changed or deleted, even by a super admin', async (t) => {
  const { call, get } = await assetsApp(t);
  const all = await get(PLATFORMS);
  assert.deepEqual(all.map((p: { name: string }) => p.name).sort(), [
    'BSD',
    'Linux',
    'MacOS',
    'Other',
    'Unix',
    'Windows',
    'Windows2016',
  ]);
  const linux = all.find((p: { name: string }) => p.name === 'Linux');
  assert.equal(typeof linux.id, 'number');
  assert.equal(linux.internal, true);
  for (const [method, body] of [
    ['PUT', { name: 'Linux', base: 'Unix' }],
    ['PATCH', { comment: 'x' }],
    ['DELETE', undefined],
  ] as const) {
    const response = await call(method, `${PLATFORMS}${linux.id}/`, body);
    assert.deepEqual([response.statusCode, response.json()], [403, { detail: 'Internal platform' }], method);
  }
  assert.equal((await get(`${PLATFORMS}${linux.id}/`)).base, 'Linux');
});

test('org admins may read but not write; a super admin creates, updates and deletes custom platforms', async (t) => {
  const { call, get } = await assetsApp(t);
  assert.equal((await get(PLATFORMS, { as: 'orgadmin' })).length, 7);
  const denied = await call('POST', PLATFORMS, { name: 'AIX', base: 'Unix' }, { as: 'orgadmin' });
  assert.deepEqual(
    [denied.statusCode, denied.json()],
    [403, { detail: 'You do not have permission to perform this action.' }],
  );
  assert.equal((await call('GET', PLATFORMS, undefined, { as: 'user' })).statusCode, 403);

  const created = await call('POST', PLATFORMS, {
    name: 'AIX',
    base: 'Unix',
    charset: 'gbk',
    meta: { security: 'rdp' },
    comment: 'IBM',
  });
  assert.equal(created.statusCode, 201, created.body);
  const aix = created.json();
  assert.deepEqual(
    [typeof aix.id, aix.base, aix.charset, aix.charset_display, aix.meta, aix.internal],
    ['number', 'Unix', 'gbk', 'GBK', { security: 'rdp' }, false],
  );
  const edit = await call('PATCH', `${PLATFORMS}${aix.id}/`, { comment: 'AIX 7' }, { as: 'orgadmin' });
  assert.equal(edit.statusCode, 403, 'platform edit refused for a non-super admin');
  assert.equal((await call('PATCH', `${PLATFORMS}${aix.id}/`, { comment: 'AIX 7' })).json().comment, 'AIX 7');
  const slug = await call('POST', PLATFORMS, { name: 'has space' });
  assert.equal(slug.statusCode, 400);
  assert.deepEqual(Object.keys(slug.json()), ['name']);
  const duplicate = await call('POST', PLATFORMS, { name: 'AIX' });
  assert.deepEqual(duplicate.json(), { name: ['This field must be unique.'] });
  const used = await call('POST', '/api/v1/assets/assets/', { hostname: 'aix-01', ip: '127.0.2.77', platform: 'AIX' });
  assert.equal(used.statusCode, 201, used.body);
  assert.equal((await call('PATCH', `${PLATFORMS}${aix.id}/`, { name: 'AIX7' })).json().name, 'AIX7');
  assert.equal(
    (await get(`/api/v1/assets/assets/${used.json().id}/`)).platform,
    'AIX7',
    'the asset follows the rename',
  );
  const inUse = await call('DELETE', `${PLATFORMS}${aix.id}/`);
  assert.deepEqual([inUse.statusCode, inUse.json()], [400, { error: 'Cannot delete a platform that assets use' }]);
  await call('DELETE', `/api/v1/assets/assets/${used.json().id}/`);
  assert.equal((await call('DELETE', `${PLATFORMS}${aix.id}/`)).statusCode, 204);
  assert.equal((await call('GET', `${PLATFORMS}${aix.id}/`)).statusCode, 404);
});

// A system user saved from the console's edit form (every field sent, secrets left blank) keeps its
// stored password and key, as 2.3 does, and takes the other changes, command filters included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetsApp } from './assets-fixture.ts';

const SYSTEM_USERS = '/api/v1/assets/system-users/';
const CMD_FILTERS = '/api/v1/assets/cmd-filters/';

/** What the console's form sends on update: its fields, the write-only ones empty. */
const formBody = (name: string, filters: string[]) => ({
  name,
  login_mode: 'auto',
  username: 'deploy',
  username_same_with_user: false,
  priority: 30,
  protocol: 'ssh',
  password: '',
  private_key: '',
  auto_push: true,
  cmd_filters: filters,
  sudo: '/bin/whoami',
  shell: '/bin/bash',
  home: '',
  system_groups: '',
  sftp_root: 'tmp',
  comment: 'edited',
});

test('PUT with blank password and key keeps the stored ones and binds command filters', async (t) => {
  const { call, get } = await assetsApp(t);
  const created = await call('POST', SYSTEM_USERS, { name: 'keep', username: 'deploy', auto_generate_key: true });
  assert.equal(created.statusCode, 201, created.body);
  const id = created.json().id;
  const before = await get(`${SYSTEM_USERS}${id}/auth-info/`);
  assert.ok(before.password && before.private_key);
  const filter = await call('POST', CMD_FILTERS, { name: 'keep-filter' });
  assert.equal(filter.statusCode, 201, filter.body);

  const saved = await call('PUT', `${SYSTEM_USERS}${id}/`, formBody('keep', [filter.json().id]));
  assert.equal(saved.statusCode, 200, saved.body);
  assert.deepEqual(
    [saved.json().comment, saved.json().priority, saved.json().cmd_filters],
    ['edited', 30, [filter.json().id]],
  );
  const after = await get(`${SYSTEM_USERS}${id}/auth-info/`);
  assert.deepEqual(
    [after.password, after.private_key, after.public_key],
    [before.password, before.private_key, before.public_key],
  );
});

test('a blank password keeps the stored one on PATCH too; a new one replaces it', async (t) => {
  const { call, get } = await assetsApp(t);
  const created = await call('POST', SYSTEM_USERS, { name: 'pw', username: 'deploy', password: 'Stored-pass-1' });
  assert.equal(created.statusCode, 201, created.body);
  const url = `${SYSTEM_USERS}${created.json().id}/`;
  for (const blank of ['', null]) {
    const patched = await call('PATCH', url, { password: blank, comment: `blank ${String(blank)}` });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal((await get(`${url}auth-info/`)).password, 'Stored-pass-1');
  }
  const omitted = await call('PUT', url, { ...formBody('pw', []), password: undefined });
  assert.equal(omitted.statusCode, 200, omitted.body);
  assert.equal((await get(`${url}auth-info/`)).password, 'Stored-pass-1');
  assert.equal((await call('PATCH', url, { password: 'New-pass-2' })).statusCode, 200);
  assert.equal((await get(`${url}auth-info/`)).password, 'New-pass-2');
});

test('creating still needs a credential in automatic login: a blank one is refused', async (t) => {
  const { call } = await assetsApp(t);
  const refused = await call('POST', SYSTEM_USERS, { ...formBody('fresh', []), comment: '' });
  assert.equal(refused.statusCode, 400);
  assert.deepEqual(refused.json(), { password: ['Password or private key required'] });
});

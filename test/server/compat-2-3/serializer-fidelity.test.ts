// Response shapes a JumpServer 2.3 client reads: `fields=` / `fields!=` and `fields_size` on GET
// (list and detail), 2.3's fields_small sets, and the user detail's login_confirm_settings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { usersResource } from '../../../demo/server/users/resources/users.ts';
import { fixture } from '../engine/contract-helpers.ts';
import { userId } from '../helpers.ts';

const USERS = '/api/v1/users/users/';

test('fields= keeps only the named fields and fields!= drops them, on list and detail, repeatable', async (t) => {
  const f = await fixture(t, usersResource);
  const id = userId(f.app, 'user');
  const list = (await f.call('GET', `${USERS}?fields=id,username&ids=${id}`)).json();
  assert.deepEqual(list, [{ id, username: 'user' }]);
  const repeated = (await f.call('GET', `${USERS}${id}/?fields=id&fields=name`)).json();
  assert.deepEqual(Object.keys(repeated).sort(), ['id', 'name']);
  const dropped = (await f.call('GET', `${USERS}${id}/?fields!=email,groups`)).json();
  assert.ok(!('email' in dropped) && !('groups' in dropped) && dropped.username === 'user');
  const both = (await f.call('GET', `${USERS}?fields=id,name,email&fields!=email&ids=${id}`)).json();
  assert.deepEqual(Object.keys(both[0]).sort(), ['id', 'name']);
  const mini = (await f.call('GET', `${USERS}${id}/?fields_size=mini`)).json();
  assert.deepEqual(Object.keys(mini).sort(), ['id', 'name', 'username']);
});

test("fields_size=small is 2.3's fields_small for users, assets, user groups and domains", async (t) => {
  const f = await fixture(t, usersResource);
  const id = userId(f.app, 'user');
  const user = (await f.call('GET', `${USERS}?fields_size=small&ids=${id}`)).json()[0];
  assert.deepEqual(Object.keys(user).sort(), [
    'avatar_url',
    'comment',
    'created_by',
    'date_expired',
    'date_joined',
    'date_password_last_updated',
    'email',
    'id',
    'is_active',
    'is_expired',
    'is_first_login',
    'is_valid',
    'last_login',
    'mfa_enabled',
    'mfa_force_enabled',
    'mfa_level',
    'mfa_level_display',
    'name',
    'org_role_display',
    'phone',
    'role_display',
    'source',
    'source_display',
    'total_role_display',
    'username',
    'wechat',
  ]);
  const group = (await f.call('GET', '/api/v1/users/groups/?fields_size=small&limit=1')).json().results[0];
  assert.deepEqual(Object.keys(group).sort(), ['comment', 'created_by', 'date_created', 'id', 'name']);
  const domain = (await f.call('GET', '/api/v1/assets/domains/?fields_size=small&limit=1')).json().results[0];
  assert.deepEqual(Object.keys(domain).sort(), ['comment', 'date_created', 'id', 'name']);
  const asset = (await f.call('GET', '/api/v1/assets/assets/?fields_size=small&limit=1')).json().results[0];
  assert.ok(
    ['vendor', 'cpu_cores', 'os', 'hostname_raw', 'created_by', 'date_created'].every((name) => name in asset),
    Object.keys(asset).join(),
  );
  assert.ok(!('platform' in asset) && !('nodes' in asset), 'foreign keys are not in fields_small');
});

test('the user detail carries login_confirm_settings (none set here); the list does not', async (t) => {
  const f = await fixture(t, usersResource);
  const id = userId(f.app, 'user');
  assert.deepEqual((await f.call('GET', `${USERS}${id}/`)).json().login_confirm_settings, []);
  assert.ok(!('login_confirm_settings' in (await f.call('GET', `${USERS}?ids=${id}`)).json()[0]));
});

test("fields_size is a no-op where 2.3's serializer has no such set (admin users, system users, command filters)", async (t) => {
  const f = await fixture(t, usersResource);
  for (const url of ['/api/v1/assets/admin-users/', '/api/v1/assets/system-users/', '/api/v1/assets/cmd-filters/']) {
    const full = (await f.call('GET', `${url}?limit=1`)).json().results[0];
    const mini = (await f.call('GET', `${url}?limit=1&fields_size=mini`)).json().results[0];
    assert.deepEqual(Object.keys(mini), Object.keys(full), url);
  }
});

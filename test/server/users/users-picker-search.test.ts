// The console's user pickers (asset permissions, groups) ask `users/?search=<text>&offset=0&limit=10`
// in the current org: a username finds its user as surely as a display name, for the super admin and
// an org admin, among the org's members only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetsApp } from '../assets/assets-fixture.ts';

const USERS = '/api/v1/users/users/';
type User = { username: string; name: string };

test('a username or a display name finds the user; an org admin finds members only', async (t) => {
  const { call, eng } = await assetsApp(t);
  const pick = async (text: string, as = 'admin') => {
    const answer = await call('GET', `${USERS}?search=${encodeURIComponent(text)}&offset=0&limit=10`, undefined, {
      as,
      org: eng,
    });
    assert.equal(answer.statusCode, 200, answer.body);
    return (answer.json().results as User[]).map((user) => `${user.name}(${user.username})`).sort();
  };
  for (const as of ['admin', 'orgadmin']) {
    assert.deepEqual(await pick('akumar', as), ['Arjun Kumar(akumar)'], `${as}: by username`);
    assert.deepEqual(await pick('kuma', as), ['Arjun Kumar(akumar)'], `${as}: part of the username`);
    assert.deepEqual(await pick('Arjun', as), ['Arjun Kumar(akumar)'], `${as}: by display name`);
    assert.deepEqual(await pick('orgadmin', as), ['Olivia Chen(orgadmin)'], `${as}: a username unlike the name`);
  }
  assert.deepEqual(await pick('chenjie'), [], 'not a member of Engineering');
});

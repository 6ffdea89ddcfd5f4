// Admin users (§2.3): write-only credentials (blank on update keeps them), PEM private keys only,
// username characters, delete refused while assets use it, and the assets / auth / nodes endpoints.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { unseal } from '../../../demo/server/core/secrets/vault.ts';
import { assetsApp } from './assets-fixture.ts';

const ADMINS = '/api/v1/assets/admin-users/';

test('delete with related assets is refused with {"msg"}; an unused one is deleted', async (t) => {
  const { call, db, eng } = await assetsApp(t);
  const root = db.prepare("SELECT id FROM admin_users WHERE username = 'root' AND org_id = ?").pluck().get(eng);
  const refused = await call('DELETE', `${ADMINS}${root}/`);
  assert.deepEqual([refused.statusCode, refused.json()], [400, { msg: 'Deleted failed, There are related assets' }]);
  const spare = await call('POST', ADMINS, { name: 'spare', username: 'root', password: 'pw' });
  assert.equal((await call('DELETE', `${ADMINS}${spare.json().id}/`)).statusCode, 204);
});

test('credentials are write-only, kept when blank on update; keys must be PEM and open with the password', async (t) => {
  const { call, db } = await assetsApp(t);
  const created = await call('POST', ADMINS, { name: 'keys', username: 'ops.admin@corp', password: 'first' });
  assert.equal(created.statusCode, 201, created.body);
  assert.equal('password' in created.json(), false);
  const id = created.json().id;
  await call('PATCH', `${ADMINS}${id}/`, { password: '', comment: 'kept' });
  assert.equal(
    unseal(db, db.prepare('SELECT password FROM admin_users WHERE id = ?').pluck().get(id) as string),
    'first',
  );

  const badName = await call('POST', ADMINS, { name: 'bad', username: 'root;rm' });
  assert.equal(badName.statusCode, 400);
  assert.deepEqual(Object.keys(badName.json()), ['username']);

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const encrypted = privateKey
    .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' })
    .toString();
  assert.equal((await call('PATCH', `${ADMINS}${id}/`, { private_key: pem })).statusCode, 200);
  assert.match(
    db.prepare('SELECT public_key FROM admin_users WHERE id = ?').pluck().get(id) as string,
    /^ssh-rsa AAAA/,
  );
  assert.equal(
    (await call('POST', ADMINS, { name: 'enc', private_key: encrypted, password: 'secret' })).statusCode,
    201,
  );
  const wrong = await call('POST', ADMINS, { name: 'enc2', private_key: encrypted, password: 'wrong' });
  assert.deepEqual(
    [wrong.statusCode, wrong.json()],
    [400, { private_key: ['Private key invalid or passphrase error'] }],
  );
  const openssh = await call('POST', ADMINS, {
    name: 'openssh',
    private_key: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaA==\n-----END OPENSSH PRIVATE KEY-----',
  });
  assert.deepEqual(openssh.json(), {
    private_key: ['OpenSSH format private keys are not supported, use ssh-keygen -t rsa -m pem'],
  });
  const auth = await call('PUT', `${ADMINS}${id}/auth/`, { password: 'second' });
  assert.equal(auth.statusCode, 200);
  assert.equal(
    unseal(db, db.prepare('SELECT password FROM admin_users WHERE id = ?').pluck().get(id) as string),
    'second',
  );
});

test('admin-users/<id>/assets/ lists its assets; nodes/ assigns it to every asset of a subtree', async (t) => {
  const { call, get, nodeId } = await assetsApp(t);
  const spare = (await call('POST', ADMINS, { name: 'spare', username: 'admin' })).json();
  assert.deepEqual(await get(`${ADMINS}${spare.id}/assets/`), []);
  const done = await call('PUT', `${ADMINS}${spare.id}/nodes/`, { nodes: [nodeId('Web')] });
  assert.deepEqual([done.statusCode, done.json()], [200, { msg: 'ok' }]);
  const assets = await get(`${ADMINS}${spare.id}/assets/?limit=5`);
  assert.equal(assets.count, 10);
  assert.deepEqual(Object.keys(assets.results[0]).sort(), ['connectivity', 'hostname', 'id', 'ip', 'port']);
  assert.equal((await get(`${ADMINS}${spare.id}/`)).assets_amount, 10);
  const bad = await call('PUT', `${ADMINS}${spare.id}/nodes/`, { nodes: ['no-such-node'] });
  assert.equal(bad.statusCode, 400);
  assert.ok(bad.json().error);
});

// POST /api/v1/assets/asset-users/ (Lina 2.3.1's "Update auth" dialog on the asset, admin-user and
// system-user asset lists: `{asset, username, password[, key]}`) stores a new AuthBook version of that
// account on that asset. Lina then re-lists with latest=1 and expects the new version; terminals and tasks
// use its credentials on that asset.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { unseal } from '../../../demo/server/core/secrets/vault.ts';
import { bearer, orgId } from '../helpers.ts';
import { buildTerminalApp, idOf, registerTerminal } from '../terminal-helpers.ts';

const URL = '/api/v1/assets/asset-users/';
type Row = Record<string, unknown>;

async function setUp(t: Parameters<typeof buildTerminalApp>[0]) {
  const app = await buildTerminalApp(t);
  const eng = orgId(app, 'Engineering');
  const admin = { ...(await bearer(app, 'admin')), 'x-jms-org': eng, 'accept-language': 'en' };
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = admin,
  ) => app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const asset = idOf(app, 'SELECT id FROM assets WHERE hostname = ? AND org_id = ?', 'bj-db-01', eng);
  const other = idOf(app, 'SELECT id FROM assets WHERE hostname = ? AND org_id = ?', 'bj-api-01', eng);
  const deploy = idOf(app, "SELECT id FROM system_users WHERE name = 'deploy' AND org_id = ?", eng);
  const adminUser = idOf(app, 'SELECT admin_user FROM assets WHERE id = ?', asset);
  return { app, eng, admin, call, asset, other, deploy, adminUser };
}

test("Lina's Update-auth POST makes version 1, 2…; latest=1 lists the newest in place of the account's row", async (t) => {
  const { app, call, asset, deploy } = await setUp(t);
  const first = await call('POST', URL, { asset, username: 'deploy', password: 'First-1' });
  assert.equal(first.statusCode, 201, first.body);
  const body = first.json();
  assert.deepEqual(
    { username: body.username, asset: body.asset, comment: body.comment },
    { username: 'deploy', asset, comment: '' },
  );
  assert.ok(!('password' in body), 'write-only');
  const second = await call('POST', URL, { asset, username: 'deploy', password: 'Second-2' });
  assert.equal(second.statusCode, 201, second.body);

  const stored = app.bastion.db
    .prepare('SELECT version, password FROM auth_book WHERE asset_id = ? AND username = ? ORDER BY version')
    .all(asset, 'deploy') as { version: number; password: string }[];
  assert.deepEqual(
    stored.map((r) => r.version),
    [1, 2],
  );
  assert.notEqual(stored[1].password, 'Second-2', 'sealed at rest');
  assert.equal(unseal(app.bastion.db, stored[1].password), 'Second-2');

  // The asset's list as Lina asks it (AssetUserList.vue): one row per account, the newest version for deploy.
  const latest = (await call('GET', `${URL}?asset_id=${asset}&latest=1`)).json() as Row[];
  const deployRows = latest.filter((r) => r.username === 'deploy');
  assert.deepEqual(
    deployRows.map((r) => [r.id, r.backend, r.version]),
    [[second.json().id, 'db', 2]],
  );
  const all = (await call('GET', `${URL}?asset_id=${asset}`)).json() as Row[];
  assert.deepEqual(
    all
      .filter((r) => r.username === 'deploy')
      .map((r) => r.backend)
      .sort(),
    ['db', 'db', 'system_user'],
  );
  // The system user's asset list (SystemUserDetail/AssetList.vue) shows it too, for this asset only.
  const ofDeploy = (await call('GET', `${URL}?prefer_id=${deploy}&prefer=system_user&latest=1`)).json() as Row[];
  assert.deepEqual(
    ofDeploy.filter((r) => r.asset === asset).map((r) => [r.backend, r.version]),
    [['db', 2]],
  );
  assert.ok(ofDeploy.filter((r) => r.asset !== asset).every((r) => r.backend === 'system_user'));
  // The row's secrets (what asset-user-auth-infos/ and asset-users/tasks/ read) are the version's.
  const secret = app.bastion.db
    .prepare('SELECT password FROM asset_users WHERE id = ?')
    .pluck()
    .get(second.json().id) as string;
  assert.equal(unseal(app.bastion.db, secret), 'Second-2');
});

test("the admin user's list, the terminal's auth-info and the key sent as Lina's `key` use the newest version", async (t) => {
  const { app, call, asset, other, deploy, adminUser } = await setUp(t);
  const term = await registerTerminal(app);
  const authInfo = async (on: string) =>
    (await term.call('GET', `/api/v1/assets/system-users/${deploy}/assets/${on}/auth-info/`)).json();
  const before = await authInfo(asset);
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const made = await call('POST', URL, { asset, username: 'deploy', password: 'Term-Pass', key: pem });
  assert.equal(made.statusCode, 201, made.body);
  const after = await authInfo(asset);
  assert.equal(after.password, 'Term-Pass');
  assert.equal(after.private_key.trim(), pem.trim(), "Lina's `key` is the private key");
  assert.match(after.public_key, /^ssh-rsa AAAA/, 'its public key derived');
  assert.deepEqual([after.id, after.username], [before.id, before.username]);
  assert.deepEqual(await authInfo(other), before, "another asset keeps the system user's own");

  // AdminUserDetail/AssetsList.vue: prefer=admin_user&prefer_id=<admin user>&latest=1.
  const rootVersion = await call('POST', URL, { asset, username: 'root', password: 'Root-2' });
  assert.equal(rootVersion.statusCode, 201, rootVersion.body);
  const admins = (await call('GET', `${URL}?prefer_id=${adminUser}&prefer=admin_user&latest=1`)).json() as Row[];
  assert.deepEqual(
    admins.filter((r) => r.asset === asset).map((r) => [r.backend, r.username]),
    [['db', 'root']],
  );
  assert.ok(!admins.some((r) => r.username === 'deploy'), "another account's versions stay out");
});

test('versions: the newest cannot be deleted, older ones can; bad bodies and other callers are refused', async (t) => {
  const { app, call, asset, eng } = await setUp(t);
  const v1 = (await call('POST', URL, { asset, username: 'deploy', password: 'a' })).json().id as string;
  const v2 = (await call('POST', URL, { asset, username: 'deploy', password: 'b' })).json().id as string;
  const refused = await call('DELETE', `${URL}${v2}/`);
  assert.deepEqual([refused.statusCode, refused.json()], [400, { error: 'Latest version could not be delete' }]);
  assert.equal((await call('DELETE', `${URL}${v1}/`)).statusCode, 204);
  assert.equal(app.bastion.db.prepare('SELECT COUNT(*) FROM auth_book').pluck().get(), 1);

  const count = () => app.bastion.db.prepare('SELECT COUNT(*) FROM auth_book').pluck().get();
  assert.deepEqual(Object.keys((await call('POST', URL, { asset, password: 'x' })).json()), ['username']);
  const foreign = idOf(app, 'SELECT id FROM assets WHERE org_id != ? LIMIT 1', eng);
  assert.deepEqual(
    Object.keys((await call('POST', URL, { asset: foreign, username: 'root' })).json()),
    ['asset'],
    "another org's asset",
  );
  assert.deepEqual(
    Object.keys((await call('POST', URL, { asset, username: 'root', private_key: 'not a key' })).json()),
    ['private_key'],
  );
  const batch = await call('POST', URL, [
    { asset, username: 'deploy', password: 'c' },
    { asset, username: '' },
  ]);
  assert.equal(batch.statusCode, 400, 'a list is all or nothing');
  assert.equal(count(), 1);
  const user = { ...(await bearer(app, 'user')), 'x-jms-org': eng };
  assert.equal((await call('POST', URL, { asset, username: 'deploy', password: 'z' }, user)).statusCode, 403);
  assert.equal(
    (await app.inject({ method: 'POST', url: URL, payload: { asset, username: 'deploy' } })).statusCode,
    401,
  );
  assert.equal(count(), 1);
});

// A system user's extras of §2.3 against the real sshd: its connectivity test (all its assets, or one)
// and the per-asset auth-info a terminal reads.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { uuid } from '../../../demo/server/core/lib/ids.ts';
import { seal } from '../../../demo/server/core/secrets/vault.ts';
import { bearer, build } from '../helpers.ts';
import { startSshd, type TestSshd } from '../support/sshd.ts';
import { assetRow, followLog, insertAsset, taskResult } from '../support/task-fixtures.ts';

const SYSTEM_USERS = '/api/v1/assets/system-users/';
let sshd: TestSshd;
before(async () => {
  sshd = await startSshd();
});
after(async () => sshd?.stop());

function insertSystemUser(
  app: FastifyInstance,
  fields: { username: string; password: string; same?: boolean },
  assets: string[],
): string {
  const id = uuid();
  const db = app.bastion.db;
  db.prepare(
    `INSERT INTO system_users (id, name, username, password, username_same_with_user, date_created, date_updated)
    VALUES (?, ?, ?, ?, ?, '2024-01-01', '2024-01-01')`,
  ).run(id, `su-${id.slice(0, 6)}`, fields.username, seal(db, fields.password), fields.same ? 1 : 0);
  for (const asset of assets)
    db.prepare('INSERT INTO system_user_assets (system_user_id, asset_id) VALUES (?, ?)').run(id, asset);
  return id;
}

async function startTest(app: FastifyInstance, headers: Record<string, string>, systemUser: string, body: object) {
  const response = await app.inject({
    method: 'POST',
    url: `${SYSTEM_USERS}${systemUser}/tasks/`,
    headers,
    payload: body,
  });
  assert.equal(response.statusCode, 201, response.body);
  const { task } = response.json();
  await followLog(app, headers, task);
  return (await taskResult(app, headers, task)).result;
}

test('testing a system user logs in to its assets with its own credentials; the asset keeps its admin-user status', async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const good = insertAsset(app, { port: sshd.port, adminUser: null, hostname: 'su-target' });
  const other = insertAsset(app, { port: sshd.port, adminUser: null, hostname: 'su-other' });
  const right = insertSystemUser(app, { username: sshd.username, password: sshd.password }, [good, other]);
  assert.deepEqual(await startTest(app, headers, right, { action: 'test' }), {
    ok: ['su-other', 'su-target'],
    failed: {},
    skipped: {},
  });
  assert.equal(assetRow(app, good).connectivity_status, 2, "an asset records its admin user's connectivity only");

  const wrong = insertSystemUser(app, { username: sshd.username, password: 'not-the-password' }, [good, other]);
  const one = await startTest(app, headers, wrong, { action: 'test', asset: good });
  assert.deepEqual(Object.keys(one.failed), ['su-target'], 'only the asked asset');
  assert.match(one.failed['su-target'], /Authentication failed/);
  const name = app.bastion.db.prepare('SELECT name FROM celery_tasks ORDER BY rowid DESC LIMIT 1').pluck().get();
  assert.match(String(name), /^Test system user connectivity: su-\w+\(bastiontest\) => su-target\(127\.0\.0\.1\)$/);

  const foreign = await app.inject({
    method: 'POST',
    url: `${SYSTEM_USERS}${right}/tasks/`,
    headers,
    payload: { action: 'test', asset: uuid() },
  });
  assert.equal(foreign.statusCode, 400);
  assert.deepEqual(Object.keys(foreign.json()), ['asset']);
});

test("auth-info for one asset: the system user's credentials, ?username= for a dynamic user, 400 for an unknown asset", async (t) => {
  const app = await build(t);
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const asset = insertAsset(app, { port: 22, adminUser: null });
  const fixed = insertSystemUser(app, { username: 'deploy', password: 's3cret' }, [asset]);
  const dynamic = insertSystemUser(app, { username: '', password: 'shared', same: true }, [asset]);
  const read = (id: string, query = '', assetId = asset) =>
    app.inject({ method: 'GET', url: `${SYSTEM_USERS}${id}/assets/${assetId}/auth-info/${query}`, headers });

  const info = (await read(fixed, '?username=someone')).json();
  assert.deepEqual([info.id, info.username, info.password], [fixed, 'deploy', 's3cret'], 'a fixed username is kept');
  const alice = (await read(dynamic, '?username=alice')).json();
  assert.deepEqual([alice.username, alice.password], ['alice', 'shared'], 'a dynamic user takes the asked username');
  const unknown = await read(fixed, '', uuid());
  assert.deepEqual([unknown.statusCode, unknown.json()], [400, { error: 'No Asset matches the given query.' }]);
  assert.equal(
    (await app.inject({ method: 'GET', url: `${SYSTEM_USERS}${fixed}/assets/${asset}/auth-info/` })).statusCode,
    401,
  );
});

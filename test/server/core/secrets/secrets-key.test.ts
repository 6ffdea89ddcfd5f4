// The secret key of the sealed credentials: BASTION_SECRET_KEY, else `<data dir>/secret_key` made once.
// A database that was sealed never starts with a wrong or a missing key, and never gets a new key
// generated over its ciphertext; main.ts says why and exits.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { buildApp, type BuildOptions } from '../../../../demo/server/app.ts';
import { PASSWORD, bearer } from '../../helpers.ts';

const KEY = 'k'.repeat(24) + '-operator-chosen-key';

function dataDir(t: TestContext): {
  dir: string;
  start: (opts?: Partial<BuildOptions>) => ReturnType<typeof buildApp>;
} {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-key-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const start = (opts: Partial<BuildOptions> = {}) =>
    buildApp({
      dbFile: join(dir, 'bastion.sqlite3'),
      demoPassword: PASSWORD,
      allowedTargets: '127.0.0.0/8',
      auditSamples: false,
      ...opts,
    });
  return { dir, start };
}

/** A system user's password as the API gives it back: proof the stored credentials open. */
async function storedPassword(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const id = app.bastion.db
    .prepare("SELECT id FROM system_users WHERE org_id = '' AND name = 'deploy'")
    .pluck()
    .get() as string;
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/assets/system-users/${id}/auth-info/`,
    headers: await bearer(app, 'admin'),
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().password;
}

test('the key file is made once and reused; without it an encrypted database refuses to start and no key is made', async (t) => {
  const { dir, start } = dataDir(t);
  const first = await start();
  const password = await storedPassword(first);
  await first.close();
  const keyFile = join(dir, 'secret_key');
  const key = readFileSync(keyFile, 'utf8');
  const again = await start();
  assert.equal(await storedPassword(again), password);
  await again.close();
  assert.equal(readFileSync(keyFile, 'utf8'), key, 'the same key, not a new one');

  rmSync(keyFile);
  await assert.rejects(
    start(),
    /credentials are encrypted, but no secret key was found: set BASTION_SECRET_KEY or restore .*secret_key/,
  );
  assert.equal(existsSync(keyFile), false, 'no key generated over the existing ciphertext');
  await assert.rejects(start({ secretKey: KEY }), /is not the key this database's credentials were encrypted with/);
});

test('BASTION_SECRET_KEY: no key file is written; another key, or none, is refused; a short key is refused', async (t) => {
  const { dir, start } = dataDir(t);
  const app = await start({ secretKey: KEY });
  const password = await storedPassword(app);
  await app.close();
  assert.equal(existsSync(join(dir, 'secret_key')), false);
  const again = await start({ secretKey: KEY });
  assert.equal(await storedPassword(again), password);
  await again.close();
  await assert.rejects(start({ secretKey: `${KEY}-other` }), /from BASTION_SECRET_KEY is not the key/);
  await assert.rejects(start(), /no secret key was found/);
  await assert.rejects(start({ secretKey: 'short' }), /BASTION_SECRET_KEY must be at least 32 characters long/);
});

test('main.ts with a wrong key prints why and exits 1, before listening', async (t) => {
  const { dir, start } = dataDir(t);
  await (await start()).close();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
    env: { ...process.env, DATA_DIR: dir, PORT: '1', BASTION_SECRET_KEY: KEY },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(run.status, 1, run.stderr);
  assert.match(run.stderr, /^\[bastion\] cannot start: The secret key from BASTION_SECRET_KEY is not the key/m);
  assert.doesNotMatch(run.stderr, /\n\s+at /, 'a message, not a stack trace');
});

// How a portal registers: demo/server/portal/portal-cli.ts on the server's data folder adds, lists and
// removes OAuth clients; a bad redirect URI is refused and stores nothing; removing a client ends its tokens.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { parseTokenTtl } from '../../../demo/server/portal/authorization-server.ts';

const run = promisify(execFile);
const cli = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'demo/server/portal/portal-cli.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
  }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      out: `${error.stdout}${error.stderr}`,
    }),
  );

test('portal-cli.ts registers, lists and removes portal clients', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bastion-portal-cli-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const added = await cli(
    dataDir,
    'add',
    'intranet',
    'Intranet portal',
    'https://intranet.example.com/bastion/callback',
    'http://127.0.0.2:8081/callback.html',
  );
  assert.equal(added.code, 0, added.out);
  const listed = await cli(dataDir, 'list');
  assert.equal(
    listed.out.trim(),
    'intranet\tIntranet portal\thttps://intranet.example.com/bastion/callback http://127.0.0.2:8081/callback.html',
  );

  const fragment = await cli(dataDir, 'add', 'bad', 'Bad', 'https://intranet.example.com/cb#x');
  assert.equal(fragment.code, 1);
  assert.match(fragment.out, /no fragment/);
  const notHttp = await cli(dataDir, 'add', 'bad', 'Bad', 'javascript:alert(1)');
  assert.equal(notHttp.code, 1);
  assert.equal((await cli(dataDir, 'add', 'x', 'Too short an id', 'https://a.example/cb')).code, 1);
  assert.equal((await cli(dataDir, 'list')).out.trim().split('\n').length, 1);

  assert.match((await cli(dataDir, 'remove', 'intranet')).out, /removed/);
  assert.equal((await cli(dataDir, 'list')).out.trim(), '');
  assert.equal((await cli(dataDir, 'frobnicate')).code, 2);
});

test('BASTION_PORTAL_TOKEN_TTL: whole seconds from 30 to 3600, default 600', () => {
  assert.equal(parseTokenTtl(undefined), 600);
  assert.equal(parseTokenTtl(' '), 600);
  assert.equal(parseTokenTtl('120'), 120);
  for (const bad of ['29', '3601', '1.5', 'ten', '-60'])
    assert.throws(() => parseTokenTtl(bad), /BASTION_PORTAL_TOKEN_TTL/);
});

// 2.3 scripts authenticate with an access key through HTTP Signatures (`Authorization: Signature keyId=…`,
// signed as the httpsig library signs) or with a private token (`Authorization: Token <key>`): both must
// reach every endpoint as that user, and anything a signature does not vouch for must fail.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { issuePrivateToken } from '../../../demo/server/core/auth/private-token.ts';
import { bearer, build, PASSWORD, userId } from '../helpers.ts';
import { signatureHeader, signedHeaders } from '../support/httpsig-client.ts';

type App = Awaited<ReturnType<typeof build>>;

async function accessKey(app: App, username: string): Promise<{ id: string; secret: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/access-keys/',
    headers: await bearer(app, username),
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}

const dateOf = (app: App, offsetMs = 0) => new Date(app.clock.now() + offsetMs).toUTCString();

test('HTTP Signature (hmac-sha256 over "(request-target) accept date") reaches reads, lists with queries and writes', async (t) => {
  const app = await build(t);
  const key = await accessKey(app, 'admin');
  const call = (method: 'GET' | 'POST' | 'OPTIONS', url: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as object, headers: signedHeaders(key, method, url, dateOf(app)) });

  const profile = await call('GET', '/api/v1/users/profile/');
  assert.equal(profile.statusCode, 200, profile.body);
  assert.equal(profile.json().username, 'admin');
  const list = await call('GET', '/api/v1/users/users/?limit=2&offset=0&search=user');
  assert.equal(list.statusCode, 200, list.body);
  assert.ok(list.json().count >= 1);
  assert.equal((await call('OPTIONS', '/api/v1/assets/assets/')).statusCode, 200);
  const created = await call('POST', '/api/v1/users/groups/', { name: 'signed-by-script' });
  assert.equal(created.statusCode, 201, created.body);
  assert.equal(
    app.bastion.db.prepare("SELECT created_by FROM user_groups WHERE name = 'signed-by-script'").pluck().get(),
    'Administrator',
  );

  // httpsig's other HMACs; its default header list (date alone) lacks (request-target), which 2.3 requires.
  for (const algorithm of ['hmac-sha1', 'hmac-sha512'] as const) {
    const url = '/api/v1/users/profile/';
    assert.equal(
      (await app.inject({ url, headers: signedHeaders(key, 'GET', url, dateOf(app), { algorithm }) })).statusCode,
      200,
      algorithm,
    );
  }
  const url = '/api/v1/users/profile/';
  assert.equal(
    (await app.inject({ url, headers: signedHeaders(key, 'GET', url, dateOf(app), { sign: ['date'] }) })).statusCode,
    401,
  );
  assert.equal(
    (await app.inject({ url, headers: signedHeaders(key, 'GET', url, dateOf(app), { sign: ['(request-target)'] }) }))
      .statusCode,
    401,
  );
});

test('a signature vouches only for what it signed: path, query, method, headers, key, fresh date', async (t) => {
  const app = await build(t);
  const key = await accessKey(app, 'user');
  const url = '/api/v1/authentication/access-keys/?fields=id';
  const ok = await app.inject({ url, headers: signedHeaders(key, 'GET', url, dateOf(app)) });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.deepEqual(ok.json(), [{ id: key.id }]);

  const refused = async (
    what: string,
    url2: string,
    headers: Record<string, string>,
    method: 'GET' | 'POST' = 'GET',
  ) => {
    const response = await app.inject({ method, url: url2, headers });
    assert.equal(response.statusCode, 401, `${what}: ${response.body}`);
  };
  await refused(
    'another query',
    '/api/v1/authentication/access-keys/?fields=secret',
    signedHeaders(key, 'GET', url, dateOf(app)),
  );
  await refused('another path', '/api/v1/authentication/access-keys/', signedHeaders(key, 'GET', url, dateOf(app)));
  await refused('another method', url, signedHeaders(key, 'GET', url, dateOf(app)), 'POST');
  const signed = signedHeaders(key, 'GET', url, dateOf(app));
  await refused('another Accept', url, { ...signed, accept: 'text/csv' });
  await refused('another Date', url, { ...signed, date: dateOf(app, 1000) });
  await refused(
    'a wrong secret',
    url,
    signedHeaders({ id: key.id, secret: 'not-the-secret' }, 'GET', url, dateOf(app)),
  );
  await refused(
    'an unknown key',
    url,
    signedHeaders({ id: '00000000-0000-4000-8000-000000000000', secret: key.secret }, 'GET', url, dateOf(app)),
  );
  const { accept: _signedAccept, ...withoutAccept } = signed;
  await refused('a listed header missing', url, withoutAccept);
  await refused('an RSA algorithm', url, {
    ...signed,
    authorization: signed.authorization.replace('hmac-sha256', 'rsa-sha256'),
  });
  // Safer than 2.3, which never reads the Date's value: a request older (or newer) than 15 minutes is refused.
  await refused('a stale date', url, signedHeaders(key, 'GET', url, dateOf(app, -16 * 60_000)));
  await refused('a future date', url, signedHeaders(key, 'GET', url, dateOf(app, 16 * 60_000)));
  assert.equal(
    (await app.inject({ url, headers: signedHeaders(key, 'GET', url, dateOf(app, -14 * 60_000)) })).statusCode,
    200,
  );

  // A disabled key, then a disabled user, sign nothing.
  app.bastion.db.prepare('UPDATE access_keys SET is_active = 0 WHERE id = ?').run(key.id);
  await refused('a disabled key', url, signedHeaders(key, 'GET', url, dateOf(app)));
  app.bastion.db.prepare('UPDATE access_keys SET is_active = 1 WHERE id = ?').run(key.id);
  app.bastion.db.prepare("UPDATE users SET is_active = 0 WHERE username = 'user'").run();
  await refused('a disabled user', url, signedHeaders(key, 'GET', url, dateOf(app)));
});

test('the signed path is the request line as sent, over real HTTP (escapes and query included)', async (t) => {
  const app = await build(t);
  const key = await accessKey(app, 'admin');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const path = '/api/v1/assets/assets/?limit=1&search=bj%20api&hostname=bj-api-01';
  const headers = { ...signedHeaders(key, 'GET', path, dateOf(app)), 'x-jms-org': 'ROOT' };
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
  assert.equal(answer.status, 200, answer.body);
  assert.ok('count' in JSON.parse(answer.body));
});

test('parameters are read as httpsig reads them: any order, spaces after commas, key names in any case', async (t) => {
  const app = await build(t);
  const key = await accessKey(app, 'admin');
  const url = '/api/v1/users/profile/';
  const date = dateOf(app);
  const header = signatureHeader({
    keyId: key.id,
    secret: key.secret,
    method: 'GET',
    path: url,
    headers: { accept: '*/*', date },
  });
  const params = header
    .slice('Signature '.length)
    .split(',')
    .reverse()
    .map((item) => item.replace(/^keyId/, 'KEYID'))
    .join(', ');
  const response = await app.inject({ url, headers: { accept: '*/*', date, authorization: `signature ${params}` } });
  assert.equal(response.statusCode, 200, response.body);
});

test('Token scheme: a private token signs its user in until it is replaced or the user is disabled', async (t) => {
  const app = await build(t);
  const url = '/api/v1/users/profile/';
  const first = issuePrivateToken(app.bastion.db, userId(app, 'orgadmin'), app.clock.now());
  assert.match(first, /^[0-9a-f]{40}$/, "DRF's token shape");
  assert.equal(
    app.bastion.db.prepare('SELECT COUNT(*) FROM private_tokens WHERE token_hash = ?').pluck().get(first),
    0,
    'kept hashed',
  );
  const read = (token: string) => app.inject({ url, headers: { authorization: `Token ${token}` } });
  const ok = await read(first);
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(ok.json().username, 'orgadmin');
  const write = await app.inject({
    method: 'PATCH',
    url: '/api/v1/users/profile/',
    headers: { authorization: `token ${first}` },
    payload: { wechat: 'by-token' },
  });
  assert.equal(write.statusCode, 200, `no CSRF for token calls: ${write.body}`);
  // Not ended by a new password (an API credential, like an access key): only by a new token.
  app.clock.advance(40 * 86_400_000);
  assert.equal((await read(first)).statusCode, 200, 'does not expire');
  const second = issuePrivateToken(app.bastion.db, userId(app, 'orgadmin'), app.clock.now());
  assert.equal((await read(first)).statusCode, 401, 'the old token is replaced');
  assert.equal((await read(second)).statusCode, 200);
  assert.equal((await read('0'.repeat(40))).statusCode, 401);
  app.bastion.db.prepare("UPDATE users SET is_active = 0 WHERE username = 'orgadmin'").run();
  assert.equal((await read(second)).statusCode, 401, 'a disabled user');
});

test('private-token-cli issues a token the running server accepts, and revokes it', async (t) => {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { buildApp } = await import('../../../demo/server/app.ts');
  const dir = mkdtempSync(join(tmpdir(), 'bastion-token-cli-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const secretKey = 'k'.repeat(40);
  const app = await buildApp({ dbFile: join(dir, 'bastion.sqlite3'), demoPassword: PASSWORD, secretKey });
  t.after(() => app.close());
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'demo/server/core/auth/private-token-cli.ts', ...args], {
      env: { ...process.env, DATA_DIR: dir, BASTION_SECRET_KEY: secretKey },
    });
  const token = (await run('user')).stdout.trim();
  assert.match(token, /^[0-9a-f]{40}$/);
  const response = await app.inject({ url: '/api/v1/users/profile/', headers: { authorization: `Token ${token}` } });
  assert.equal(response.json().username, 'user');
  await run('user', '--revoke');
  assert.equal(
    (await app.inject({ url: '/api/v1/users/profile/', headers: { authorization: `Token ${token}` } })).statusCode,
    401,
  );
  await assert.rejects(run('nobody'), /no user named nobody/);
});

// Replay and command storages: superusers only; the built-in `default` (server) storages cannot be deleted;
// each type keeps its own meta keys, secrets are write-only and kept when left blank; test-connective
// really tries the endpoint (a local stub here) and reports why it failed.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, type TestContext } from 'node:test';
import { openMeta } from '../../../demo/server/terminal/storage-meta.ts';
import { bearer } from '../helpers.ts';
import { buildTerminalApp } from '../terminal-helpers.ts';

const REPLAY = '/api/v1/terminal/replay-storages/';
const COMMAND = '/api/v1/terminal/command-storages/';

async function stub(t: TestContext, handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<number> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

/** A loopback port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('built-in storages are undeletable; meta is filtered per type; secrets write-only and kept on blank', async (t) => {
  const app = await buildTerminalApp(t);
  const admin = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const replays = (await app.inject({ method: 'GET', url: REPLAY, headers: admin })).json() as {
    id: string;
    name: string;
    type: string;
    meta: Record<string, unknown>;
  }[];
  const builtIn = replays.find((s) => s.name === 'default')!;
  assert.equal(builtIn.type, 'server');
  const refused = await app.inject({ method: 'DELETE', url: `${REPLAY}${builtIn.id}/`, headers: admin });
  assert.equal(refused.statusCode, 400);
  assert.equal(refused.json().msg, 'Deleting the default storage is not allowed');
  const commands = (await app.inject({ method: 'GET', url: COMMAND, headers: admin })).json() as {
    id: string;
    name: string;
  }[];
  assert.equal(
    (
      await app.inject({
        method: 'DELETE',
        url: `${COMMAND}${commands.find((s) => s.name === 'default')!.id}/`,
        headers: admin,
      })
    ).statusCode,
    400,
  );

  // The seeded S3 archive shows no secret.
  const seeded = replays.find((s) => s.name === 'minio-archive')!;
  assert.deepEqual(seeded.meta, { BUCKET: 'jumpserver-replays', ENDPOINT: 'http://127.0.0.1:9000' });

  const made = await app.inject({
    method: 'POST',
    url: REPLAY,
    headers: admin,
    payload: {
      name: 'ceph-1',
      type: 'ceph',
      meta: {
        ceph_bucket: 'rec',
        CEPH_ACCESS_KEY: 'ak',
        secret_key: 'sk',
        ENDPOINT: 'http://127.0.0.1:7480',
        EXTRA: 'dropped',
      },
    },
  });
  assert.equal(made.statusCode, 201, made.body);
  assert.deepEqual(made.json().meta, { BUCKET: 'rec', ENDPOINT: 'http://127.0.0.1:7480' });
  const id = made.json().id as string;
  // Secrets are sealed at rest: compared in clear.
  const stored = () =>
    openMeta(
      app.bastion.db,
      app.bastion.db.prepare('SELECT meta FROM replay_storages WHERE id = ?').pluck().get(id) as string,
    );
  assert.deepEqual(stored(), { BUCKET: 'rec', ACCESS_KEY: 'ak', SECRET_KEY: 'sk', ENDPOINT: 'http://127.0.0.1:7480' });
  const updated = await app.inject({
    method: 'PUT',
    url: `${REPLAY}${id}/`,
    headers: admin,
    payload: {
      name: 'ceph-1',
      type: 'ceph',
      meta: { BUCKET: 'rec2', ACCESS_KEY: '', SECRET_KEY: '', ENDPOINT: 'http://127.0.0.1:7480' },
    },
  });
  assert.equal(updated.statusCode, 200, updated.body);
  assert.deepEqual(
    stored(),
    { BUCKET: 'rec2', ACCESS_KEY: 'ak', SECRET_KEY: 'sk', ENDPOINT: 'http://127.0.0.1:7480' },
    'blank secrets keep the stored ones',
  );
  await app.inject({
    method: 'PATCH',
    url: `${REPLAY}${id}/`,
    headers: admin,
    payload: { type: 'azure', meta: { ACCOUNT_NAME: 'acct', CONTAINER_NAME: 'c' } },
  });
  assert.deepEqual(
    stored(),
    { ACCOUNT_NAME: 'acct', CONTAINER_NAME: 'c', ACCOUNT_KEY: '', ENDPOINT_SUFFIX: '' },
    'a new type starts from its own keys',
  );
  assert.equal((await app.inject({ method: 'DELETE', url: `${REPLAY}${id}/`, headers: admin })).statusCode, 204);

  const bad = await app.inject({
    method: 'POST',
    url: COMMAND,
    headers: admin,
    payload: { name: 'es-x', type: 'es', meta: { HOSTS: 'http://127.0.0.1:1,\u0000' } },
  });
  assert.equal(bad.statusCode, 400);
  const es = await app.inject({
    method: 'POST',
    url: COMMAND,
    headers: admin,
    payload: { name: 'es-x', type: 'es', meta: { es_hosts: 'http://127.0.0.1:1, http://127.0.0.1:2', INDEX: 'jms' } },
  });
  assert.deepEqual(es.json().meta, { HOSTS: ['http://127.0.0.1:1', 'http://127.0.0.1:2'], INDEX: 'jms', DOC_TYPE: '' });
  assert.equal(
    (await app.inject({ method: 'POST', url: REPLAY, headers: admin, payload: { name: 'default', type: 'server' } }))
      .statusCode,
    400,
    'names are unique',
  );

  const orgadmin = await bearer(app, 'orgadmin');
  assert.equal((await app.inject({ method: 'GET', url: REPLAY, headers: orgadmin })).statusCode, 403);
  const options = (await app.inject({ method: 'OPTIONS', url: REPLAY, headers: admin })).json();
  assert.deepEqual(
    options.actions.POST.type.choices.map((c: { value: string }) => c.value),
    ['null', 'server', 's3', 'ceph', 'swift', 'oss', 'azure'],
  );
});

test('test-connective: server valid; S3 signed HEAD answered 200 / 403; ES root; refused and closed ports reported', async (t) => {
  // Only 127.0.0.1 is allowed here, so 127.0.0.2 stands for a target outside the allow-list.
  const app = await buildTerminalApp(t, { allowedTargets: '127.0.0.1/32' });
  const admin = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const seen: string[] = [];
  const s3Port = await stub(t, (req, res) => {
    seen.push(`${req.method} ${req.url} ${String(req.headers.authorization).split(' ')[0]}`);
    res.statusCode = /Credential=good\//.test(String(req.headers.authorization)) ? 200 : 403;
    res.end();
  });
  const esPort = await stub(t, (_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"name":"n","version":{"number":"7.10.2"}}');
  });
  const closed = await closedPort();
  const make = async (url: string, body: object) =>
    (await app.inject({ method: 'POST', url, headers: admin, payload: body })).json().id as string;
  const check = async (url: string, id: string) =>
    (await app.inject({ method: 'GET', url: `${url}${id}/test-connective/`, headers: admin })).json() as {
      is_valid: boolean;
      msg: string;
    };

  const list = (await app.inject({ method: 'GET', url: REPLAY, headers: admin })).json() as {
    id: string;
    name: string;
  }[];
  assert.deepEqual(await check(REPLAY, list.find((s) => s.name === 'default')!.id), {
    is_valid: true,
    msg: 'Test successful',
  });
  const good = await make(REPLAY, {
    name: 's3-good',
    type: 's3',
    meta: { BUCKET: 'b', ACCESS_KEY: 'good', SECRET_KEY: 's', ENDPOINT: `http://127.0.0.1:${s3Port}` },
  });
  assert.deepEqual(await check(REPLAY, good), { is_valid: true, msg: 'Test successful' });
  assert.deepEqual(seen, ['HEAD /b AWS4-HMAC-SHA256']);
  const wrong = await make(REPLAY, {
    name: 's3-wrong',
    type: 's3',
    meta: { BUCKET: 'b', ACCESS_KEY: 'bad', SECRET_KEY: 's', ENDPOINT: `http://127.0.0.1:${s3Port}` },
  });
  assert.deepEqual(await check(REPLAY, wrong), { is_valid: false, msg: 'Test failure: Account invalid (HTTP 403)' });
  const seeded = list.find((s) => s.name === 'minio-archive')!;
  const refusedSeed = await check(REPLAY, seeded.id);
  assert.equal(refusedSeed.is_valid, false, 'nothing listens on the seeded endpoint');
  const down = await make(REPLAY, {
    name: 's3-down',
    type: 's3',
    meta: { BUCKET: 'b', ENDPOINT: `http://127.0.0.1:${closed}` },
  });
  assert.match((await check(REPLAY, down)).msg, /^Test failure: .*ECONNREFUSED/);
  const outside = await make(REPLAY, {
    name: 's3-out',
    type: 's3',
    meta: { BUCKET: 'b', ENDPOINT: 'http://127.0.0.2:9000' },
  });
  const refused = await check(REPLAY, outside);
  assert.equal(refused.is_valid, false);
  assert.match(refused.msg, /Refused by the allow-list/);

  const es = await make(COMMAND, {
    name: 'es-ok',
    type: 'es',
    meta: { HOSTS: [`http://127.0.0.1:${esPort}`], INDEX: 'jms' },
  });
  assert.deepEqual(await check(COMMAND, es), { is_valid: true, msg: 'Test successful' });
  const esDown = await make(COMMAND, { name: 'es-down', type: 'es', meta: { HOSTS: [`http://127.0.0.1:${s3Port}`] } });
  assert.match((await check(COMMAND, esDown)).msg, /^Test failure: http:\/\/127\.0\.0\.1:\d+: HTTP 403/);
  const seededEs = (
    (await app.inject({ method: 'GET', url: `${COMMAND}?name=es-commands`, headers: admin })).json() as { id: string }[]
  )[0];
  const seededAnswer = await check(COMMAND, seededEs.id);
  assert.equal(seededAnswer.is_valid, false);
  assert.match(seededAnswer.msg, /127\.0\.0\.1:9200/);
});

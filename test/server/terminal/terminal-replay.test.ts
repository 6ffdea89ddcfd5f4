// Replays: the terminal uploads an asciicast v2 (plain or gzip) for its session; auditors get {src, ...},
// follow src to the recording (gzip or not, audit check there too) and download a tar of cast + metadata.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { bearer, build, orgId } from '../helpers.ts';
import { BOOTSTRAP, buildTerminalApp, registerTerminal, type App, type Terminal } from '../terminal-helpers.ts';
import { openSession } from '../support/terminal-records.ts';

const CAST =
  [
    JSON.stringify({ version: 2, width: 80, height: 24, timestamp: 1705300000 }),
    JSON.stringify([0.1, 'o', '$ ']),
    JSON.stringify([1.2, 'o', 'hello replay\r\n']),
  ].join('\n') + '\n';

function multipart(file: Buffer, field = 'file'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----bastion-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="replay.cast"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (term: Terminal, id: string, file: Buffer, field?: string) => {
  const { payload, headers } = multipart(file, field);
  return term.call('POST', `/api/v1/terminal/sessions/${id}/replay/`, payload, headers);
};

/** Entries of a ustar archive: name → bytes. */
function untar(buffer: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (offset + 512 <= buffer.length) {
    const header = buffer.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = header.subarray(0, 100).toString('ascii').replace(/\0.*$/s, '');
    const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, ''), 8);
    let sum = 0;
    header.forEach((byte, i) => {
      sum += i >= 148 && i < 156 ? 32 : byte;
    });
    assert.equal(parseInt(header.subarray(148, 156).toString('ascii'), 8), sum, `checksum of ${name}`);
    files.set(name, buffer.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

test('upload plain or gzip; GET answers src; src serves the cast gzip or inflated; download is a tar', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const eng = orgId(app, 'Engineering');
  const id = await openSession(term, eng);
  const auditor = { ...(await bearer(app, 'orgauditor')), 'x-jms-org': eng };
  const missing = await app.inject({ method: 'GET', url: `/api/v1/terminal/sessions/${id}/replay/`, headers: auditor });
  assert.equal(missing.statusCode, 404);
  assert.ok(missing.json().error);

  const plain = await upload(term, id, Buffer.from(CAST));
  assert.equal(plain.statusCode, 201, plain.body);
  const info = await app.inject({ method: 'GET', url: `/api/v1/terminal/sessions/${id}/replay/`, headers: auditor });
  assert.equal(info.statusCode, 200);
  const body = info.json();
  assert.equal(body.type, 'json');
  assert.equal(body.user, 'Demo User(user)');
  assert.ok(body.src.startsWith('/api/v1/terminal/sessions/'), 'same-origin path');
  assert.ok(body.download_url);

  const zipped = await app.inject({ method: 'GET', url: body.src, headers: { ...auditor, 'accept-encoding': 'gzip' } });
  assert.equal(zipped.statusCode, 200);
  assert.equal(zipped.headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(zipped.rawPayload).toString(), CAST);
  const inflated = await app.inject({
    method: 'GET',
    url: body.src,
    headers: { ...auditor, 'accept-encoding': 'identity' },
  });
  assert.equal(inflated.headers['content-encoding'], undefined);
  assert.equal(inflated.body, CAST);
  const session = (
    await app.inject({ method: 'GET', url: `/api/v1/terminal/sessions/${id}/`, headers: auditor })
  ).json();
  assert.equal(session.has_replay, true);
  assert.equal(session.can_replay, true);

  // The same recording again, gzip this time (a retry): taken as already done. Another take never
  // replaces it (2.3 stored whatever came last): a recording is written once.
  assert.equal((await upload(term, id, gzipSync(CAST))).statusCode, 201);
  const second = CAST.replace('hello replay', 'second take');
  const replaced = await upload(term, id, gzipSync(second));
  assert.equal(replaced.statusCode, 409, replaced.body);
  assert.equal((await app.inject({ method: 'GET', url: body.src, headers: auditor })).body, CAST);

  const tar = await app.inject({ method: 'GET', url: body.download_url, headers: auditor });
  assert.equal(tar.statusCode, 200);
  assert.match(tar.headers['content-disposition'] as string, new RegExp(`${id}\\.tar`));
  const entries = untar(tar.rawPayload);
  assert.equal(gunzipSync(entries.get(`${id}.cast.gz`)!).toString(), CAST);
  assert.equal(JSON.parse(entries.get(`${id}.json`)!.toString()).id, id);
});

test('replay refusals: not asciicast, no file, other terminal, plain user, other org', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const eng = orgId(app, 'Engineering');
  const id = await openSession(term, eng);
  const notCast = await upload(term, id, Buffer.from('just some text\n'));
  assert.equal(notCast.statusCode, 400);
  assert.ok(notCast.json().file);
  assert.equal(
    (await upload(term, id, Buffer.from(JSON.stringify({ version: 1 }) + '\n'))).statusCode,
    400,
    'v1 is refused',
  );
  assert.equal((await upload(term, id, Buffer.from(CAST), 'other')).statusCode, 400, 'the field must be file');
  const json = await term.call('POST', `/api/v1/terminal/sessions/${id}/replay/`, { file: 'x' });
  assert.equal(json.statusCode, 400);
  // A body cut off in the middle of the file part (no closing boundary) is the request's fault, not a 500.
  const { payload, headers } = multipart(Buffer.from(CAST));
  const cut = await term.call(
    'POST',
    `/api/v1/terminal/sessions/${id}/replay/`,
    payload.subarray(0, payload.length - 40),
    headers,
  );
  assert.equal(cut.statusCode, 400, cut.body);
  const other = await registerTerminal(app, 'other');
  assert.equal((await upload(other, id, Buffer.from(CAST))).statusCode, 403);
  assert.equal(
    app.bastion.db.prepare('SELECT has_replay FROM terminal_sessions WHERE id = ?').pluck().get(id),
    0,
    'nothing stored',
  );

  assert.equal((await upload(term, id, Buffer.from(CAST))).statusCode, 201);
  const src = `/api/v1/terminal/sessions/${id}/replay/asciicast/`;
  // A plain user reads the sessions they ran (terminal/session-owner.ts), and finds no other user's.
  const user = { ...(await bearer(app, 'user')), 'x-jms-org': eng };
  const colleague = { ...(await bearer(app, 'liwei')), 'x-jms-org': eng };
  for (const url of [
    `/api/v1/terminal/sessions/${id}/replay/`,
    src,
    `/api/v1/terminal/sessions/${id}/replay/download/`,
  ]) {
    assert.equal(
      (await app.inject({ method: 'GET', url, headers: user })).statusCode,
      200,
      `the user who ran it reads ${url}`,
    );
    assert.equal(
      (await app.inject({ method: 'GET', url, headers: colleague })).statusCode,
      404,
      `another user finds nothing at ${url}`,
    );
    assert.equal((await app.inject({ method: 'GET', url })).statusCode, 401);
  }
  const opsAuditor = { ...(await bearer(app, 'mgarcia')), 'x-jms-org': orgId(app, 'Operations') };
  assert.equal(
    (await app.inject({ method: 'GET', url: src, headers: opsAuditor })).statusCode,
    404,
    'another org does not find it',
  );
  assert.equal(
    (await app.inject({ method: 'GET', url: '/api/v1/terminal/sessions/not-a-uuid/replay/', headers: opsAuditor }))
      .statusCode,
    404,
  );
});

test('a refused upload leaves the stored recording byte for byte: too large, not a cast, cut off, broken gzip, not the owner, another take', async (t) => {
  const limit = 4096;
  const app = (await build(t, { bootstrapToken: BOOTSTRAP, maxReplayBytes: limit })) as App;
  const term = await registerTerminal(app);
  const eng = orgId(app, 'Engineering');
  const id = await openSession(term, eng);
  const auditor = { ...(await bearer(app, 'orgauditor')), 'x-jms-org': eng };
  const stored = async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/terminal/sessions/${id}/replay/asciicast/`,
      headers: { ...auditor, 'accept-encoding': 'gzip' },
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.rawPayload;
  };
  assert.equal((await upload(term, id, Buffer.from(CAST))).statusCode, 201);
  const kept = await stored();
  assert.equal(gunzipSync(kept).toString(), CAST);

  // Another take, valid but for its size: past the limit.
  const long = CAST + JSON.stringify([2, 'o', 'x'.repeat(2 * limit)]) + '\n';
  const tooLarge = await upload(term, id, Buffer.from(long));
  assert.equal(tooLarge.statusCode, 400, tooLarge.body);
  assert.deepEqual(tooLarge.json(), { file: [`The file is larger than ${limit} bytes.`] });
  assert.deepEqual(await stored(), kept, 'the recording is the first one, byte for byte');

  const notCast = await upload(term, id, Buffer.from('MZ\x90\x00 a binary, not a recording\n'));
  assert.equal(notCast.statusCode, 400);
  assert.deepEqual(await stored(), kept);

  // A gzip recording cut in the middle: its header line reads fine, the rest is missing.
  const other = CAST.replace('hello replay', 'another take');
  const zipped = gzipSync(other + JSON.stringify([3, 'o', 'y'.repeat(1000)]) + '\n');
  const brokenGzip = await upload(term, id, zipped.subarray(0, zipped.length - 20));
  assert.equal(brokenGzip.statusCode, 400, brokenGzip.body);
  assert.deepEqual(await stored(), kept);

  // A request cut off: in the middle of the file, and after the whole file but before the form's end.
  const { payload, headers } = multipart(Buffer.from(other));
  for (const cut of [payload.length - 40, payload.length - 4]) {
    const response = await term.call(
      'POST',
      `/api/v1/terminal/sessions/${id}/replay/`,
      payload.subarray(0, cut),
      headers,
    );
    assert.equal(response.statusCode, 400, `cut at ${cut}: ${response.body}`);
    assert.deepEqual(await stored(), kept, `cut at ${cut}`);
  }

  // Admins do not upload recordings (only the session's terminal does).
  const admin = { ...(await bearer(app, 'admin')), 'x-jms-org': eng };
  const { payload: adminPayload, headers: adminHeaders } = multipart(Buffer.from(other));
  const byAdmin = await app.inject({
    method: 'POST',
    url: `/api/v1/terminal/sessions/${id}/replay/`,
    payload: adminPayload,
    headers: { ...admin, ...adminHeaders },
  });
  assert.equal(byAdmin.statusCode, 403, byAdmin.body);
  assert.deepEqual(await stored(), kept);

  assert.equal(
    (await upload(term, id, Buffer.from(other))).statusCode,
    409,
    'a whole, valid take does not replace it either',
  );
  assert.deepEqual(await stored(), kept);
  const left = readdirSync(join(dirname(app.bastion.db.name), 'replays'));
  assert.deepEqual(left, [`${id}.cast.gz`], 'no temporary file left behind');
});

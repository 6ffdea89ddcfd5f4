// A user reads the sessions they ran — the session, its recording, its commands — and nobody else's,
// with a cookie, a bearer token or a portal's token (a portal shows its users their own replays).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { bearer } from '../helpers.ts';
import { commandIn, openSession, ownTarget } from '../support/terminal-records.ts';
import { buildTerminalApp, registerTerminal, type App } from '../terminal-helpers.ts';

const CAST = `${JSON.stringify({ version: 2, width: 80, height: 24, timestamp: 1705307400 })}\n[0.5, "o", "own session\\r\\n"]\n`;

async function recorded(app: App, username: string): Promise<string> {
  const term = await registerTerminal(app, `koko-${username}`);
  const id = await openSession(term, '', {}, username);
  const sent = await term.call('POST', '/api/v1/terminal/commands/', [commandIn(id, `whoami # ${username}`)]);
  assert.equal(sent.statusCode, 201, sent.body);
  const upload = await term.call(
    'POST',
    `/api/v1/terminal/sessions/${id}/replay/`,
    Buffer.concat([
      Buffer.from(`--b\r\nContent-Disposition: form-data; name="file"; filename="${id}.cast.gz"\r\n\r\n`),
      gzipSync(CAST),
      Buffer.from('\r\n--b--\r\n'),
    ]),
    { 'content-type': 'multipart/form-data; boundary=b' },
  );
  assert.equal(upload.statusCode, 201, upload.body);
  return id;
}

test("a user reads their own session, its recording and its commands, and no other user's", async (t) => {
  const app = await buildTerminalApp(t);
  const mine = await recorded(app, 'user');
  ownTarget(app, 'someone', '');
  const theirs = await recorded(app, 'someone');
  const headers = await bearer(app, 'user');
  const get = (url: string) => app.inject({ url, headers });

  assert.equal((await get(`/api/v1/terminal/sessions/${mine}/`)).statusCode, 200);
  assert.equal(
    (await get(`/api/v1/terminal/sessions/${mine}/replay/`)).json().src,
    `/api/v1/terminal/sessions/${mine}/replay/asciicast/`,
  );
  assert.match((await get(`/api/v1/terminal/sessions/${mine}/replay/asciicast/`)).body, /own session/);
  const commands = (await get(`/api/v1/terminal/commands/?session_id=${mine}&limit=10&offset=0`)).json();
  assert.deepEqual(
    commands.results.map((row: { input: string }) => row.input),
    ['whoami # user'],
  );
  // The list holds theirs only.
  const listed = (await get('/api/v1/terminal/sessions/?limit=50&offset=0'))
    .json()
    .results.map((row: { id: string }) => row.id);
  assert.deepEqual(listed, [mine]);

  // Another user's: as if it did not exist.
  for (const url of [
    `/api/v1/terminal/sessions/${theirs}/`,
    `/api/v1/terminal/sessions/${theirs}/replay/`,
    `/api/v1/terminal/sessions/${theirs}/replay/asciicast/`,
    `/api/v1/terminal/sessions/${theirs}/replay/download/`,
  ]) {
    assert.equal((await get(url)).statusCode, 404, url);
  }
  assert.equal((await get(`/api/v1/terminal/commands/?session_id=${theirs}&limit=10&offset=0`)).json().count, 0);
  assert.equal((await get('/api/v1/terminal/commands/?limit=10&offset=0')).json().count, 0);
  // Reading is all: no write of any kind.
  assert.equal(
    (
      await app.inject({
        method: 'PATCH',
        url: `/api/v1/terminal/sessions/${mine}/`,
        headers,
        payload: { is_finished: true },
      })
    ).statusCode,
    403,
  );

  // An auditor still reads everyone's.
  const auditor = await bearer(app, 'sysauditor');
  assert.equal((await app.inject({ url: `/api/v1/terminal/sessions/${theirs}/`, headers: auditor })).statusCode, 200);
});

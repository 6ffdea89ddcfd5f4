// Malformed multipart bodies on the replay upload: each one is the request's fault (4xx, never a 5xx),
// and none of them touches the stored recording or leaves a temporary file.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { signFor } from '../../../demo/shared/access-key-signature.ts';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { bearer, orgId } from '../helpers.ts';
import { buildTerminalApp, registerTerminal } from '../terminal-helpers.ts';
import { openSession } from '../support/terminal-records.ts';

const CAST = `${JSON.stringify({ version: 2, width: 80, height: 24 })}\n${JSON.stringify([0.1, 'o', '$ '])}\n`;
const B = 'replay-test-boundary';
const part = (name: string, body: string, filename = 'r.cast') =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${body}\r\n`;
const WHOLE = `${part('file', CAST)}--${B}--\r\n`;
const TWO_PARTS = `--${B}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n${part('file', CAST)}--${B}--\r\n`;
const withBoundary = (boundary: string) => ({ 'content-type': `multipart/form-data; boundary=${boundary}` });
const OK = withBoundary(B);

const BODIES: [name: string, body: string | Buffer, headers: Record<string, string>][] = [
  ['no boundary', WHOLE, { 'content-type': 'multipart/form-data' }],
  ['an empty boundary', WHOLE, withBoundary('')],
  ['a boundary of 71 characters', WHOLE.split(B).join('b'.repeat(71)), withBoundary('b'.repeat(71))],
  ['a boundary of 300 characters', WHOLE.split(B).join('b'.repeat(300)), withBoundary('b'.repeat(300))],
  ["another boundary than the body's", WHOLE, withBoundary('not-the-one')],
  ['no Content-Type', WHOLE, {}],
  ['text/plain', WHOLE, { 'content-type': 'text/plain' }],
  ['an empty body', '', OK],
  ['only the closing boundary', `--${B}--\r\n`, OK],
  ['line feeds without carriage returns', WHOLE.replace(/\r\n/g, '\n'), OK],
  [
    'a 200 KB part header',
    `--${B}\r\nX-Big: ${'a'.repeat(200_000)}\r\n${part('file', CAST).slice(B.length + 4)}--${B}--\r\n`,
    OK,
  ],
  [
    '3000 part headers',
    `--${B}\r\n${Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`).join('\r\n')}\r\n${part('file', CAST).slice(B.length + 4)}--${B}--\r\n`,
    OK,
  ],
  ['a part without Content-Disposition', `--${B}\r\nContent-Type: text/plain\r\n\r\n${CAST}\r\n--${B}--\r\n`, OK],
  [
    'the recording as a field, not a file',
    `--${B}\r\nContent-Disposition: form-data; name="file"\r\n\r\n${CAST}\r\n--${B}--\r\n`,
    OK,
  ],
  ['a part header never ended', `--${B}\r\nContent-Disposition: form-data; name="file"; filename="r"`, OK],
  ['30 files', `${Array.from({ length: 30 }, (_, i) => part(`f${i}`, 'x')).join('')}--${B}--\r\n`, OK],
  [
    'invalid UTF-8 in a file name',
    Buffer.concat([
      Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="`),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`"\r\n\r\nnot a cast\r\n--${B}--\r\n`),
    ]),
    OK,
  ],
  [
    'a gzip header then garbage',
    Buffer.concat([
      Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="r"\r\n\r\n`),
      Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3]),
      Buffer.from(`\r\n--${B}--\r\n`),
    ]),
    OK,
  ],
  // Cut at every 5th byte: inside the boundary, the headers, the field, the file, the closing boundary.
  ...Array.from({ length: Math.ceil(TWO_PARTS.length / 5) }, (_, i): [string, string, Record<string, string>] => [
    `cut at byte ${i * 5}`,
    TWO_PARTS.slice(0, i * 5),
    OK,
  ]),
];

test('malformed multipart bodies answer 4xx and leave the stored recording as it was', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const eng = orgId(app, 'Engineering');
  const id = await openSession(term, eng);
  const url = `/api/v1/terminal/sessions/${id}/replay/`;
  assert.equal((await term.call('POST', url, WHOLE, OK)).statusCode, 201);
  const auditor = { ...(await bearer(app, 'orgauditor')), 'x-jms-org': eng };
  const stored = async () => (await app.inject({ method: 'GET', url: `${url}asciicast/`, headers: auditor })).body;
  assert.equal(await stored(), CAST);

  // Against the session with its recording, and against one without any: neither takes a broken body.
  const bare = await openSession(term, eng);
  const wrong: string[] = [];
  for (const [name, body, headers] of BODIES) {
    for (const session of [id, bare]) {
      const response = await term.call('POST', `/api/v1/terminal/sessions/${session}/replay/`, body, headers);
      if (response.statusCode < 400 || response.statusCode >= 500)
        wrong.push(`${name}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
  }
  assert.deepEqual(wrong, []);
  assert.equal(app.bastion.db.prepare('SELECT has_replay FROM terminal_sessions WHERE id = ?').pluck().get(bare), 0);
  assert.equal(await stored(), CAST, 'the recording is the one stored first');
  assert.deepEqual(
    readdirSync(join(dirname(app.bastion.db.name), 'replays')),
    [`${id}.cast.gz`],
    'no temporary file left behind',
  );
  const noBoundary = await term.call('POST', url, WHOLE, { 'content-type': 'multipart/form-data' });
  assert.deepEqual(noBoundary.json(), {
    file: ['The multipart body has no valid boundary (1 to 70 characters, RFC 2046).'],
  });
});

test('over a real connection, a file part without its closing boundary answers 400 with the reason, and stores nothing', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const id = await openSession(term, orgId(app, 'Engineering'));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const head = part('file', CAST).slice(0, -2);
  // Through inject the body ends as a whole; over a socket busboy's part stream errors on its own
  // ("Part terminated early"), which answered 500 before.
  const cases: [string, string | Buffer][] = [
    ['the file, then nothing', head],
    ['the file and its line break, then nothing', `${head}\r\n`],
    ['a gzip file, then nothing', Buffer.concat([Buffer.from(head.slice(0, -CAST.length)), gzipSync(CAST)])],
    ['the delimiter without its closing dashes', `${head}\r\n--${B}`],
  ];
  for (const [name, body] of cases) {
    for (const framing of ['content-length', 'chunked'] as const) {
      const date = new Date(app.clock.now()).toUTCString();
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const sent = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `/api/v1/terminal/sessions/${id}/replay/`,
            headers: {
              authorization: `Sign ${term.key.id}:${signFor(term.key.secret, date)}`,
              date,
              'x-jms-org': 'ROOT',
              ...OK,
              ...(framing === 'chunked'
                ? { 'transfer-encoding': 'chunked' }
                : { 'content-length': String(Buffer.byteLength(body)) }),
            },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk) => {
              text += chunk;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
          },
        );
        sent.on('error', reject);
        sent.end(body);
      });
      assert.equal(answer.status, 400, `${name} (${framing}): ${answer.body}`);
      assert.match(JSON.parse(answer.body).file[0], /closing boundary|malformed or cut off/, name);
    }
  }
  assert.equal(app.bastion.db.prepare('SELECT has_replay FROM terminal_sessions WHERE id = ?').pluck().get(id), 0);
  assert.deepEqual(
    readdirSync(join(dirname(app.bastion.db.name), 'replays')),
    [],
    'nothing stored, no temporary file left behind',
  );
});

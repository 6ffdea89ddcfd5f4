// Task logs are shown by a terminal: control sequences that come from data (a hostname, a command's
// output, a remote error) are stored as visible text; only the runner's own colours stay live.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inert, logLine } from '../../../demo/server/tasks/log-text.ts';
import { bearer, build } from '../helpers.ts';
import { freePort } from '../support/sshd.ts';
import { followLog, insertAdminUser, insertAsset } from '../support/task-fixtures.ts';

test('control, C1 and bidi characters become visible text; tabs and plain text stay', () => {
  assert.equal(inert('a\x1b[2Jb'), 'a^[[2Jb');
  assert.equal(inert('\x00\x07\x08\x7f'), '^@^G^H^?');
  assert.equal(inert('x\x9b31m'), 'x<U+009B>31m');
  assert.equal(inert('evil\u202egpj.exe'), 'evil<U+202E>gpj.exe');
  assert.equal(inert('col1\tcol2 中文'), 'col1\tcol2 中文');
  assert.equal(logLine('web-01: Authenticated', 'ok'), '\x1b[32mweb-01: Authenticated\x1b[0m');
  assert.equal(logLine('\x1b[2J', 'fail'), '\x1b[31m^[[2J\x1b[0m');
});

test('a hostname carrying escape sequences cannot clear or recolour the log; the runner still colours it', async (t) => {
  const app = await build(t, { sshTimeoutMs: 3000 });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' }; // the log is written in the starter's language
  // Written straight to the table, as data from an older version or another writer could be.
  const hostname = 'evil\x1b[2J\x1b[H\x1b[32mok\r';
  const asset = insertAsset(app, {
    port: await freePort(),
    hostname,
    adminUser: insertAdminUser(app, { username: 'root\x1b]0;owned\x07', password: 'x' }),
  });
  const { task } = (
    await app.inject({
      method: 'POST',
      url: `/api/v1/assets/assets/${asset}/tasks/`,
      headers,
      payload: { action: 'test' },
    })
  ).json();
  const log = (await followLog(app, headers, task, undefined, true)).join('');
  assert.match(log, /evil\^\[\[2J\^\[\[H\^\[\[32mok\^M: Connecting to 127\.0\.0\.1:\d+ as root\^\[\]0;owned\^G\r\n/);
  const escapes = [...log.matchAll(/\x1b(.{0,4})/gs)].map((match) => match[1].replace(/m.*/s, 'm'));
  assert.ok(escapes.length >= 2, 'the runner coloured its outcome lines');
  assert.deepEqual(
    [...new Set(escapes)].sort(),
    ['[0m', '[31m'],
    `only the runner's colours are live: ${JSON.stringify(escapes)}`,
  );
  assert.match(log, /\x1b\[31mevil\^\[\[2J.*: Unreachable: Connection refused\x1b\[0m\r\n/);
});

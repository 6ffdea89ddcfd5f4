// The private MariaDB the database-app tests use (test/server/support/mariadb.ts): it starts quickly on a
// loopback port, its accounts are real (a wrong password and a missing grant are refused by the server
// itself), and stop() leaves no process and no files; a server that cannot start says why from its log.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { freshDatadir, startMariaDbServer } from '../../../scripts/lib/mariadb.mjs';
import { connectAs, startMariaDb } from '../support/mariadb.ts';

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('a private MariaDB serves real accounts over TCP on loopback, and stop leaves nothing behind', async (t) => {
  const started = Date.now();
  const server = await startMariaDb();
  t.diagnostic(`datadir ready and mariadbd answering: ${Date.now() - started} ms`);
  const pid = Number(readFileSync(server.pidFile, 'utf8').trim());
  let stopped = false;
  t.after(async () => {
    if (!stopped) await server.stop();
  });
  assert.equal(server.host, '127.0.0.1');
  assert.ok(running(pid), 'mariadbd runs');

  await server.sql(
    "CREATE DATABASE demo; CREATE TABLE demo.t (id INT PRIMARY KEY, name VARCHAR(40)); INSERT INTO demo.t VALUES (1, 'first'), (2, 'second');",
  );
  await server.createAccount('app_user', "S3cret'pass\\word");
  await server.createAccount('reader', 'reader-pass', 'SELECT ON demo.*');
  const accounts = await server.sql(
    "SELECT CONCAT(user, '@', host) FROM mysql.user WHERE user IN ('app_user', 'reader') ORDER BY 1",
  );
  assert.deepEqual(accounts.trim().split('\n').slice(1), [
    'app_user@127.0.0.1',
    'app_user@localhost',
    'reader@127.0.0.1',
    'reader@localhost',
  ]);

  const session = await connectAs(server, 'app_user', "S3cret'pass\\word", 'select 1; show databases;');
  assert.equal(session.code, 0, session.stderr);
  const [one, ...databases] = session.stdout.trim().split('\n');
  assert.equal(one, '1');
  assert.deepEqual(databases.slice(0, 2), ['1', 'Database'], session.stdout);
  assert.ok(databases.includes('demo'), session.stdout);
  const who = await connectAs(
    server,
    'app_user',
    "S3cret'pass\\word",
    'select current_user(); select count(*) from demo.t;',
  );
  assert.deepEqual(who.stdout.trim().split('\n'), ['current_user()', 'app_user@127.0.0.1', 'count(*)', '2']);

  const wrong = await connectAs(server, 'app_user', 'not-the-password', 'select 1;');
  assert.notEqual(wrong.code, 0);
  assert.match(wrong.stderr, /ERROR 1045 .*Access denied for user 'app_user'@'127\.0\.0\.1'/);
  const nobody = await connectAs(server, 'nobody', '', 'select 1;');
  assert.match(nobody.stderr, /ERROR 1045/);

  // The grant, not the client, decides: a SELECT-only account reads and is refused a DROP.
  const reads = await connectAs(server, 'reader', 'reader-pass', 'select name from demo.t order by id;');
  assert.deepEqual(reads.stdout.trim().split('\n'), ['name', 'first', 'second']);
  const drop = await connectAs(server, 'reader', 'reader-pass', 'drop table demo.t;');
  assert.notEqual(drop.code, 0);
  assert.match(drop.stderr, /ERROR 1142 .*DROP command denied to user 'reader'@'127\.0\.0\.1' for table `demo`\.`t`/);
  assert.match(await server.sql('select count(*) from demo.t'), /\n2\n$/);

  // createAccount again: the new password and grants replace the old ones.
  await server.createAccount('reader', 'new-reader-pass', 'SELECT ON mysql.*');
  assert.match((await connectAs(server, 'reader', 'reader-pass', 'select 1;')).stderr, /ERROR 1045/);
  assert.match(
    (await connectAs(server, 'reader', 'new-reader-pass', 'select count(*) from demo.t;')).stderr,
    /ERROR 1142 .*SELECT command denied/,
  );

  const folder = dirname(server.socket);
  stopped = true;
  await server.stop();
  assert.equal(running(pid), false, 'mariadbd has exited');
  assert.equal(existsSync(folder), false, 'its folder is removed');
  const after = await connectAs(server, 'app_user', "S3cret'pass\\word", 'select 1;');
  assert.match(after.stderr, /ERROR 2002|ERROR 2003/, 'nothing answers on its port');
});

test('a MariaDB that cannot start reports the tail of its error log, and leaves no process', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-mariadb-fail-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  await freshDatadir(join(dir, 'data'));
  // The port is taken: mariadbd logs that it cannot bind and exits.
  const blocker = createServer();
  await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
  t.after(() => blocker.close());
  const port = (blocker.address() as { port: number }).port;
  const pidFile = join(dir, 'mysqld.pid');
  const outcome = await startMariaDbServer({
    datadir: join(dir, 'data'),
    socket: join(dir, 'mysqld.sock'),
    pidFile,
    errorLog: join(dir, 'error.log'),
    port,
  }).then(
    async (server) => {
      await server.stop();
      return null;
    },
    (error: Error) => error,
  );
  assert.ok(outcome, 'it must not count the other listener on its port as itself');
  assert.match(outcome.message, new RegExp(`mariadbd did not start on 127\\.0\\.0\\.1:${port}: exit \\d+`));
  assert.match(outcome.message, /error\.log ends:\n[^]*Address already in use/);
  assert.equal(existsSync(pidFile) && running(Number(readFileSync(pidFile, 'utf8').trim())), false, 'no mariadbd left');
});

test('a new datadir is a copy of a kept pristine one, which is built again when damaged', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-mariadb-copy-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // A kept copy of this test's own: the shared one may be in use by other test processes.
  const template = join(dir, 'template');
  await freshDatadir(join(dir, 'first'), template);
  const builtAt = statSync(template).mtimeMs;
  let started = Date.now();
  await freshDatadir(join(dir, 'second'), template);
  t.diagnostic(`datadir copied in ${Date.now() - started} ms`);
  assert.equal(statSync(template).mtimeMs, builtAt, 'copied, not built again');
  assert.equal(statSync(join(dir, 'second', 'ibdata1')).size, statSync(join(template, 'ibdata1')).size);
  assert.equal(existsSync(join(dir, 'second', '.bastion-template.json')), false, 'the list stays with the kept one');

  // A file of the kept one cut short (as a cleaner of old temporary files might leave it): built again.
  truncateSync(join(template, 'mysql', 'db.MAD'), 0);
  started = Date.now();
  await freshDatadir(join(dir, 'third'), template);
  t.diagnostic(`damaged: built again in ${Date.now() - started} ms`);
  assert.notEqual(statSync(join(template, 'mysql', 'db.MAD')).size, 0);
  assert.notEqual(statSync(join(dir, 'third', 'mysql', 'db.MAD')).size, 0);
});

// `npm start`'s demo MariaDB (scripts/lib/demo-mariadb.mjs), the server behind the seeded database app
// orders-mysql: its `orders` database is built once and kept across starts, the `readonly` account has
// the password the seed gives system user mysql-readonly and may only read (MariaDB's grant refuses a
// DROP), and `dba` may change things. Run on the seeded app's address with a free port and a temporary
// data folder.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { demoPassword } from '../../../demo/server/seed/demo-password.mjs';
import { openColumns } from '../../../demo/server/core/secrets/sealed-columns.ts';
import {
  DBA_USER,
  DEMO_DBA_PASSWORD,
  DEMO_MARIADB_HOST,
  DEMO_MARIADB_PORT,
  READONLY_USER,
  demoMariaDbAddress,
  startDemoMariaDb,
} from '../../../scripts/lib/demo-mariadb.mjs';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../demo/server/app.ts';
import { build } from '../helpers.ts';
import { connectAs } from '../support/mariadb.ts';

const rows = (stdout: string) => stdout.trim().split('\n').slice(1);

test("the demo MariaDB serves the orders database to the seeded system users' accounts, and keeps it across starts", async (t) => {
  const app = await build(t, { demoPassword: demoPassword(process.env) });
  const seeded = app.bastion.db
    .prepare("SELECT * FROM system_users WHERE name = 'mysql-readonly' AND org_id = ''")
    .get() as Record<string, unknown>;
  const { username, password, login_mode } = openColumns(app.bastion.db, 'system_users', seeded) as {
    username: string;
    password: string;
    login_mode: string;
  };
  assert.deepEqual([username, login_mode], [READONLY_USER, 'auto']);
  const ordersApp = app.bastion.db
    .prepare("SELECT host, port, database FROM database_apps WHERE name = 'orders-mysql' AND org_id = ''")
    .get();
  assert.deepEqual(ordersApp, { host: DEMO_MARIADB_HOST, port: DEMO_MARIADB_PORT, database: 'orders' });

  const dir = mkdtempSync(join(tmpdir(), 'bastion-demo-mariadb-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  const started = Date.now();
  let server = await startDemoMariaDb({ dir: join(dir, 'mariadb'), host: DEMO_MARIADB_HOST, port });
  t.diagnostic(`first start (datadir built and filled): ${Date.now() - started} ms`);
  t.after(() => server.stop());
  assert.equal(server.created, true);
  assert.equal(server.host, DEMO_MARIADB_HOST);

  // readonly, with the seeded system user's password, over TCP to the app's address: reads, may not drop.
  const count = await connectAs(server, username, password, 'select count(*) from orders.customers;');
  assert.equal(count.code, 0, count.stderr);
  assert.deepEqual(rows(count.stdout), ['8']);
  const joined = await connectAs(
    server,
    username,
    password,
    'select o.id, c.name, sum(i.quantity * i.unit_price) = o.total from orders o join customers c on c.id = o.customer_id join order_items i on i.order_id = o.id group by o.id order by o.id limit 2;',
    'orders',
  );
  assert.deepEqual(rows(joined.stdout), ['1001\tAnna Schmidt\t1', '1002\tLucas Martin\t1']);
  const drop = await connectAs(server, username, password, 'drop table orders.customers;');
  assert.notEqual(drop.code, 0);
  assert.match(
    drop.stderr,
    /ERROR 1142 .*DROP command denied to user 'readonly'@'127\.0\.0\.1' for table `orders`\.`customers`/,
  );
  const write = await connectAs(
    server,
    username,
    password,
    "update orders.orders set status = 'refunded' where id = 1009;",
  );
  assert.match(write.stderr, /ERROR 1142 .*UPDATE command denied/);
  assert.match((await connectAs(server, username, 'wrong', 'select 1;')).stderr, /ERROR 1045/);
  assert.match(
    (await connectAs(server, username, password, 'select count(*) from mysql.user;')).stderr,
    /ERROR 1142 .*SELECT command denied/,
  );

  // dba (a manual-login system user: the documented password is typed) may change the data.
  const dba = await connectAs(
    server,
    DBA_USER,
    DEMO_DBA_PASSWORD,
    "update orders.orders set status = 'shipped', shipped_at = '2026-11-27 08:00:00' where id = 1009; select status from orders.orders where id = 1009;",
  );
  assert.equal(dba.code, 0, dba.stderr);
  assert.deepEqual(rows(dba.stdout), ['shipped']);

  // Stopped and started again on the same folder: the data is kept, the accounts are set to the given passwords.
  const pid = Number(readFileSync(server.pidFile, 'utf8').trim());
  await server.stop();
  assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' });
  assert.ok(existsSync(join(dir, 'mariadb', 'data', 'orders')), 'the datadir is kept');
  server = await startDemoMariaDb({
    dir: join(dir, 'mariadb'),
    host: DEMO_MARIADB_HOST,
    port,
    readonlyPassword: 'rotated-pass',
  });
  assert.equal(server.created, false);
  const again = await connectAs(
    server,
    READONLY_USER,
    'rotated-pass',
    'select status from orders.orders where id = 1009;',
  );
  assert.deepEqual(rows(again.stdout), ['shipped']);
  assert.match((await connectAs(server, READONLY_USER, password, 'select 1;')).stderr, /ERROR 1045/);
});

test("the demo MariaDB's address comes from MARIADB_DEMO_HOST / MARIADB_DEMO_PORT, off leaves it out", () => {
  assert.deepEqual(demoMariaDbAddress({}), { host: '127.10.3.21', port: 3306 });
  assert.deepEqual(demoMariaDbAddress({ MARIADB_DEMO_HOST: '127.0.0.1', MARIADB_DEMO_PORT: '13306' }), {
    host: '127.0.0.1',
    port: 13306,
  });
  assert.equal(demoMariaDbAddress({ MARIADB_DEMO_PORT: 'off' }), null);
  assert.throws(() => demoMariaDbAddress({ MARIADB_DEMO_PORT: '70000' }), /MARIADB_DEMO_PORT must be a port/);
});

test('the seeded orders-mysql app points wherever MARIADB_DEMO_HOST / MARIADB_DEMO_PORT put the demo MariaDB, while nobody edited it', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-demo-app-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const dbFile = join(dir, 'bastion.sqlite3');
  const orders = (app: FastifyInstance) =>
    app.bastion.db.prepare("SELECT host, port FROM database_apps WHERE name = 'orders-mysql' AND org_id = ''").get();
  const start = (env: Record<string, string>) => buildApp({ dbFile, demoMariaDb: demoMariaDbAddress(env) });

  // A new database, the launcher's MariaDB on another port: the seeded app points there (it pointed at 3306).
  let app = await start({ MARIADB_DEMO_PORT: '13306' });
  assert.deepEqual(orders(app), { host: DEMO_MARIADB_HOST, port: 13306 });
  await app.close();
  // The same database started again with the server moved: the app follows.
  app = await start({ MARIADB_DEMO_HOST: '127.0.0.1', MARIADB_DEMO_PORT: '23306' });
  assert.deepEqual(orders(app), { host: '127.0.0.1', port: 23306 });
  // Off, or the defaults: the stored address stays (off) or comes back to the default.
  await app.close();
  app = await start({ MARIADB_DEMO_PORT: 'off' });
  assert.deepEqual(orders(app), { host: '127.0.0.1', port: 23306 });
  await app.close();
  app = await start({});
  assert.deepEqual(orders(app), { host: DEMO_MARIADB_HOST, port: DEMO_MARIADB_PORT });
  // An admin edits the app: it is theirs, and stays where they put it.
  const token = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/authentication/auth/',
      payload: { username: 'admin', password: 'bastion' },
    })
  ).json().token;
  const id = app.bastion.db
    .prepare("SELECT id FROM database_apps WHERE name = 'orders-mysql' AND org_id = ''")
    .pluck()
    .get();
  const edited = await app.inject({
    method: 'PATCH',
    url: `/api/v1/applications/database-apps/${id}/`,
    headers: { authorization: `Bearer ${token}` },
    payload: { port: 3310 },
  });
  assert.equal(edited.statusCode, 200, edited.body);
  await app.close();
  app = await start({ MARIADB_DEMO_PORT: '13306' });
  assert.deepEqual(orders(app), { host: DEMO_MARIADB_HOST, port: 3310 });
  await app.close();
});

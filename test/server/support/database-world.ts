// A database app for the terminal-door suites: a private MariaDB (scripts/lib/mariadb.mjs) with database
// `shop` (table `t`: three rows) and a real account, the app pointing at it, a mysql system user with that
// account's credentials (auto login) and a deny rule on `drop`, granted to the world's user; and an app
// of the same server that is not granted.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { uuid } from '../../../demo/server/core/lib/ids.ts';
import { isoAt } from '../../../demo/server/core/lib/time.ts';
import { startMariaDb, type MariaDb } from '../../../scripts/lib/mariadb.mjs';
import { bearer } from '../helpers.ts';
import { eventually, type TerminalWorld } from './terminal-world.ts';

export const DB_USER = 'td_reader';
export const DB_PASSWORD = 'Td-reader-pass-1';

export interface DatabaseWorld {
  maria: MariaDb;
  appId: string;
  otherApp: string;
  systemUser: string;
  /** POST connection-token/ as the world's user. */
  ticket(body: Record<string, unknown>): Promise<{ statusCode: number; json(): any; body: string }>;
  /** Rows of shop.t, as the admin counts them over the socket. */
  rows(): Promise<number>;
  /** The statements recorded for a session, once there are at least `count`. */
  commandsOf(session: string, count: number): Promise<any[]>;
}

export async function databaseWorld(t: TestContext, world: TerminalWorld): Promise<DatabaseWorld> {
  const maria = await startMariaDb();
  t.after(() => maria.stop());
  await maria.sql(
    "CREATE DATABASE shop; CREATE TABLE shop.t (id INT PRIMARY KEY, name VARCHAR(20)); INSERT INTO shop.t VALUES (1, 'alpha'), (2, 'beta'), (3, 'gamma');",
  );
  await maria.createAccount(DB_USER, DB_PASSWORD, 'ALL PRIVILEGES ON shop.*');

  const created = async (url: string, body: unknown) => {
    const answer = await world.admin('POST', url, body);
    assert.equal(answer.status, 201, answer.body);
    return answer.json.id as string;
  };
  const appId = await created('/api/v1/applications/database-apps/', {
    name: 'td-shop',
    type: 'mysql',
    host: '127.0.0.1',
    port: maria.port,
    database: 'shop',
  });
  const otherApp = await created('/api/v1/applications/database-apps/', {
    name: 'td-other',
    type: 'mysql',
    host: '127.0.0.1',
    port: maria.port,
    database: 'mysql',
  });
  const systemUser = await created('/api/v1/assets/system-users/', {
    name: 'td-mysql',
    username: DB_USER,
    password: DB_PASSWORD,
    protocol: 'mysql',
    login_mode: 'auto',
  });
  const db = world.app.bastion.db;
  const stamp = isoAt(Date.now());
  const filter = uuid();
  db.prepare('INSERT INTO cmd_filters (id, name, date_created, date_updated) VALUES (?, ?, ?, ?)').run(
    filter,
    'td-sql-filter',
    stamp,
    stamp,
  );
  db.prepare('INSERT INTO system_user_cmd_filters (system_user_id, filter_id) VALUES (?, ?)').run(systemUser, filter);
  db.prepare(
    `INSERT INTO cmd_filter_rules (id, filter_id, type, content, priority, action, date_created, date_updated)
    VALUES (?, ?, 'command', 'drop', 50, 0, ?, ?)`,
  ).run(uuid(), filter, stamp, stamp);
  await created('/api/v1/perms/database-app-permissions/', {
    name: 'td-shop-grant',
    users: [world.user.id],
    database_apps: [appId],
    system_users: [systemUser],
  });

  const asUser = await bearer(world.app, world.user.username);
  return {
    maria,
    appId,
    otherApp,
    systemUser,
    ticket: (body) =>
      world.app.inject({ method: 'POST', url: '/api/v1/users/connection-token/', headers: asUser, payload: body }),
    rows: async () => Number((await maria.sql('SELECT COUNT(*) FROM shop.t')).trim().split('\n').pop()),
    commandsOf: (session, count) =>
      eventually(
        async () => {
          const answer = await world.admin('GET', `/api/v1/terminal/commands/?session_id=${session}&limit=100`);
          const rows = Array.isArray(answer.json) ? answer.json : answer.json.results;
          return rows.length >= count ? rows : null;
        },
        10_000,
        'the statements',
      ),
  };
}

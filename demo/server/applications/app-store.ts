// The app tables' writes beyond the engine's create and update of an app: contract fixtures of each kind
// (remote_apps, database_apps, k8s_apps), and the demo MariaDB app that follows where `npm start`'s MariaDB
// listens while nobody has edited it.
import type { DB } from '../core/db/open.ts';

/** A database app on a loopback fixture address, in the org whose stored id is `orgId`. */
export function insertFixtureDatabaseApp(db: DB, app: { id: string; name: string; orgId: string; at: string }): void {
  db.prepare(
    "INSERT INTO database_apps (id, name, host, port, database, org_id, date_created, date_updated) VALUES (?, ?, '127.50.0.33', 3306, 'app', ?, ?, ?)",
  ).run(app.id, app.name, app.orgId, app.at, app.at);
}

/** A Chrome remote app on the Windows host asset `app.asset`, in the org whose stored id is `orgId`. */
export function insertFixtureRemoteApp(
  db: DB,
  app: { id: string; name: string; asset: string; orgId: string; at: string },
): void {
  db.prepare(
    "INSERT INTO remote_apps (id, name, asset, type, path, params, org_id, date_created) VALUES (?, ?, ?, 'chrome', 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe', '{}', ?, ?)",
  ).run(app.id, app.name, app.asset, app.orgId, app.at);
}

/** A Kubernetes app on a loopback fixture cluster, in the org whose stored id is `orgId`. */
export function insertFixtureK8sApp(db: DB, app: { id: string; name: string; orgId: string; at: string }): void {
  db.prepare(
    "INSERT INTO k8s_apps (id, name, cluster, org_id, date_created, date_updated) VALUES (?, ?, 'https://127.50.0.34:6443', ?, ?, ?)",
  ).run(app.id, app.name, app.orgId, app.at, app.at);
}

/**
 * Points the seeded app `name` at `host:port` unless someone edited it since it was made (date_updated equals
 * date_created) or it is there already; answers how many rows changed.
 */
export function followSeededDatabaseApp(db: DB, name: string, host: string, port: number): number {
  return db
    .prepare(
      `UPDATE database_apps SET host = ?, port = ?
    WHERE name = ? AND created_by = 'System' AND date_updated = date_created AND (host != ? OR port != ?)`,
    )
    .run(host, port, name, host, port).changes;
}

// Reads for the terminal's records (terminal/): a database app's name, and its org.

export function databaseAppName(db: DB, appId: string): string | undefined {
  return db.prepare('SELECT name FROM database_apps WHERE id = ?').pluck().get(appId) as string | undefined;
}

export function databaseAppNameAndOrg(db: DB, appId: string): { name: string; org_id: string } | undefined {
  return db.prepare('SELECT name, org_id FROM database_apps WHERE id = ?').get(appId) as
    { name: string; org_id: string } | undefined;
}

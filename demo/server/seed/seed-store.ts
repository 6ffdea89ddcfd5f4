// The seed's own statements: it finds the rows it made by their names (an asset by hostname, the others by name
// within an org) to link them.
// The seed's resource rows are written through their definitions (engine/write.ts insertDefinedRow) or through
// the tables' stores, so they are stored as rows the API creates.
import type { DB } from '../core/db/open.ts';
import { userIdsByUsername } from '../users/user-store.ts';

/** Nothing has been seeded into this database yet (a fresh one has no user at all). */
export function hasNoUsers(db: DB): boolean {
  return (db.prepare('SELECT COUNT(*) FROM users').pluck().get() as number) === 0;
}

/** The orgs by name (DEFAULT, '' here, is not a row). */
export function orgsByName(db: DB): Map<string, string> {
  const orgs = db.prepare('SELECT name, id FROM orgs').all() as { name: string; id: string }[];
  return new Map(orgs.map((org) => [org.name, org.id]));
}

/** A user's id by username (the seed's data names users so). */
export const userIdOf = (db: DB, username: string): string | undefined => userIdsByUsername(db, username)[0];

// The seed's data names rows by their natural key within an org: one statement per table it looks up.
const ID_BY_NAME_IN_ORG = {
  assets: 'SELECT id FROM assets WHERE hostname = ? AND org_id = ?',
  system_users: 'SELECT id FROM system_users WHERE name = ? AND org_id = ?',
  user_groups: 'SELECT id FROM user_groups WHERE name = ? AND org_id = ?',
  nodes: 'SELECT id FROM nodes WHERE value = ? AND org_id = ?',
  remote_apps: 'SELECT id FROM remote_apps WHERE name = ? AND org_id = ?',
  database_apps: 'SELECT id FROM database_apps WHERE name = ? AND org_id = ?',
  k8s_apps: 'SELECT id FROM k8s_apps WHERE name = ? AND org_id = ?',
} as const;

export type NamedTable = keyof typeof ID_BY_NAME_IN_ORG;

export const isNamedTable = (table: string): table is NamedTable => table in ID_BY_NAME_IN_ORG;

/** The id of the row of `table` the seed calls `name` in `orgId` (hostname for assets, value for nodes). */
export function idNamedInOrg(db: DB, table: NamedTable, name: string, orgId: string): string | undefined {
  return db.prepare(ID_BY_NAME_IN_ORG[table]).pluck().get(name, orgId) as string | undefined;
}

/** The first `n` SSH assets of an org by hostname, labelled "hostname(ip)" as 2.3's execution hosts are. */
export function sshAssetsOf(db: DB, orgId: string, n: number): { id: string; label: string }[] {
  return db
    .prepare(
      `SELECT a.id, a.hostname || '(' || a.ip || ')' AS label FROM assets a
    WHERE a.org_id = ? AND a.protocols LIKE '%ssh%' ORDER BY a.hostname LIMIT ?`,
    )
    .all(orgId, n) as { id: string; label: string }[];
}

/** Every asset whose platform is not Windows, by org then hostname: the hosts accounts are gathered from. */
export function nonWindowsAssets(db: DB): { id: string; org_id: string }[] {
  return db
    .prepare(
      `SELECT a.id, a.org_id FROM assets a JOIN platforms p ON p.name = a.platform
    WHERE p.base != 'Windows' ORDER BY a.org_id, a.hostname`,
    )
    .all() as { id: string; org_id: string }[];
}

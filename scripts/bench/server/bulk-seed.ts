// Fills a scratch database with many users, or many assets in a node tree, for `npm run bench` (one
// transaction, prepared statements). Call it on a database built by buildApp, then time app.inject calls.
import { orgRoot } from '../../../demo/server/assets/node-tree.ts';
import type { DB } from '../../../demo/server/core/db/open.ts';
import { hashPasswordNow } from '../../../demo/server/core/lib/passwords.ts';
import { defaultExpiry, isoAt } from '../../../demo/server/core/lib/time.ts';

const FIRST = [
  'Alice',
  'Bruno',
  'Chen',
  'Divya',
  'Emil',
  'Fatima',
  'Goran',
  'Hana',
  'Ivan',
  'Jun',
  'Kofi',
  'Lena',
  'Mateo',
  'Nadia',
  'Omar',
  'Priya',
];
const LAST = ['Smith', 'Wang', 'Garcia', 'Kumar', 'Müller', 'Rossi', 'Silva', 'Kim', 'Novak', 'Okafor', 'Li', 'Haddad'];
const SOURCES = ['local', 'local', 'local', 'ldap', 'openid', 'radius', 'cas'];

/** Inserts `count` users named `bench<N>` (N from 1); returns how many rows were added. */
export function seedBulkUsers(db: DB, count: number, nowMs = Date.now()): number {
  const joined = isoAt(nowMs);
  const expires = defaultExpiry(nowMs);
  const insert = db.prepare(`INSERT INTO users (id, username, name, email, role, source, is_active, is_first_login,
    date_expired, date_joined, created_by, comment) VALUES (?, ?, ?, ?, 'User', ?, ?, 0, ?, ?, 'bench', '')`);
  const start = (db.prepare("SELECT COUNT(*) FROM users WHERE created_by = 'bench'").pluck().get() as number) + 1;
  db.transaction(() => {
    for (let n = start; n < start + count; n += 1) {
      const name = `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]} ${n}`;
      // A deterministic uuid-shaped id keeps the seed fast (no crypto per row) and reproducible.
      const id = `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
      insert.run(
        id,
        `bench${n}`,
        name,
        `bench${n}@example.com`,
        SOURCES[n % SOURCES.length],
        n % 10 === 0 ? 0 : 1,
        expires,
        joined,
      );
      // The search index merges its segments as rows come in and deletes the old ones by rowid range;
      // with the row count SQLite noted when the index was empty it scans the whole index for each
      // delete instead (100,000 users: ~55 s instead of ~8). Fresh counts keep the range lookup.
      if (n % 2_000 === 0) db.exec('ANALYZE users_fts_data');
    }
  })();
  return count;
}

export interface BulkAssetsOptions {
  assets: number;
  nodes: number;
}
export interface BulkAssetsResult {
  rootId: string;
  deepNodeId: string;
  middleNodeId: string;
  sampleHostname: string;
}

const LEVEL1 = 20;
const LEVEL2_PER_PARENT = 10;
const SECOND_NODE_EVERY = 20;

/**
 * Inserts `nodes` nodes (20 regions → 200 zones → racks for the rest) under the DEFAULT org root and
 * `assets` assets named `srv-000001`… spread over the racks (every 20th also on a second rack), in
 * one transaction. Ids are deterministic and uuid-shaped, as for the bulk users.
 */
/** The n-th bench asset's address: loopback (127.100.0.0 upwards), so no benchmark touches a real host. */
export const bulkAssetIp = (n: number): string => `127.${100 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255}`;

export function seedBulkAssets(db: DB, opts: BulkAssetsOptions, nowMs = Date.now()): BulkAssetsResult {
  const created = isoAt(nowMs);
  const bulkId = (kind: number, n: number) =>
    `00000000-0000-4000-${(0x8000 + kind).toString(16)}-${n.toString(16).padStart(12, '0')}`;
  const insertNode = db.prepare(
    "INSERT INTO nodes (id, key, parent_key, value, child_mark, org_id, date_create) VALUES (?, ?, ?, ?, ?, '', ?)",
  );
  const insertAsset =
    db.prepare(`INSERT INTO assets (id, hostname, ip, protocols, port, platform, org_id, created_by, date_created, cpu_cores)
    VALUES (?, ?, ?, ?, ?, ?, '', 'bench', ?, ?)`);
  const link = db.prepare('INSERT INTO asset_nodes (asset_id, node_id) VALUES (?, ?)');
  const seeded = db.transaction(() => {
    const root = orgRoot(db, '', nowMs);
    let nodeCount = 0;
    const addNode = (parentKey: string, mark: number, value: string, children: number) => {
      nodeCount += 1;
      const node = { id: bulkId(1, nodeCount), key: `${parentKey}:${mark}` };
      insertNode.run(node.id, node.key, parentKey, value, children, created);
      return node;
    };
    const firstMark = root.child_mark;
    const level1 = Array.from({ length: LEVEL1 }, (_, i) =>
      addNode(root.key, firstMark + i, `Region ${i + 1}`, LEVEL2_PER_PARENT),
    );
    db.prepare('UPDATE nodes SET child_mark = ? WHERE id = ?').run(firstMark + LEVEL1, root.id);
    const level2 = level1.flatMap((parent, i) =>
      Array.from({ length: LEVEL2_PER_PARENT }, (_, j) => addNode(parent.key, j, `Zone ${i + 1}-${j + 1}`, 0)),
    );
    const racksLeft = Math.max(opts.nodes - level1.length - level2.length, 1);
    const rackMarks = new Map<string, number>();
    const racks = Array.from({ length: racksLeft }, (_, n) => {
      const parent = level2[n % level2.length];
      const mark = rackMarks.get(parent.key) ?? 0;
      rackMarks.set(parent.key, mark + 1);
      return addNode(parent.key, mark, `Rack ${n + 1}`, 0);
    });
    for (const [key, marks] of rackMarks) db.prepare('UPDATE nodes SET child_mark = ? WHERE key = ?').run(marks, key);
    for (let n = 1; n <= opts.assets; n += 1) {
      const id = bulkId(2, n);
      const windows = n % 7 === 0;
      insertAsset.run(
        id,
        `srv-${String(n).padStart(6, '0')}`,
        bulkAssetIp(n),
        windows ? 'rdp/3389' : 'ssh/22',
        windows ? 3389 : 22,
        windows ? 'Windows' : 'Linux',
        created,
        (n % 16) + 1,
      );
      link.run(id, racks[n % racks.length].id);
      if (n % SECOND_NODE_EVERY === 0) link.run(id, racks[(n * 7 + 3) % racks.length].id);
    }
    return {
      rootId: root.id,
      deepNodeId: racks[racks.length - 1].id,
      middleNodeId: level1[0].id,
      sampleHostname: `srv-${String(Math.ceil(opts.assets / 2)).padStart(6, '0')}`,
    };
  })();
  // After a bulk load the planner needs fresh statistics: without them it walks the (org_id, hostname)
  // index for every node or search filter instead of starting from the few matching ids.
  db.exec('ANALYZE');
  return seeded;
}

/** The plain user of seedWideGrant and how many assets their one permission reaches (hardening issue, round two). */
export const WIDE_GRANT = { username: 'bench-wide', assets: 40_044 };

/**
 * A plain user (`bench-wide`, signing in with `password`) with one permission over exactly `assets` of
 * seedBulkAssets' assets: whole regions (as many as fit, in order), then single assets up to the
 * number, over an ssh and an rdp system user with every action — the user whose tree of 40,044
 * assets once held the server for seconds. Call it after seedBulkAssets; returns the user's id.
 */
export function seedWideGrant(db: DB, password: string, assets = WIDE_GRANT.assets, nowMs = Date.now()): string {
  const stamp = isoAt(nowMs);
  const id = (n: number) => `00000000-0000-4000-8006-${n.toString(16).padStart(12, '0')}`;
  const [user, permission] = [id(1), id(2)];
  db.transaction(() => {
    db.prepare(
      `INSERT INTO users (id, username, name, email, role, source, is_active, is_first_login, date_expired, date_joined, created_by, comment, password_hash)
      VALUES (?, ?, 'Wide Grant', 'bench-wide@example.com', 'User', 'local', 1, 0, ?, ?, 'bench', '', ?)`,
    ).run(user, WIDE_GRANT.username, defaultExpiry(nowMs), stamp, hashPasswordNow(password));
    db.prepare(
      `INSERT INTO asset_permissions (id, name, is_active, date_start, date_expired, actions, org_id, created_by, date_created, date_updated)
      VALUES (?, 'bench-wide', 1, ?, ?, 255, '', 'bench', ?, ?)`,
    ).run(permission, isoAt(nowMs - 86_400_000), defaultExpiry(nowMs), stamp, stamp);
    db.prepare('INSERT INTO asset_permission_users (permission_id, user_id) VALUES (?, ?)').run(permission, user);
    const systemUser =
      db.prepare(`INSERT INTO system_users (id, name, username, protocol, priority, org_id, created_by, date_created, date_updated)
      VALUES (?, ?, ?, ?, 10, '', 'bench', ?, ?)`);
    const link = db.prepare('INSERT INTO asset_permission_system_users (permission_id, systemuser_id) VALUES (?, ?)');
    for (const [n, protocol] of [
      [3, 'ssh'],
      [4, 'rdp'],
    ] as const) {
      systemUser.run(id(n), `bench-wide-${protocol}`, `wide-${protocol}`, protocol, stamp, stamp);
      link.run(permission, id(n));
    }
    const granted = new Set<string>();
    const under = db
      .prepare(
        "SELECT DISTINCT an.asset_id FROM nodes n JOIN asset_nodes an ON an.node_id = n.id WHERE n.key = ? OR (n.key > ? || ':' AND n.key < ? || ';')",
      )
      .pluck();
    const regions = db
      .prepare(
        "SELECT id, key FROM nodes WHERE value LIKE 'Region %' AND org_id = '' ORDER BY CAST(substr(value, 8) AS INTEGER)",
      )
      .all() as { id: string; key: string }[];
    for (const region of regions) {
      const inside = under.all(region.key, region.key, region.key) as string[];
      if (granted.size + inside.filter((asset) => !granted.has(asset)).length > assets) break;
      db.prepare('INSERT INTO asset_permission_nodes (permission_id, node_id) VALUES (?, ?)').run(
        permission,
        region.id,
      );
      for (const asset of inside) granted.add(asset);
    }
    // Then single assets from the other end of the list, as a permission naming hosts one by one would.
    const single = db.prepare('INSERT INTO asset_permission_assets (permission_id, asset_id) VALUES (?, ?)');
    for (const asset of db
      .prepare("SELECT id FROM assets WHERE created_by = 'bench' ORDER BY hostname DESC")
      .pluck()
      .all() as string[]) {
      if (granted.size >= assets) break;
      if (granted.has(asset)) continue;
      single.run(permission, asset);
      granted.add(asset);
    }
  })();
  return user;
}

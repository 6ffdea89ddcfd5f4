// The grant benchmark (issue 7): 100,000 assets in 2,000 nodes, 10,000 users in 500 groups and 5,000
// asset permissions mixing users, groups, nodes and assets; p50/p95 of what a user with 50 permissions
// through 5 groups asks for most ("my" asset list, lazy tree, an asset's system users), then the same
// with 10× the permissions. Run alone: `node --import tsx scripts/bench/server/grants.ts`;
// `npm run bench` runs it as the section of scripts/bench/grants-server.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../demo/server/app.ts';
import { seedBulkAssets, seedBulkUsers } from './bulk-seed.ts';
import type { DB } from '../../../demo/server/core/db/open.ts';
import { answerCount, timeGet } from './timing.ts';
import { hashPasswordNow } from '../../../demo/server/core/lib/passwords.ts';
import { defaultExpiry, isoAt } from '../../../demo/server/core/lib/time.ts';

const PASSWORD = 'bastion';
export const GRANT_BUDGET_MS = 20;
/** The figure at 10× the permissions may be at most this many times the figure at 1×. */
export const SCALE_FACTOR_BUDGET = 3;

export const BULK_GRANTS = {
  assets: 100_000,
  nodes: 2_000,
  users: 10_000,
  groups: 500,
  permissions: 5_000,
  systemUsers: 20,
};
/** The measured user: in 5 groups, each named by permissionsPerGroup permissions. */
const TARGET_GROUPS = 5;

export interface GrantBenchRow {
  query: string;
  scale: number;
  count: number;
  p50: number;
  p95: number;
}

const bulkId = (kind: number, n: number) =>
  `00000000-0000-4000-${(0x8000 + kind).toString(16)}-${n.toString(16).padStart(12, '0')}`;

/**
 * Users, groups, system users and `permissions` permissions on a database holding seedBulkAssets' tree.
 * Permission n names (by turns) a few users or a group or two, and racks (most), a zone, or single assets;
 * one in 25 is expired or inactive. The measured user sits in groups 1–5; `perTargetGroup` permissions
 * name each of those groups. Deterministic.
 */
export function seedBulkGrants(
  db: DB,
  opts: { permissions: number; perTargetGroup: number; firstPermission?: number },
  nowMs = Date.now(),
): void {
  const stamp = isoAt(nowMs);
  const nodes = db
    .prepare("SELECT id, key FROM nodes WHERE id LIKE '00000000-0000-4000-8001-%' ORDER BY key")
    .all() as { id: string; key: string }[];
  const depth = (key: string) => key.split(':').length;
  const racks = nodes.filter((n) => depth(n.key) === 4);
  const zones = nodes.filter((n) => depth(n.key) === 3);
  const assetId = (n: number) => bulkId(2, (n % BULK_GRANTS.assets) + 1);
  const userId = (n: number) =>
    `00000000-0000-4000-8000-${((n % BULK_GRANTS.users) + 1).toString(16).padStart(12, '0')}`;
  const groupId = (n: number) => bulkId(3, (n % BULK_GRANTS.groups) + 1);
  const systemUserId = (n: number) => bulkId(4, (n % BULK_GRANTS.systemUsers) + 1);
  const insert = (table: string, column: string) =>
    db.prepare(`INSERT OR IGNORE INTO asset_permission_${table} (permission_id, ${column}) VALUES (?, ?)`);
  const link = {
    users: insert('users', 'user_id'),
    groups: insert('user_groups', 'usergroup_id'),
    assets: insert('assets', 'asset_id'),
    nodes: insert('nodes', 'node_id'),
    systemUsers: insert('system_users', 'systemuser_id'),
  };
  const addPermission =
    db.prepare(`INSERT INTO asset_permissions (id, name, is_active, date_start, date_expired, actions, org_id, created_by, date_created, date_updated)
    VALUES (?, ?, ?, ?, ?, ?, '', 'bench', ?, ?)`);
  const first = opts.firstPermission ?? 1;
  db.transaction(() => {
    for (let n = first; n < first + opts.permissions; n += 1) {
      const id = bulkId(5, n);
      const expired = n % 25 === 0;
      addPermission.run(
        id,
        `bench-permission-${n}`,
        n % 25 === 12 ? 0 : 1,
        isoAt(nowMs - 86_400_000),
        expired ? isoAt(nowMs - 3_600_000) : defaultExpiry(nowMs),
        [1, 3, 7, 255, 25][n % 5],
        stamp,
        stamp,
      );
      // The measured user's groups (1–5) get perTargetGroup permissions each, spread over the run.
      const forTarget =
        Math.floor(((n - first) * TARGET_GROUPS * opts.perTargetGroup) / opts.permissions) !==
        Math.floor(((n - first + 1) * TARGET_GROUPS * opts.perTargetGroup) / opts.permissions);
      if (forTarget) link.groups.run(id, groupId((n * 7) % TARGET_GROUPS));
      else if (n % 2 === 0) for (let i = 0; i < 1 + (n % 3); i += 1) link.users.run(id, userId(n * 13 + i * 977));
      else
        for (let i = 0; i < 1 + (n % 2); i += 1)
          link.groups.run(id, groupId(TARGET_GROUPS + ((n * 31 + i * 101) % (BULK_GRANTS.groups - TARGET_GROUPS))));
      const kind = n % 10;
      if (kind < 6) link.nodes.run(id, racks[(n * 37) % racks.length].id);
      else if (kind < 7) link.nodes.run(id, zones[(n * 11) % zones.length].id);
      else if (kind < 9) for (let i = 0; i < 3; i += 1) link.assets.run(id, assetId(n * 4_099 + i * 31));
      else {
        link.nodes.run(id, racks[(n * 53) % racks.length].id);
        link.assets.run(id, assetId(n * 7_919));
      }
      link.systemUsers.run(id, systemUserId(n));
      if (n % 3 === 0) link.systemUsers.run(id, systemUserId(n + 7));
    }
  })();
}

/** Groups, memberships and system users for the bench (the measured user is bench user 1). */
export function seedPeople(db: DB, nowMs: number): void {
  const stamp = isoAt(nowMs);
  seedBulkUsers(db, BULK_GRANTS.users, nowMs);
  db.transaction(() => {
    const group = db.prepare(
      "INSERT INTO user_groups (id, name, org_id, created_by, date_created) VALUES (?, ?, '', 'bench', ?)",
    );
    const member = db.prepare('INSERT OR IGNORE INTO user_group_users (group_id, user_id) VALUES (?, ?)');
    for (let g = 1; g <= BULK_GRANTS.groups; g += 1) group.run(bulkId(3, g), `bench-group-${g}`, stamp);
    for (let u = 1; u <= BULK_GRANTS.users; u += 1) {
      const user = `00000000-0000-4000-8000-${u.toString(16).padStart(12, '0')}`;
      member.run(bulkId(3, TARGET_GROUPS + 1 + (u % (BULK_GRANTS.groups - TARGET_GROUPS))), user);
    }
    for (let g = 1; g <= TARGET_GROUPS; g += 1) {
      for (let u = 1; u <= BULK_GRANTS.users; u += 97)
        member.run(bulkId(3, g), `00000000-0000-4000-8000-${u.toString(16).padStart(12, '0')}`);
    }
    const su =
      db.prepare(`INSERT INTO system_users (id, name, username, protocol, priority, org_id, created_by, date_created, date_updated)
      VALUES (?, ?, ?, ?, ?, '', 'bench', ?, ?)`);
    for (let s = 1; s <= BULK_GRANTS.systemUsers; s += 1)
      su.run(bulkId(4, s), `bench-su-${s}`, `su${s}`, s % 4 === 0 ? 'rdp' : 'ssh', 10 + (s % 5) * 10, stamp, stamp);
    db.prepare("UPDATE users SET password_hash = ? WHERE username = 'bench1'").run(hashPasswordNow(PASSWORD));
  })();
}

export async function timeQueries(app: FastifyInstance, scale: number): Promise<GrantBenchRow[]> {
  const token = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: 'bench1', password: PASSWORD },
  });
  if (token.statusCode >= 300) throw new Error(`token: ${token.statusCode} ${token.body}`);
  const headers = { authorization: `Bearer ${token.json().token}` };
  const first = await app.inject({ method: 'GET', url: '/api/v1/perms/users/assets/?limit=15', headers });
  const asset = first.json().results[0].id as string;
  const tree = (
    await app.inject({ method: 'GET', url: '/api/v1/perms/users/nodes/children/tree/', headers })
  ).json() as { id: string; pId: string }[];
  const region = tree.find((item) => item.pId === '1')!.id;
  const queries: [string, string][] = [
    ['"my" assets, first page of 15', '/api/v1/perms/users/assets/?limit=15&offset=0'],
    ['"my" assets, search "srv-01"', '/api/v1/perms/users/assets/?limit=15&offset=0&search=srv-01'],
    ['lazy tree: top level (favourites, roots, regions)', '/api/v1/perms/users/nodes/children/tree/'],
    ['lazy tree: children of a region', `/api/v1/perms/users/nodes/children/tree/?key=${region}`],
    ['assets/<id>/system-users/', `/api/v1/perms/users/assets/${asset}/system-users/`],
  ];
  const rows: GrantBenchRow[] = [];
  for (const [query, url] of queries) {
    rows.push({ query, scale, ...(await timeGet(app, url, headers)) });
  }
  // Grants are reused until the database changes: time the first call after a write too (one call each).
  for (const [query, url] of [queries[0], queries[4]]) {
    app.bastion.db.prepare("UPDATE user_groups SET comment = comment WHERE name = 'bench-group-1'").run();
    const t0 = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    const took = Number((performance.now() - t0).toFixed(2));
    rows.push({
      query: `${query}, first call after a write`,
      scale,
      count: answerCount(response.json()),
      p50: took,
      p95: took,
    });
  }
  return rows;
}

/** Seeds a throw-away database, times the queries at 1× and at 10× the permissions, removes it. */
export async function benchGrants(): Promise<{ seedMs: number; rows: GrantBenchRow[]; granted: [number, number] }> {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-grants-bench-'));
  const app = await buildApp({
    dbFile: join(dir, 'bench.sqlite3'),
    demoPassword: PASSWORD,
    allowedTargets: '127.0.0.0/8',
  });
  try {
    const db = app.bastion.db;
    const started = performance.now();
    seedBulkAssets(db, BULK_GRANTS);
    seedPeople(db, Date.now());
    seedBulkGrants(db, { permissions: BULK_GRANTS.permissions, perTargetGroup: 10 });
    db.exec('ANALYZE');
    const seedMs = performance.now() - started;
    const rows = await timeQueries(app, 1);
    const grantedAt1 = rows[0].count;
    // 10×: 45,000 more permissions, 90 more per measured group (500 for the user in all).
    seedBulkGrants(db, {
      permissions: 9 * BULK_GRANTS.permissions,
      perTargetGroup: 90,
      firstPermission: BULK_GRANTS.permissions + 1,
    });
    db.exec('ANALYZE');
    const rows10 = await timeQueries(app, 10);
    return { seedMs, rows: [...rows, ...rows10], granted: [grantedAt1, rows10[0].count] };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { seedMs, rows, granted } = await benchGrants();
  console.log(
    `seeded in ${(seedMs / 1000).toFixed(1)} s; the measured user reaches ${granted[0]} assets at 1×, ${granted[1]} at 10×`,
  );
  console.table(rows);
}

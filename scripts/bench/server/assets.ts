// Times the asset list and the node tree over `seedBulkAssets` (100,000 assets in 2,000 nodes) with
// app.inject: p50/p95 per query against the budgets. Run alone:
// `node --import tsx scripts/bench/server/assets.ts`; `npm run bench` seeds its own scratch app
// (the browser section serves that same file) and calls `timeAssetQueries`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../demo/server/app.ts';
import { seedBulkAssets, type BulkAssetsOptions, type BulkAssetsResult } from './bulk-seed.ts';
import { timeGet } from './timing.ts';

const PASSWORD = 'bastion';

export const BULK_ASSETS: BulkAssetsOptions = { assets: 100_000, nodes: 2_000 };
/** Issue 4's budgets for the p50 of one request; a one-off count rebuild has none. */
export const ASSET_BUDGET_MS = { list: 20, tree: 10 } as const;

export type AssetQueryKind = keyof typeof ASSET_BUDGET_MS | 'rebuild';
export interface AssetBenchRow {
  query: string;
  kind: AssetQueryKind;
  count: number;
  p50: number;
  p95: number;
}

function assetQueries(seeded: BulkAssetsResult): [string, AssetQueryKind, string][] {
  const list = '/api/v1/assets/assets/?limit=15&offset=0&display=1&draw=1';
  const tree = '/api/v1/assets/nodes/children/tree/';
  return [
    ['assets: no node (first page of <bastion-asset-list>)', 'list', list],
    ['assets: root node, all=1', 'list', `${list}&node_id=${seeded.rootId}&all=1`],
    ['assets: region node (~5,000), all=1', 'list', `${list}&node_id=${seeded.middleNodeId}&all=1`],
    ['assets: deep rack node, all=1', 'list', `${list}&node_id=${seeded.deepNodeId}&all=1`],
    [`assets: search ${seeded.sampleHostname}`, 'list', `${list}&search=${seeded.sampleHostname}`],
    ['assets: search "srv-0012" (100 hits)', 'list', `${list}&search=srv-0012`],
    ['tree: root with its children', 'tree', tree],
    ['tree: children of a region', 'tree', `${tree}?id=${seeded.middleNodeId}`],
    ['tree: a rack with its assets', 'tree', `${tree}?id=${seeded.deepNodeId}&assets=1`],
  ];
}

/** p50/p95 of each query on an app whose database holds `seeded`, signed in as admin with `password`. */
export async function timeAssetQueries(
  app: FastifyInstance,
  seeded: BulkAssetsResult,
  password = PASSWORD,
): Promise<AssetBenchRow[]> {
  const token = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: 'admin', password },
  });
  if (token.statusCode >= 300) throw new Error(`token: ${token.statusCode} ${token.body}`);
  const headers = { authorization: `Bearer ${token.json().token}`, 'x-jms-org': 'DEFAULT' };
  const queries = assetQueries(seeded);
  const rows: AssetBenchRow[] = [];
  for (const [query, kind, url] of queries) {
    rows.push({ query, kind, ...(await timeGet(app, url, headers)) });
  }
  // The subtree counts are cached until the tree or a membership changes: time one rebuild too.
  app.bastion.db.prepare('UPDATE node_tree_version SET version = version + 1').run();
  const t0 = performance.now();
  await app.inject({ method: 'GET', url: queries.find(([, kind]) => kind === 'tree')![2], headers });
  const rebuild = Number((performance.now() - t0).toFixed(2));
  rows.push({
    query: 'tree: first call after a change (counts rebuilt)',
    kind: 'rebuild',
    count: 1,
    p50: rebuild,
    p95: rebuild,
  });
  return rows;
}

/** Seeds a throw-away database, times every query, removes the database. */
export async function benchAssets(opts = BULK_ASSETS): Promise<{ seedMs: number; rows: AssetBenchRow[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-assets-bench-'));
  const app = await buildApp({
    dbFile: join(dir, 'bench.sqlite3'),
    demoPassword: PASSWORD,
    allowedTargets: '127.0.0.0/8',
  });
  try {
    const started = performance.now();
    const seeded = seedBulkAssets(app.bastion.db, opts);
    const seedMs = performance.now() - started;
    return { seedMs, rows: await timeAssetQueries(app, seeded) };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { seedMs, rows } = await benchAssets();
  console.log(`seeded 100,000 assets in 2,000 nodes in ${(seedMs / 1000).toFixed(1)} s`);
  console.table(rows);
}

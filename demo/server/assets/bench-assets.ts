// Times the asset list and the node tree over `seedBulkAssets` (100,000 assets in 2,000 nodes) with
// app.inject: p50/p95 per query. Run alone: `node --import tsx demo/server/assets/bench-assets.ts`;
// a bench section can import `benchAssets` and print its rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../app.ts';
import { seedBulkAssets } from '../bench-seed.ts';

const RUNS = 50;
const WARMUP = 5;
const PASSWORD = 'bastion';

export interface AssetBenchRow { query: string; count: number; p50: number; p95: number }

export async function benchAssets(opts = { assets: 100_000, nodes: 2_000 }): Promise<{ seedMs: number; rows: AssetBenchRow[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-assets-bench-'));
  const app = await buildApp({ dbFile: join(dir, 'bench.sqlite3'), demoPassword: PASSWORD });
  try {
    const started = performance.now();
    const seeded = seedBulkAssets(app.bastion.db, opts);
    const seedMs = performance.now() - started;
    const token = await app.inject({ method: 'POST', url: '/api/v1/authentication/auth/', payload: { username: 'admin', password: PASSWORD } });
    const headers = { authorization: `Bearer ${token.json().token}`, 'x-jms-org': 'DEFAULT' };
    const list = '/api/v1/assets/assets/?limit=15&offset=0&display=1&draw=1';
    const queries: [string, string][] = [
      ['assets: root node, all=1', `${list}&node_id=${seeded.rootId}&all=1`],
      ['assets: region node (~5,000), all=1', `${list}&node_id=${seeded.middleNodeId}&all=1`],
      ['assets: deep rack node, all=1', `${list}&node_id=${seeded.deepNodeId}&all=1`],
      [`assets: search ${seeded.sampleHostname}`, `${list}&search=${seeded.sampleHostname}`],
      ['assets: search "srv-0012" (100 hits)', `${list}&search=srv-0012`],
      ['tree: children of a region', `/api/v1/assets/nodes/children/tree/?id=${seeded.middleNodeId}`],
      ['tree: root with its children', '/api/v1/assets/nodes/children/tree/'],
      ['tree: a rack with its assets', `/api/v1/assets/nodes/children/tree/?id=${seeded.deepNodeId}&assets=1`],
    ];
    const rows: AssetBenchRow[] = [];
    for (const [query, url] of queries) {
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < WARMUP + RUNS; i += 1) {
        const t0 = performance.now();
        const response = await app.inject({ method: 'GET', url, headers });
        const took = performance.now() - t0;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        if (i >= WARMUP) times.push(took);
        const body = response.json();
        count = Array.isArray(body) ? body.length : body.count;
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => Number(times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)].toFixed(2));
      rows.push({ query, count, p50: at(50), p95: at(95) });
    }
    // The subtree counts are cached until the tree or a membership changes: time one rebuild too.
    app.bastion.db.prepare('UPDATE node_tree_version SET version = version + 1').run();
    const t0 = performance.now();
    await app.inject({ method: 'GET', url: queries[5][1], headers });
    const rebuild = Number((performance.now() - t0).toFixed(2));
    rows.push({ query: 'tree: first call after a change (counts rebuilt)', count: 1, p50: rebuild, p95: rebuild });
    return { seedMs, rows };
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

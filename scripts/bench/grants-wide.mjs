// Bench rows (grants section): one plain user whose single permission reaches 40,044 of 100,000 assets
// (seedWideGrant in scripts/bench/server/bulk-seed.ts) asks for a whole granted list ten times at once, on a
// real server (a child process, over loopback HTTP), while another client keeps asking for its own
// profile — the cheapest call. No request may wait more than 250 ms behind another (p99 of the
// profile calls). Alone: `node scripts/bench/grants-wide.mjs`.
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEMO_PASSWORD, scratchDatabase } from './scratch.mjs';
import { startServer, stopServer } from './server-child.mjs';
import { ms, percentile, within } from './stats.mjs';
import { formatTable } from './table.mjs';

export const WIDE_BUDGET_P99_MS = 250;
const CONCURRENT = 10;
/** The other client's pause between two profile calls (a page polling, not a tight loop). */
const THINK_MS = 20;
const PROFILE = '/api/v1/users/profile/';
/** What a browser sends; `identity` measures the server's own work without the compressor's CPU. */
const BROWSER_ENCODING = 'gzip, deflate, br';
const HEAVY = [
  ['nodes-with-assets/tree/', 'identity'],
  ['nodes-with-assets/tree/', BROWSER_ENCODING],
  ['assets/tree/', 'identity'],
  ['assets/?actions=connect&protocol=ssh', 'identity'],
  ['assets/', 'identity'],
];

const scratch = scratchDatabase(
  'bastion-bench-wide-',
  (load) => load('./server/bulk-seed.ts'),
  (app, { seedBulkAssets, seedWideGrant, WIDE_GRANT }) => {
    seedBulkAssets(app.bastion.db, { assets: 100_000, nodes: 2_000 });
    seedWideGrant(app.bastion.db, DEMO_PASSWORD);
    return { wide: WIDE_GRANT };
  },
);

/** GET over a fresh loopback request; the body is counted and dropped (the client must not parse 15 MB). */
function get(base, path, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${base}${path}`, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode, bytes, ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function signIn(base, username) {
  const response = await fetch(`${base}/api/v1/authentication/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return `Bearer ${(await response.json()).token}`;
}

/** Ten heavy calls at once; meanwhile the profile, one call after another. */
async function underLoad(base, authorization, path, encoding) {
  const heavyHeaders = { authorization, 'accept-encoding': encoding };
  let running = true;
  const heavy = Promise.all(
    Array.from({ length: CONCURRENT }, () => get(base, `/api/v1/perms/users/${path}`, heavyHeaders)),
  ).finally(() => {
    running = false;
  });
  const profile = [];
  while (running) {
    const answer = await get(base, PROFILE, { authorization });
    if (answer.status !== 200) throw new Error(`${PROFILE}: ${answer.status}`);
    profile.push(answer.ms);
    await new Promise((resolve) => setTimeout(resolve, THINK_MS));
  }
  const calls = await heavy;
  const failed = calls.find((call) => call.status !== 200);
  if (failed) throw new Error(`${path}: ${failed.status}`);
  profile.sort((a, b) => a - b);
  return { profile, calls };
}

/** Rows for the grants table: query, count, p50, p95, p99, budget, within. */
export async function wideUserRows(distDir) {
  const { dir, app, wide, seedMs } = await scratch.get();
  await app.close();
  const { child, base } = await startServer({ dataDir: dir, distDir, demoPassword: DEMO_PASSWORD });
  try {
    const authorization = await signIn(base, wide.username);
    const rows = [];
    for (const [path, encoding] of HEAVY) {
      const { profile, calls } = await underLoad(base, authorization, path, encoding);
      const slowest = Math.max(...calls.map((call) => call.ms));
      const p99 = percentile(profile, 99);
      rows.push([
        `wide user: ${PROFILE} while ${CONCURRENT} × ${path}${encoding === 'identity' ? '' : ` (${encoding})`} (each ${calls[0].bytes.toLocaleString('en')} B, all done in ${ms(slowest)} ms)`,
        profile.length,
        ms(percentile(profile, 50)),
        ms(percentile(profile, 95)),
        ms(p99),
        `p99 <= ${WIDE_BUDGET_P99_MS} (max ${ms(profile[profile.length - 1])})`,
        within(p99, WIDE_BUDGET_P99_MS),
      ]);
    }
    rows.push([
      `(the wide user reaches ${wide.assets.toLocaleString('en')} assets; seeding 100,000 assets and the grant took, ms)`,
      '',
      ms(seedMs),
      '',
      '',
      '',
      '',
    ]);
    return rows;
  } finally {
    await stopServer(child);
    scratch.remove();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const distDir = mkdtempSync(join(tmpdir(), 'bastion-bench-nodist-'));
  try {
    const rows = await wideUserRows(distDir);
    console.log(formatTable(['query', 'profile calls', 'p50 ms', 'p95 ms', 'p99 ms', 'budget', 'within'], rows));
  } finally {
    rmSync(distDir, { recursive: true, force: true });
  }
}

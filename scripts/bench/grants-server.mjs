// Bench section: the grant engine on the server (scripts/bench/server/grants.ts): 100,000 assets in
// 2,000 nodes, 10,000 users in 500 groups, 5,000 asset permissions; a user with 50 permissions through
// 5 groups asks for their assets, tree and system users; then the same at 10× the permissions. Then
// a plain user reaching 40,044 assets loads whole granted trees ten at a time while another client's
// profile calls are timed (grants-wide.mjs).
import { tsImport } from 'tsx/esm/api';
import { wideUserRows, WIDE_BUDGET_P99_MS } from './grants-wide.mjs';
import { ms, within } from './stats.mjs';

export const grantsServer = {
  name: 'grants',
  title:
    'Grants on the server (100,000 assets, 10,000 users in 500 groups, 5,000 then 50,000 permissions; app.inject, 50 runs per query), ' +
    `then a user granted 40,044 assets (a child server over HTTP; profile p99 <= ${WIDE_BUDGET_P99_MS} ms while 10 whole lists load)`,
  async run({ distDir }) {
    const bench = await tsImport('./server/grants.ts', import.meta.url);
    const { seedMs, rows, granted } = await bench.benchGrants();
    const at1 = new Map(rows.filter((r) => r.scale === 1).map((r) => [r.query, r.p50]));
    const table = rows.map(({ query, scale, count, p50, p95 }) => {
      const base = at1.get(query);
      if (query.includes('first call after a write'))
        return [`${scale}×: ${query}`, count, p50, p95, '', '-', 'one call, no budget'];
      const budget =
        scale === 1
          ? `p50 <= ${bench.GRANT_BUDGET_MS}`
          : `p50 <= ${bench.SCALE_FACTOR_BUDGET}× 1× (${ms(base * bench.SCALE_FACTOR_BUDGET)})`;
      const ok = scale === 1 ? within(p50, bench.GRANT_BUDGET_MS) : within(p50, base * bench.SCALE_FACTOR_BUDGET);
      return [`${scale}×: ${query}`, count, p50, p95, '', budget, ok];
    });
    table.push([
      `(the user reaches ${granted[0]} assets at 1×, ${granted[1]} at 10×; seeding took, ms)`,
      '',
      ms(seedMs),
      '',
      '',
      '',
      '',
    ]);
    table.push(...(await wideUserRows(distDir)));
    return { headers: ['query', 'count', 'p50 ms', 'p95 ms', 'p99 ms', 'budget', 'within'], rows: table };
  },
};

// Bench section: the server's asset list and node tree over 100,000 seeded assets in 2,000 nodes,
// timed with app.inject (no network), p50/p95 per query against issue 4's budgets.
import { assetsScratch, DEMO_PASSWORD } from './assets-scratch.mjs';
import { ms, within } from './stats.mjs';

export const assetsListServer = {
  title: 'Assets list and node tree on the server (100,000 assets, 2,000 nodes; app.inject, 50 runs per query)',
  async run() {
    const { app, seeded, bench, seedMs } = await assetsScratch();
    const timed = await bench.timeAssetQueries(app, seeded, DEMO_PASSWORD);
    const rows = timed.map(({ query, kind, count, p50, p95 }) => {
      const budget = bench.ASSET_BUDGET_MS[kind];
      return budget === undefined
        ? [query, count, p50, p95, '-', 'one call, no budget']
        : [query, count, p50, p95, `p50 <= ${budget}`, within(p50, budget)];
    });
    rows.push(['(seeding the assets took, ms)', bench.BULK_ASSETS.assets, ms(seedMs), '', '', '']);
    // Let the browser section open the same file from its own server process.
    await app.close();
    return { headers: ['query', 'count', 'p50 ms', 'p95 ms', 'budget ms', 'within'], rows };
  },
};

// A scratch database with 100,000 assets in 2,000 nodes (scripts/bench/server/bulk-seed.ts), shared by the
// asset bench sections; `seeded` names its root, a deep and a middle node, and `bench` is
// scripts/bench/server/assets.ts (the queries and budgets).
import { scratchDatabase } from './scratch.mjs';

export { DEMO_PASSWORD } from './scratch.mjs';

const assets = scratchDatabase(
  'bastion-bench-assets-',
  async (load) => ({
    seedBulkAssets: (await load('./server/bulk-seed.ts')).seedBulkAssets,
    bench: await load('./server/assets.ts'),
  }),
  (app, { seedBulkAssets, bench }) => ({ seeded: seedBulkAssets(app.bastion.db, bench.BULK_ASSETS), bench }),
);

/** Builds the app on a fresh file and seeds it once; later callers get the same scratch. */
export const assetsScratch = assets.get;
export const removeAssetsScratch = assets.remove;

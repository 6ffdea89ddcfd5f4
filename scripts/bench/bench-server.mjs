// The reference server as `npm start` runs it (demo/server/main.ts), but serving the dist/ snapshot
// the bench measures: another `npm run build` during a bench run would otherwise swap the chunks
// (new hashes) under a page that is loading. Run with `node --import tsx`; env as for main.ts plus DIST_DIR.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from '../../demo/server/app.ts';

const dataDir = resolve(process.env.DATA_DIR);
mkdirSync(dataDir, { recursive: true });
const app = await buildApp({
  dbFile: join(dataDir, 'bastion.sqlite3'),
  distDir: resolve(process.env.DIST_DIR),
  demoPassword: process.env.BASTION_DEMO_PASSWORD,
  allowedTargets: '127.0.0.0/8', // benchmarks never reach past loopback
});
await app.listen({ host: process.env.HOST, port: Number(process.env.PORT) });
process.once('SIGTERM', () =>
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  ),
);

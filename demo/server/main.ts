// `npm start`: open ./data/bastion.sqlite3 (created, migrated and seeded on first start), serve the
// API and the built console at /ui/, print the demo accounts, stop cleanly on SIGTERM/SIGINT.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { DEMO_PORTAL_CLIENT, demoPortalRedirectUris, savePortalClient } from './portal/clients.ts';
import { SecretKeyError } from './core/secrets/secret-key.ts';
import { demoPassword as demoPasswordOf } from './seed/demo-password.mjs';
import { demoMariaDbAddress } from './seed/demo-mariadb-address.mjs';
import { SEED_USERS } from './seed/population.ts';
import { parseFrameAncestors } from './web/security-headers.ts';

// A promise nobody awaited that fails is a bug of ours: said loudly (tests look for "[bug]"), and the
// server goes on serving instead of exiting with every signed-in user's work (Node's default).
process.on('unhandledRejection', (reason) => {
  console.error(`[bug] unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`);
});

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 8080);
const dataDir = resolve(process.env.DATA_DIR || './data');
const demoPassword = demoPasswordOf(process.env);
const frameAncestors = parseFrameAncestors(process.env.BASTION_FRAME_ANCESTORS);
// The origin portals reach this server at (the OAuth issuer is `<it>/oidc`): BASTION_PUBLIC_URL behind a
// proxy, else where it listens (a server on every interface is reached over loopback here).
const listenHost = /^0+(\.0+){3}$|^::$/.test(host) ? '127.0.0.1' : host;
const publicOrigin = (
  process.env.BASTION_PUBLIC_URL || `http://${listenHost.includes(':') ? `[${listenHost}]` : listenHost}:${port}`
).replace(/\/+$/, '');
const licenseValid = ['1', 'true'].includes((process.env.BASTION_LICENSE_VALID ?? '').toLowerCase());
// 2.3's config switch for login confirmation: 1/true on, 0/false off, unset = as stored (off on a new database).
const loginConfirm = (process.env.LOGIN_CONFIRM_ENABLE ?? '').toLowerCase();
const loginConfirmEnable = ['1', 'true'].includes(loginConfirm)
  ? true
  : ['0', 'false'].includes(loginConfirm)
    ? false
    : undefined;

// buildApp creates the data folder (0700), the database (0600) and, once, the secret key file.
const app = await buildApp({
  dbFile: join(dataDir, 'bastion.sqlite3'),
  distDir: join(repoRoot, 'dist'),
  demoPassword,
  licenseValid,
  frameAncestors,
  publicOrigin,
  logger: true,
  loginConfirmEnable,
  // Sample audit logs in a new database, unless BASTION_AUDIT_SAMPLES=0.
  auditSamples: process.env.BASTION_AUDIT_SAMPLES !== '0',
  // The seeded orders-mysql app points where `npm start` runs its demo MariaDB (MARIADB_DEMO_HOST / _PORT).
  demoMariaDb: demoMariaDbAddress(process.env),
}).catch((error: unknown) => {
  // A missing or wrong secret key: the message says what to do; a stack trace would only bury it.
  if (!(error instanceof SecretKeyError)) throw error;
  console.error(`[bastion] cannot start: ${error.message}`);
  process.exit(1);
});
// `npm start` names the demo portal's origin (demo/portal/): its client is registered (or updated) here.
if (process.env.BASTION_DEMO_PORTAL) {
  const redirectUris = demoPortalRedirectUris(process.env.BASTION_DEMO_PORTAL.replace(/\/+$/, ''));
  savePortalClient(
    app.bastion.db,
    { clientId: DEMO_PORTAL_CLIENT, name: 'Demo portal', redirectUris, createdBy: 'npm start' },
    Date.now(),
  );
}
await app.listen({ host, port });

const ROLE_NAMES: Record<string, string> = { Admin: 'super admin', Auditor: 'super auditor', User: 'user' };
console.log(`Bastion console: http://${host}:${port}/ui/`);
for (const user of SEED_USERS.slice(0, 6)) {
  const orgRoles = Object.entries(user.orgs ?? {}).map(([org, roles]) => `${roles.join('+')} of ${org}`);
  const role = [ROLE_NAMES[user.role], ...orgRoles].join(', ');
  console.log(`  ${user.username.padEnd(12)} ${role.padEnd(28)} password: ${demoPassword}`);
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // app.close() stops accepting connections, waits for in-flight requests, then closes the DB (onClose).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

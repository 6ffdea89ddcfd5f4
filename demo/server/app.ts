// Builds the reference API server: database, plugins, request context, then every route group.
import { logRequest } from './core/lib/access-log.ts';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { dirname } from 'node:path';
import { registerRequestContext } from './core/auth/request-context.ts';
import { registerSignInHold } from './core/auth/credential-lock.ts';
import { LOGIN_AGE_MS } from './core/auth/sessions.ts';
import type { ServerState } from './core/context.ts';
import { prepareDataDir } from './core/db/data-files.ts';
import { closeDatabase, openDatabase } from './core/db/open.ts';
import { systemClock, type Clock } from './core/lib/time.ts';
import { ALLOWED_TARGETS_ENV, parseAllowedTargets } from '../shared/allowed-targets.ts';
import { registerCsvParser } from './engine/csv-body.ts';
import { checkpointsSettled } from './engine/csv-checkpoint.ts';
import { CORS_ORIGINS_ENV, parseCorsOrigins, registerCors } from './portal/cors.ts';
import { parseTokenTtl, PORTAL_TOKEN_TTL_ENV } from './portal/authorization-server.ts';
import { SECRET_KEY_ENV } from './core/secrets/secret-key.ts';
import { isEmpty, seed } from './seed/index.ts';
import { SettingsStore } from './settings/store.ts';
import { BOOTSTRAP_TOKEN_ENV } from './terminal/registration.ts';
import { registerCompression } from './web/compression.ts';
import { registerWebSockets } from './web/terminal-socket-proxy.ts';
import { applicationsPlugin } from './applications/plugin.ts';
import { assetsPlugin } from './assets/plugin.ts';
import { auditsPlugin } from './audits/plugin.ts';
import { authPlugin } from './auth/plugin.ts';
import { dashboardPlugin } from './dashboard/plugin.ts';
import { licensePlugin } from './license/plugin.ts';
import { opsPlugin } from './ops/plugin.ts';
import { orgsPlugin } from './orgs/plugin.ts';
import { permsPlugin } from './perms/plugin.ts';
import { portalPlugin } from './portal/plugin.ts';
import { settingsPlugin } from './settings/plugin.ts';
import { tasksPlugin } from './tasks/plugin.ts';
import { terminalPlugin } from './terminal/plugin.ts';
import { ticketsPlugin } from './tickets/plugin.ts';
import { usersPlugin } from './users/plugin.ts';
import { webPlugin } from './web/plugin.ts';
import { registerErrorHandlers } from './web/errors.ts';
import { registerSecurityHeaders } from './web/security-headers.ts';
import { followDemoMariaDb, type DemoMariaDb } from './seed/demo-mariadb-app.ts';

export interface BuildOptions {
  dbFile: string;
  distDir?: string;
  demoPassword?: string;
  licenseValid?: boolean;
  /** Print one line per request (method, url, status, ms). */
  logger?: boolean;
  /** Lifetime of a login, session and bearer token alike (default 86400 s); tests shorten it. */
  loginTimeoutMs?: number;
  /** Clock in ms; tests inject one to check expiries (spm, lockout, sessions). */
  now?: Clock;
  /** `frame-ancestors` sources of the CSP (default `'self'`); main.ts reads BASTION_FRAME_ANCESTORS. */
  frameAncestors?: string[];
  /** Bound of each SSH step of the task runner (connect, channel, command); default 10000 ms. */
  sshTimeoutMs?: number;
  /** Networks the task runner may connect to (CIDRs, comma-separated); default env BASTION_ALLOWED_TARGETS, unset = any. */
  allowedTargets?: string;
  /** Seed ten days of sample audit logs into a new database (the demo; tests leave them out). */
  auditSamples?: boolean;
  /** Token a terminal presents to register (default env BOOTSTRAP_TOKEN; unset = registration closed). */
  bootstrapToken?: string;
  /** The data folder: replays, the secret key file (default: the database file's folder). Created 0700. */
  dataDir?: string;
  /** Key of the stored credentials (default env BASTION_SECRET_KEY, else `<dataDir>/secret_key`, made once). */
  secretKey?: string;
  /** Largest replay upload in bytes (default 512 MiB); tests make it small. */
  maxReplayBytes?: number;
  /** Origins of portals allowed across origins (default env BASTION_CORS_ORIGINS; unset = none): portal/cors.ts. */
  corsOrigins?: string[];
  /** This server's origin as portals reach it (the OAuth issuer is `<it>/oidc`); main.ts derives it from HOST/PORT. */
  publicOrigin?: string;
  /** Lifetime of a portal's access token in seconds (default env BASTION_PORTAL_TOKEN_TTL, else 600). */
  portalTokenTtlSeconds?: number;
  /** Port of the terminal component's HTTP/WebSocket listener on 127.0.0.1; default env TERMINAL_HTTP_PORT, else 5000. */
  terminalHttpPort?: number;
  /**
   * LOGIN_CONFIRM_ENABLE, a setting 2.3 reads from its config file (not the settings API): applied at each
   * start when given; main.ts passes env LOGIN_CONFIRM_ENABLE. Undefined keeps what the database holds.
   */
  loginConfirmEnable?: boolean;
  /**
   * Where `npm start`'s demo MariaDB listens (main.ts: MARIADB_DEMO_HOST / MARIADB_DEMO_PORT): the seeded
   * orders-mysql app points there, in a new database and, while nobody edited it, at every start.
   */
  demoMariaDb?: DemoMariaDb | null;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const now = opts.now ?? systemClock;
  // Parsed before anything opens: a malformed list stops the server instead of guessing.
  const policy = parseAllowedTargets(opts.allowedTargets ?? process.env[ALLOWED_TARGETS_ENV]);
  const corsOrigins = opts.corsOrigins ?? parseCorsOrigins(process.env[CORS_ORIGINS_ENV]);
  const portalTokenTtlSeconds = opts.portalTokenTtlSeconds ?? parseTokenTtl(process.env[PORTAL_TOKEN_TTL_ENV]);
  const dataDir = opts.dataDir ?? dirname(opts.dbFile);
  for (const dir of new Set([dirname(opts.dbFile), dataDir])) prepareDataDir(dir);
  const db = openDatabase(opts.dbFile, { dir: dataDir, given: opts.secretKey ?? process.env[SECRET_KEY_ENV] });
  const fresh = isEmpty(db);
  if (fresh)
    seed(db, {
      demoPassword: opts.demoPassword ?? 'bastion',
      licenseValid: !!opts.licenseValid,
      nowMs: now(),
      auditSamples: opts.auditSamples,
      demoMariaDb: opts.demoMariaDb,
    });
  else if (opts.demoMariaDb) followDemoMariaDb(db, opts.demoMariaDb);
  const state: ServerState = {
    db,
    now,
    settings: new SettingsStore(db),
    loginAgeMs: opts.loginTimeoutMs ?? LOGIN_AGE_MS,
  };
  if (opts.loginConfirmEnable !== undefined)
    state.settings.set('LOGIN_CONFIRM_ENABLE', opts.loginConfirmEnable, 'fixed');

  // 2.3's asset-user ids join three UUIDs (<system_user>_<asset>_<user>: 110 characters); find-my-way's
  // default 100-character limit on a path parameter would answer them 414.
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 200 } });
  app.decorate('bastion', state);
  app.addHook('onClose', async () => {
    // A CSV import's checkpoint worker may still have the file open: let it finish first.
    await checkpointsSettled(db);
    closeDatabase(db);
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // Both before any route: they apply to the routes registered after them.
  await registerSecurityHeaders(app, opts.frameAncestors, corsOrigins);
  registerCors(app, corsOrigins);
  await registerCompression(app);
  registerRequestContext(app);
  registerSignInHold(app);
  registerErrorHandlers(app);
  if (opts.logger) logRequests(app);

  // What every feature's routes need before any is registered: the CSV body parser (and the write gate of
  // CSV imports) and WebSocket support (the web terminal's proxy, the task log).
  registerCsvParser(app);
  await registerWebSockets(app);

  // One plugin per feature, in an order that lets each find what it builds on (the task runner before the
  // job center); the web layer last: its view permissions join the descriptions the features gave.
  const bootstrapToken = opts.bootstrapToken ?? process.env[BOOTSTRAP_TOKEN_ENV] ?? '';
  await app.register(authPlugin);
  await app.register(portalPlugin, {
    publicOrigin: opts.publicOrigin ?? 'http://127.0.0.1:8080',
    origins: corsOrigins,
    tokenTtlSeconds: portalTokenTtlSeconds,
  });
  await app.register(orgsPlugin);
  await app.register(usersPlugin);
  await app.register(settingsPlugin, { policy });
  await app.register(licensePlugin);
  await app.register(assetsPlugin);
  await app.register(applicationsPlugin);
  await app.register(permsPlugin);
  await app.register(tasksPlugin, { sshTimeoutMs: opts.sshTimeoutMs, policy });
  await app.register(opsPlugin, { demoRuns: fresh && !!opts.auditSamples });
  await app.register(auditsPlugin);
  await app.register(dashboardPlugin, { dataDir });
  await app.register(ticketsPlugin, { policy });
  await app.register(terminalPlugin, { dataDir, bootstrapToken, policy, maxReplayBytes: opts.maxReplayBytes });
  await app.register(webPlugin, { distDir: opts.distDir, terminalHttpPort: opts.terminalHttpPort });
  return app;
}

function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    logRequest(`${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`);
  });
}

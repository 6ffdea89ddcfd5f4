// Builds the reference API server: database, plugins, request context, then every route group.
import { logRequest } from './core/lib/access-log.ts';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { dirname } from 'node:path';
import { registerLoginRoutes } from './auth/login/login-routes.ts';
import { registerLoginConfirmRoutes } from './auth/confirm/login-confirm-routes.ts';
import { registerOtpVerifyRoute } from './auth/mfa/mfa-verify.ts';
import { registerLoginOtpRoutes } from './auth/mfa/login-otp-routes.ts';
import { registerOtpProfileRoutes } from './auth/mfa/otp-profile-routes.ts';
import { registerRequestContext } from './core/auth/request-context.ts';
import { registerSignInHold } from './core/auth/credential-lock.ts';
import { LOGIN_AGE_MS } from './core/auth/sessions.ts';
import { registerTokenRoutes } from './auth/login/token-routes.ts';
import { registerSsoRoutes } from './auth/login/sso-routes.ts';
import { registerServiceAccountRegistration } from './terminal/service-account-registration.ts';
import { registerApplicationRoutes } from './applications/routes.ts';
import { registerAssetRoutes } from './assets/routes.ts';
import { registerAuditRoutes } from './audits/routes.ts';
import { registerAppendOnly } from './audits/append-only.ts';
import type { ServerState } from './core/context.ts';
import { registerDashboardRoutes } from './dashboard/index-route.ts';
import { prepareDataDir } from './core/db/data-files.ts';
import { closeDatabase, openDatabase } from './core/db/open.ts';
import { registerResource } from './engine/routes.ts';
import { systemClock, type Clock } from './core/lib/time.ts';
import { ALLOWED_TARGETS_ENV, parseAllowedTargets } from '../shared/allowed-targets.ts';
import { registerCsvParser } from './engine/csv-body.ts';
import { checkpointsSettled } from './engine/csv-checkpoint.ts';
import { registerLicenseRoutes } from './license/license-routes.ts';
import { registerOpsRoutes } from './ops/register.ts';
import { registerTaskLogSocket } from './ops/task-log-socket.ts';
import { registerPermsRoutes } from './perms/routes.ts';
import { CORS_ORIGINS_ENV, parseCorsOrigins, registerCors } from './portal/cors.ts';
import { parseTokenTtl, PORTAL_TOKEN_TTL_ENV, registerAuthorizationServer } from './portal/authorization-server.ts';
import { registerPortalTokenRoute } from './portal/token-route.ts';
import { RESOURCES } from './resources.ts';
import { SECRET_KEY_ENV } from './core/secrets/secret-key.ts';
import { isEmpty, seed } from './seed/index.ts';
import { registerLdapRoutes } from './settings/ldap-routes.ts';
import { registerMailTestingRoute } from './settings/mail-testing.ts';
import { registerSettingsRoutes } from './settings/routes.ts';
import { SettingsStore } from './settings/store.ts';
import { registerTaskRoutes } from './tasks/register.ts';
import { BOOTSTRAP_TOKEN_ENV } from './terminal/registration.ts';
import { registerTerminalRoutes } from './terminal/routes.ts';
import { registerTicketRoutes } from './tickets/routes.ts';
import { registerProfileRoutes } from './users/profile-routes.ts';
import { registerUserActionRoutes } from './users/user-action-routes.ts';
import { registerCommonRoutes } from './web/common-routes.ts';
import { registerCompression } from './web/compression.ts';
import { registerEmbedRoutes } from './web/embed-route.ts';
import { registerErrorHandlers } from './web/errors.ts';
import { registerSecurityHeaders } from './web/security-headers.ts';
import { registerStaticRoutes } from './web/static-routes.ts';
import { registerTerminalSocketProxy } from './web/terminal-socket-proxy.ts';
import { registerWebTerminalPage } from './web/web-terminal-page.ts';
import { registerFileManager } from './web/file-manager-proxy.ts';
import { registerViewPermissions } from './web/view-permissions.ts';
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

  registerLoginRoutes(app);
  registerTokenRoutes(app);
  registerAuthorizationServer(app, {
    publicOrigin: opts.publicOrigin ?? 'http://127.0.0.1:8080',
    origins: corsOrigins,
    tokenTtlSeconds: portalTokenTtlSeconds,
  });
  registerPortalTokenRoute(app, corsOrigins);
  registerOtpVerifyRoute(app);
  registerLoginOtpRoutes(app);
  registerLoginConfirmRoutes(app);
  registerOtpProfileRoutes(app);
  registerCommonRoutes(app);
  registerProfileRoutes(app);
  registerSettingsRoutes(app);
  registerLicenseRoutes(app);
  registerCsvParser(app);
  for (const def of RESOURCES) registerResource(app, def);
  registerAssetRoutes(app);
  registerApplicationRoutes(app);
  registerPermsRoutes(app);
  registerUserActionRoutes(app);
  registerTaskRoutes(app, { sshTimeoutMs: opts.sshTimeoutMs, policy });
  registerOpsRoutes(app, { demoRuns: fresh && !!opts.auditSamples });
  registerMailTestingRoute(app, { policy });
  registerLdapRoutes(app, { policy });
  registerAuditRoutes(app);
  registerDashboardRoutes(app, { dataDir });
  registerTicketRoutes(app, { policy });
  registerSsoRoutes(app);
  registerServiceAccountRegistration(app, opts.bootstrapToken ?? process.env[BOOTSTRAP_TOKEN_ENV] ?? '');
  registerTerminalRoutes(app, {
    dataDir,
    bootstrapToken: opts.bootstrapToken ?? process.env[BOOTSTRAP_TOKEN_ENV] ?? '',
    policy,
    maxReplayBytes: opts.maxReplayBytes,
  });
  registerAppendOnly(app);
  // Last: the permission classes join the descriptions the features gave their views.
  registerViewPermissions(app);
  await registerStaticRoutes(app, opts.distDir);
  registerEmbedRoutes(app, opts.distDir);
  registerWebTerminalPage(app, opts.distDir);
  await registerTerminalSocketProxy(app, opts.terminalHttpPort);
  // After the proxy, which registers the WebSocket plugin.
  registerTaskLogSocket(app);
  registerFileManager(app, opts.distDir, opts.terminalHttpPort);
  return app;
}

function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    logRequest(`${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`);
  });
}

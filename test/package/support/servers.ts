// The two sites of the test: a bastion (the reference server, as `npm start` runs it, listing the portal
// as an allowed origin with the demo portal client registered for it) and the portal's own server on
// another loopback address, serving the app's build, its settings (config.json) and its back end's one
// call (/portal-token: a token for its user, asked with a super admin's key).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { freePort } from '../../../scripts/lib/free-port.mjs';

export const PASSWORD = 'bastion';
export const BOOTSTRAP = 'package-test-bootstrap';
/** The client `BASTION_DEMO_PORTAL` registers, with `<portal>/oidc-callback.html` among its redirect URIs. */
export const CLIENT_ID = 'bastion-demo-portal';

export interface Bastion {
  origin: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startBastion(root: string, portalOrigin: string): Promise<Bastion> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bastion-package-'));
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    BASTION_DEMO_PASSWORD: PASSWORD,
    BOOTSTRAP_TOKEN: BOOTSTRAP,
    BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
    BASTION_CORS_ORIGINS: portalOrigin,
    BASTION_DEMO_PORTAL: portalOrigin,
    BASTION_AUDIT_SAMPLES: '0',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk) => {
    errors = (errors + chunk).slice(-4000);
  });
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`the bastion exited (${child.exitCode}): ${errors}`);
    if (
      await fetch(`${origin}/api/health/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error(`the bastion did not start: ${errors}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    dataDir,
    child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((done) => {
          child.once('exit', done);
          setTimeout(done, 5000);
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A super admin's private token, made on the server host as an operator makes it. */
export function superAdminKey(root: string, dataDir: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', 'demo/server/core/auth/private-token-cli.ts', 'admin'],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir } },
      (error, stdout) => (error ? reject(error) : resolve(stdout.trim())),
    ),
  );
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

export interface PortalSite {
  origin: string;
  close(): Promise<void>;
}

/**
 * The portal's server on 127.0.0.3. `settings()` is what config.json says (the bastion, the client, a
 * session to replay); `backend` the key its back end signs with and the user it asks a token for.
 */
export async function servePortal(
  distDir: string,
  port: number,
  settings: () => Record<string, unknown>,
  backend: () => { bastion: string; key: string; username: string },
): Promise<PortalSite> {
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://portal').pathname;
    if (path === '/config.json')
      return void response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(settings()));
    if (path === '/portal-token') {
      const { bastion, key, username } = backend();
      const answer = await fetch(`${bastion}/api/v1/authentication/portal-tokens/`, {
        method: 'POST',
        headers: { Authorization: `Token ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_id: settings().clientId, username }),
      });
      const body = (await answer.json()) as Record<string, unknown>;
      return void response
        .writeHead(answer.status, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ ...body, username }));
    }
    const file = normalize(join(distDir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(distDir) || !existsSync(file)) return void response.writeHead(404).end('not found');
    response
      .writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' })
      .end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.3', done));
  return { origin: `http://127.0.0.3:${port}`, close: () => new Promise((done) => server.close(() => done())) };
}

// The world the terminal-door suites run in: the reference server listening on a loopback port (real
// clock: the terminal signs its calls with the time of day), a private sshd as the target asset, a user
// granted that asset with a deny rule on its system user, an asset that user is not granted, and the
// terminal component itself, registered with the bootstrap token. The server's socket proxy points at
// the terminal's web port, as `npm start` has it: a browser's web terminal goes through the server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import ssh2 from 'ssh2';
import { orgRoot } from '../../../demo/server/assets/node-tree.ts';
import type { DB } from '../../../demo/server/core/db/open.ts';
import { uuid } from '../../../demo/server/core/lib/ids.ts';
import { isoAt } from '../../../demo/server/core/lib/time.ts';
import { seal } from '../../../demo/server/core/secrets/vault.ts';
import { startTerminal, type RunningTerminal } from '../../../demo/terminal/terminal.ts';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { bearer, build, loginSession } from '../helpers.ts';
import { world } from '../perms/perms-world.ts';
import { startSshd, type TestSshd } from './sshd.ts';

export const BOOTSTRAP_TOKEN = 'td-bootstrap-token-for-tests';

export interface TerminalWorld {
  app: Awaited<ReturnType<typeof build>>;
  base: string;
  sshd: TestSshd;
  terminal: RunningTerminal;
  dataDir: string;
  user: { id: string; username: string; privateKey: string };
  ids: { target: string; hidden: string; systemUser: string };
  /** JSON answer of an admin call through the server (inject). */
  admin(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<{ status: number; json: any; body: string }>;
  /** Starts another terminal process on the same data dir (after `terminal.stop()`). */
  restartTerminal(): Promise<RunningTerminal>;
  /** The web terminal socket as a browser opens it: through the server's proxy (`?token=...` to add). */
  proxyUrl: string;
  /** Headers of a signed-in browser page of the server's origin (session cookie, Origin) for `username`. */
  browser(username: string): Promise<Record<string, string>>;
}

export interface TerminalWorldOptions {
  heartbeat?: number;
  allowedTargets?: string;
  /** The granted user's display name (default: their username). */
  userName?: string;
  /** Where the terminal's web door listens (default: its own default, loopback). */
  httpHost?: string;
  /** The system user's command filter rules (default: one deny `command` rule `rm -rf`). */
  rules?: { type: 'command' | 'regex'; content: string; action?: number }[];
}

export async function terminalWorld(t: TestContext, opts: TerminalWorldOptions = {}): Promise<TerminalWorld> {
  // Chosen before either starts: the server's proxy is told the terminal's port, the terminal needs
  // the server listening to register.
  const httpPort = await freePort();
  const app = await build(t, { now: () => Date.now(), bootstrapToken: BOOTSTRAP_TOKEN, terminalHttpPort: httpPort });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const sshd = await startSshd();
  t.after(() => sshd.stop());

  const { userId, keys, username, target, hidden, systemUser } = grantDoorWorld(app.bastion.db, sshd, opts);

  const dataDir = mkdtempSync(join(tmpdir(), 'bastion-terminal-'));
  const options = {
    apiBase: base,
    bootstrapToken: BOOTSTRAP_TOKEN,
    name: `td-${process.pid}`,
    dataDir,
    host: '127.0.0.1',
    sshPort: 0,
    httpPort,
    ...(opts.httpHost ? { httpHost: opts.httpHost } : {}),
    heartbeatInterval: opts.heartbeat ?? 1,
    allowedTargets: opts.allowedTargets ?? '127.0.0.0/8',
    log: process.env.TERMINAL_TRACE_LINES === '1' ? (line: string) => console.error(`[terminal] ${line}`) : () => {},
  };
  let terminal = await startTerminal(options);
  const running = new Set<RunningTerminal>([terminal]);
  t.after(async () => {
    for (const each of running) await each.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const adminHeaders = await bearer(app, 'admin');
  return {
    app,
    base,
    sshd,
    terminal,
    dataDir,
    user: { id: userId, username, privateKey: keys.private },
    ids: { target, hidden, systemUser },
    admin: async (method, url, body) => {
      const response = await app.inject({
        method,
        url,
        headers: { ...adminHeaders, 'accept-language': 'en' },
        ...(body === undefined ? {} : { payload: body as never }),
      });
      let json: unknown = null;
      try {
        json = response.json();
      } catch {
        /* not JSON */
      }
      return { status: response.statusCode, json, body: response.body };
    },
    restartTerminal: async () => {
      terminal = await startTerminal(options);
      running.add(terminal);
      return terminal;
    },
    proxyUrl: `${base.replace(/^http/, 'ws')}/koko/ws/terminal/`,
    browser: async (username) => ({ cookie: (await loginSession(app, username)).cookie, origin: base }),
  };
}

/**
 * An ed25519 pair ssh2 can read back: now and then ssh2's own generator writes a private key its parser calls
 * "Malformed OpenSSH private key" (a CI run failed on one), so a pair is made again until it parses.
 */
export function parsableEd25519(): { private: string; public: string } {
  for (let attempt = 0; ; attempt += 1) {
    const keys = ssh2.utils.generateKeyPairSync('ed25519');
    if (!(ssh2.utils.parseKey(keys.private) instanceof Error) || attempt >= 9) return keys;
  }
}

/**
 * What the door suites need in a database: the user `td-alice` (the demo password, an ed25519 key) granted
 * `td-target` as the system user `td-ssh` (the sshd's account and password), a `td-hidden` asset not
 * granted, and the system user's command filter rules. Also used on a database made for a server process.
 */
export function grantDoorWorld(
  db: DB,
  sshd: { port: number; username: string; password: string },
  opts: Pick<TerminalWorldOptions, 'userName' | 'rules'> = {},
) {
  const now = Date.now();
  const stamp = isoAt(now);
  const w = world(db, now);
  const keys = parsableEd25519();
  const username = 'td-alice';
  const userId = w.user(username);
  db.prepare('UPDATE users SET public_key = ?, name = ? WHERE id = ?').run(
    `${keys.public} td-alice@test`,
    opts.userName ?? username,
    userId,
  );
  const node = orgRoot(db, '');
  const systemUser = w.systemUser('td-ssh', 'ssh', 20);
  db.prepare('UPDATE system_users SET username = ?, password = ? WHERE id = ?').run(
    sshd.username,
    seal(db, sshd.password),
    systemUser,
  );
  const target = w.asset('td-target', [node], { protocols: `ssh/${sshd.port}` });
  const hidden = w.asset('td-hidden', [node], { protocols: `ssh/${sshd.port}` });
  db.prepare("UPDATE assets SET ip = '127.0.0.1', port = ? WHERE id IN (?, ?)").run(sshd.port, target, hidden);
  w.permission('td-grant', { users: [userId], assets: [target], systemUsers: [systemUser] });
  const filter = uuid();
  db.prepare('INSERT INTO cmd_filters (id, name, date_created, date_updated) VALUES (?, ?, ?, ?)').run(
    filter,
    'td-filter',
    stamp,
    stamp,
  );
  db.prepare('INSERT INTO system_user_cmd_filters (system_user_id, filter_id) VALUES (?, ?)').run(systemUser, filter);
  for (const rule of opts.rules ?? [{ type: 'command', content: 'rm -rf' }]) {
    db.prepare(
      `INSERT INTO cmd_filter_rules (id, filter_id, type, content, priority, action, date_created, date_updated)
      VALUES (?, ?, ?, ?, 50, ?, ?, ?)`,
    ).run(uuid(), filter, rule.type, rule.content, rule.action ?? 0, stamp, stamp);
  }
  return { userId, keys, username, target, hidden, systemUser };
}

/** Polls `check` until it answers something truthy (or fails after `ms`). */
export async function eventually<T>(
  check: () => Promise<T> | T,
  ms = 5000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The door-load bench's world, all on loopback: a private OpenSSH sshd (standing for the assets), the
// reference server and the terminal as their own processes (as `npm start` runs them: the bench's clients and
// load generator must not share their event loops), and `users` door users, each with a password of their
// own, all granted one asset on the sshd through a user group and an SSH system user.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildApp } from '../../demo/server/app.ts';
import { orgRoot } from '../../demo/server/assets/node-tree.ts';
import { hashPasswordNow } from '../../demo/server/core/lib/passwords.ts';
import { isoAt } from '../../demo/server/core/lib/time.ts';
import { seal } from '../../demo/server/core/secrets/vault.ts';
import { PASSWORD } from '../../test/server/helpers.ts';
import { world } from '../../test/server/perms/perms-world.ts';
import { startSshd } from '../../test/server/support/sshd.ts';
import { freePort } from '../lib/free-port.mjs';

const BOOTSTRAP_TOKEN = 'door-load-bootstrap-token';
export const ASSET = 'dl-target';

export interface DoorUser {
  username: string;
  password: string;
}

export interface DoorLoadWorld {
  /** The server's address, e.g. http://127.0.0.1:40123. */
  base: string;
  /** The terminal's SSH door. */
  sshPort: number;
  users: DoorUser[];
  /** Bearer headers of the seeded admin, for the API load. */
  adminHeaders: Record<string, string>;
  /** Every recorded command line (the server's `commands` table) that starts with `prefix`. */
  recordedInputs(prefix: string): string[];
  /** The server's and the terminal's process ids, to read their CPU time. */
  pids: { server?: number; terminal?: number };
  /** The last lines the server and the terminal printed, for an error message. */
  output(): string;
  close(): Promise<void>;
}

interface Child {
  child: ChildProcess;
  out: string[];
  stop(): Promise<void>;
}

/**
 * DOOR_LOAD_NICE (default 19): niceness of the stand-ins for other machines — the OpenSSH clients (the users'
 * machines) and the private sshd with its shells (the assets). On one 2-core machine they would otherwise take
 * the CPU from the door they are measuring (10 of the 24 CPU seconds of 150 sessions opening); 0 runs every
 * process at one priority. The server, the terminal and the bench's own API client are never niced.
 */
export function standInNice(raw = process.env.DOOR_LOAD_NICE): number | undefined {
  const nice = raw === undefined || raw === '' ? 19 : Number(raw);
  if (!Number.isInteger(nice) || nice < 0 || nice > 19)
    throw new Error(`DOOR_LOAD_NICE must be a whole number from 0 to 19, not ${raw}`);
  return nice === 0 ? undefined : nice;
}

function startChild(script: string, env: Record<string, string>): Child {
  // DOOR_LOAD_NODE_ARGS: Node flags for both processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where
  // their time goes under the crowd.
  const extra = process.env.DOOR_LOAD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', script], {
    env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: string[] = [];
  const read = (data: Buffer) => {
    out.push(...data.toString().split('\n').filter(Boolean));
    out.splice(0, Math.max(0, out.length - 200));
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, out, stop };
}

async function until(
  check: () => Promise<boolean> | boolean,
  ms: number,
  what: string,
  watched: Child[],
): Promise<void> {
  for (const deadline = Date.now() + ms; !(await check());) {
    const dead = watched.find((each) => each.child.exitCode !== null || each.child.signalCode !== null);
    if (dead) throw new Error(`${what}: a process exited:\n${dead.out.slice(-30).join('\n')}`);
    if (Date.now() > deadline) throw new Error(`${what} within ${ms / 1000} s`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

export async function doorLoadWorld(userCount: number): Promise<DoorLoadWorld> {
  const cleanups: (() => unknown)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const dataDir = mkdtempSync(join(tmpdir(), 'bastion-door-load-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Every session reaches this one sshd at once: past sshd's default of 10 pending sign-ins it drops
    // connections, which would measure the stand-in for the assets rather than the door.
    const sshd = await startSshd({ maxStartups: 1000, nice: standInNice() });
    cleanups.push(() => sshd.stop());

    // The database, written before the server starts (as the soak does): users, one group, one grant.
    const dbFile = join(dataDir, 'bastion.sqlite3');
    const seeded = await buildApp({ dbFile, demoPassword: PASSWORD, auditSamples: false });
    const db = seeded.bastion.db;
    const w = world(db, Date.now());
    const users: DoorUser[] = [];
    const setPassword = db.prepare('UPDATE users SET password_hash = ?, date_password_last_updated = ? WHERE id = ?');
    const ids: string[] = [];
    for (let i = 0; i < userCount; i += 1) {
      // A password of each user's own: the server checks each sign-in against that user's hash (~50 ms of scrypt here).
      const user = { username: `dl-user-${i}`, password: `Dl-${i}-${Math.random().toString(36).slice(2, 10)}` };
      const id = w.user(user.username);
      setPassword.run(hashPasswordNow(user.password), isoAt(Date.now()), id);
      ids.push(id);
      users.push(user);
    }
    const group = w.group('dl-door-users', ids);
    const systemUser = w.systemUser('dl-ssh', 'ssh', 20);
    db.prepare('UPDATE system_users SET username = ?, password = ? WHERE id = ?').run(
      sshd.username,
      seal(db, sshd.password),
      systemUser,
    );
    const asset = w.asset(ASSET, [orgRoot(db, '')], { protocols: `ssh/${sshd.port}` });
    db.prepare("UPDATE assets SET ip = '127.0.0.1', port = ? WHERE id = ?").run(sshd.port, asset);
    w.permission('dl-grant', { groups: [group], assets: [asset], systemUsers: [systemUser] });
    await seeded.close();

    const [port, sshPort, httpPort] = [await freePort(), await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const common = {
      BOOTSTRAP_TOKEN,
      BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
      TERMINAL_HTTP_PORT: String(httpPort),
      TERMINAL_HTTP_HOST: '127.0.0.1',
    };
    const server = startChild('demo/server/main.ts', {
      ...common,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      BASTION_AUDIT_SAMPLES: '0',
    });
    cleanups.push(() => server.stop());
    await until(
      () =>
        fetch(`${base}/api/health/`).then(
          (r) => r.ok,
          () => false,
        ),
      60_000,
      'the server did not answer',
      [server],
    );
    const terminal = startChild('demo/terminal/main.ts', {
      ...common,
      BASTION_API: base,
      TERMINAL_DATA_DIR: join(dataDir, 'terminal'),
      TERMINAL_NAME: `dl-${process.pid}`,
      TERMINAL_SSH_PORT: String(sshPort),
    });
    // Stopped before the server: its last commands and session ends still reach it.
    cleanups.push(() => terminal.stop());
    await until(() => terminal.out.some((line) => /SSH on /.test(line)), 60_000, 'the terminal did not start', [
      server,
      terminal,
    ]);

    const signIn = await fetch(`${base}/api/v1/authentication/auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`the admin's sign-in: ${signIn.status} ${await signIn.text()}`);
    const { token } = (await signIn.json()) as { token: string };

    // Read-only beside the running server (WAL): the rows as stored, not a page of the API's answer.
    const reader = new Database(dbFile, { readonly: true, fileMustExist: true });
    cleanups.push(() => reader.close());
    const byPrefix = reader.prepare("SELECT input FROM commands WHERE input LIKE ? ESCAPE '\\'").pluck();
    return {
      base,
      sshPort,
      users,
      adminHeaders: { authorization: `Bearer ${token}` },
      pids: { server: server.child.pid, terminal: terminal.child.pid },
      recordedInputs: (prefix) => byPrefix.all(`${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`) as string[],
      output: () =>
        [
          ...server.out.slice(-10).map((line) => `server: ${line}`),
          ...terminal.out.slice(-10).map((line) => `terminal: ${line}`),
        ].join('\n'),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

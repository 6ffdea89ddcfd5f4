// The reference server as a real process (demo/server/main.ts) on a fixed loopback port and data dir, so
// a test can kill it with SIGKILL and start it again on the same port and database, as an outage does.
// The database is made first in-process (seeded, then `prepare` adds what the test needs) and closed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import Database from 'better-sqlite3';
import { buildApp } from '../../../demo/server/app.ts';
import type { DB } from '../../../demo/server/core/db/open.ts';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { PASSWORD } from '../helpers.ts';

export interface ServerProcess {
  base: string;
  dataDir: string;
  /** Starts the server (again) and resolves once it answers. */
  start(): Promise<void>;
  /** SIGKILL: no clean shutdown, requests in flight are cut. */
  kill(): Promise<void>;
  /** Runs `read` on a read-only connection to the database (opened and closed around it). */
  query<T>(read: (db: DB) => T): T;
  output(): string;
}

export async function serverProcess(
  t: TestContext,
  opts: { bootstrapToken: string; prepare: (db: DB) => void },
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bastion-server-'));
  const dbFile = join(dataDir, 'bastion.sqlite3');
  const seeded = await buildApp({ dbFile, demoPassword: PASSWORD, auditSamples: false });
  opts.prepare(seeded.bastion.db);
  await seeded.close();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let out = '';
  const kill = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  t.after(async () => {
    await kill();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    base,
    dataDir,
    start: async () => {
      child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          BOOTSTRAP_TOKEN: opts.bootstrapToken,
          BASTION_AUDIT_SAMPLES: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (data) => {
        out += data;
      });
      child.stderr!.on('data', (data) => {
        out += data;
      });
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${out}`);
        try {
          if ((await fetch(`${base}/api/v1/settings/public/`)).ok) return;
        } catch {
          /* not listening yet */
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`the server did not answer within 30 s:\n${out}`);
    },
    kill,
    query: (read) => {
      const db = new Database(dbFile, { readonly: true, fileMustExist: true });
      try {
        return read(db);
      } finally {
        db.close();
      }
    },
    output: () => out,
  };
}

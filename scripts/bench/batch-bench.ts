// The batch command's cost (`npm run bench -- batch`): 100 assets, all the private test sshd (it listens on
// ten 127.x addresses, ten assets on each), granted to one user with one SSH system user; one batch command
// (`uname -a`) over all of them, followed over the task-log WebSocket as the page follows it. Measured: from
// the POST to the first host's output on the socket, and to the last frame; the server's peak RSS (it runs in
// this process); and the users list's latency (p50, p99, max) while the run goes on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { buildApp } from '../../demo/server/app.ts';
import { orgRoot } from '../../demo/server/assets/node-tree.ts';
import { seal } from '../../demo/server/core/secrets/vault.ts';
import { PASSWORD, bearer, loginSession } from '../../test/server/helpers.ts';
import { world } from '../../test/server/perms/perms-world.ts';
import { startSshd } from '../../test/server/support/sshd.ts';

export const FIRST_OUTPUT_BUDGET_MS = 1000;
export const ALL_DONE_BUDGET_MS = 20_000;
export const LIST_WAIT_BUDGET_MS = 250;
const ADDRESSES = ['127.0.0.1', ...Array.from({ length: 9 }, (_, i) => `127.0.1.${i + 1}`)];
const HOSTS = 100;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

export async function benchBatch() {
  const sshd = await startSshd({ alsoListen: ADDRESSES.slice(1) });
  const dir = mkdtempSync(join(tmpdir(), 'bastion-bench-batch-'));
  const app = await buildApp({
    dbFile: join(dir, 'bench.sqlite3'),
    demoPassword: PASSWORD,
    allowedTargets: '127.0.0.0/8',
    sshTimeoutMs: 10_000,
  });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const db = app.bastion.db;
    const w = world(db, Date.now());
    const user = w.user('bench-batch');
    const runAs = w.systemUser('bench-ssh', 'ssh', 10);
    db.prepare('UPDATE system_users SET username = ?, password = ? WHERE id = ?').run(
      sshd.username,
      seal(db, sshd.password),
      runAs,
    );
    const root = orgRoot(db, '');
    const node = w.node(root, 'bench-batch');
    const assets = Array.from({ length: HOSTS }, (_, i) => {
      const id = w.asset(`batch-${String(i).padStart(3, '0')}`, [node], { protocols: `ssh/${sshd.port}` });
      db.prepare('UPDATE assets SET ip = ?, port = ? WHERE id = ?').run(ADDRESSES[i % ADDRESSES.length], sshd.port, id);
      return id;
    });
    w.permission('bench-batch', { users: [user], nodes: [node.id], systemUsers: [runAs] });
    const headers = await bearer(app, 'bench-batch');
    const adminHeaders = await bearer(app, 'admin');
    const session = await loginSession(app, 'bench-batch');

    // The users list, asked again and again while the run goes on (one at a time, as a console would).
    const listTimes: number[] = [];
    let running = true;
    const lister = (async () => {
      while (running) {
        const start = performance.now();
        await app.inject({ method: 'GET', url: '/api/v1/users/users/?limit=15&offset=0', headers: adminHeaders });
        listTimes.push(performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 50);

    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/ops/tasks/log/`, {
      headers: { cookie: session.cookie, origin: `http://127.0.0.1:${port}` },
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/ops/command-executions/',
      headers,
      payload: { hosts: assets, run_as: runAs, command: 'uname -a' },
    });
    if (response.statusCode !== 201) throw new Error(`POST: ${response.statusCode} ${response.body}`);
    const task = response.json().id as string;
    let firstOutput = 0;
    let text = '';
    const done = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no end within 120 s: ${text.slice(-500)}`)), 120_000);
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as { message: string; end?: boolean };
        text += frame.message;
        if (!firstOutput && /\r\nLinux /.test(text)) firstOutput = performance.now() - started;
        if (frame.end) {
          clearTimeout(timer);
          resolve(performance.now() - started);
        }
      });
      socket.send(JSON.stringify({ task }));
    });
    const allDone = await done;
    running = false;
    await lister;
    clearInterval(sampler);
    socket.close();
    const result = (await app.inject({ method: 'GET', url: `/api/v1/ops/command-executions/${task}/`, headers })).json()
      .result as { ok: string[]; failed: Record<string, string> };
    const sorted = [...listTimes].sort((a, b) => a - b);
    return {
      firstOutput,
      allDone,
      ok: result.ok.length,
      failed: Object.keys(result.failed).length,
      peakRssMb: peakRss / 1024 / 1024,
      list: { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 },
    };
  } finally {
    await app.close();
    await sshd.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// The soak: the reference server and the terminal as `npm start` runs them, each its own process on the
// project's Node with a small young generation (GC_FLAGS) and --trace-gc, so every collection and the heap
// it leaves is seen, for SOAK_MINUTES (default 10) under three loads at once, all on loopback:
// - writes: an admin creates, edits, lists and deletes assets and users over HTTP, without pause;
// - terminal sessions: two OpenSSH clients in turn sign in to the door with a key, open the granted asset
//   (a private sshd), run a command with some output and leave; each session is recorded and uploaded;
// - GC pressure: big answers four times a second (500-row asset and user lists, CSV exports, a search with
//   a new filter each time, so statements are prepared and dropped), the garbage better-sqlite3 12 aborted on.
// Every 5 s the processes' RSS is read from /proc; the heap after each GC comes from the trace. The answer:
// per minute, RSS and the heap full GCs left (what is live), requests, errors, sessions; any
// process that exits, aborts or prints an assertion; and a verdict on memory growth, first minute to last.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import { buildApp } from '../../demo/server/app.ts';
import { orgRoot } from '../../demo/server/assets/node-tree.ts';
import { seal } from '../../demo/server/core/secrets/vault.ts';
import { PASSWORD } from '../../test/server/helpers.ts';
import { world } from '../../test/server/perms/perms-world.ts';
import { startSshd } from '../../test/server/support/sshd.ts';
import { freePort } from '../lib/free-port.mjs';
import { openssh } from './door-bench.ts';

const BOOTSTRAP_TOKEN = 'soak-bootstrap-token';
const SAMPLE_MS = 5_000;
/** Memory counts as growing when the last minute is above the first by both this share and this many MB. */
export const GROWTH = { share: 0.25, rssMb: 30, heapMb: 10 };

interface Gc {
  at: number;
  kind: string;
  afterMb: number;
}
interface Watched {
  name: string;
  child: ChildProcess;
  out: string[];
  gcs: Gc[];
  rss: { at: number; mb: number }[];
  exit?: string;
}

/**
 * V8 flags of both processes: a 1 MB young generation (default: up to 16–32 MB) makes a scavenge of every
 * MB allocated, so objects (statements among them) are collected, and their finalizers run, hundreds of times a minute.
 */
export const GC_FLAGS = (process.env.SOAK_NODE_FLAGS ?? '--max-semi-space-size=1').split(/\s+/).filter(Boolean);

function watch(name: string, script: string, env: Record<string, string>): Watched {
  // As `npm start` runs them (scripts/start.mjs): two malloc arenas unless MALLOC_ARENA_MAX says otherwise.
  const child = spawn(process.execPath, [...GC_FLAGS, '--trace-gc', '--import', 'tsx', script], {
    env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watched: Watched = { name, child, out: [], gcs: [], rss: [] };
  const started = Date.now();
  let partial = '';
  const read = (data: Buffer) => {
    const lines = (partial + data.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      // V8's trace: "[pid:0x…]  1234 ms: Scavenge 10.5 (12.0) -> 9.8 (13.0) MB, …" (heap used, and committed, before -> after).
      const gc =
        /^\[\d+:0x[0-9a-f]+\]\s+(\d+) ms: ([A-Za-z-]+(?: \([a-z]+\))?) [\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/.exec(
          line,
        );
      if (gc) watched.gcs.push({ at: started + Number(gc[1]), kind: gc[2], afterMb: Number(gc[3]) });
      else {
        watched.out.push(line);
        if (watched.out.length > 200) watched.out.shift();
      }
    }
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  child.once('exit', (code, signal) => {
    watched.exit = signal ? `killed by ${signal}` : `exited with ${code}`;
  });
  return watched;
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const median = (values: number[]) =>
  values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value: number) => (Number.isFinite(value) ? Number(value.toFixed(1)) : '');

async function until(
  check: () => Promise<boolean> | boolean,
  ms: number,
  what: string,
  watched: Watched[],
): Promise<void> {
  for (const deadline = Date.now() + ms; !(await check());) {
    const dead = watched.find((each) => each.exit);
    if (dead) throw new Error(`${dead.name} ${dead.exit} while starting:\n${dead.out.slice(-30).join('\n')}`);
    if (Date.now() > deadline) throw new Error(`${what} within ${ms / 1000} s`);
    await sleep(200);
  }
}

export async function soak(minutes = Number(process.env.SOAK_MINUTES || 10)) {
  const cleanups: (() => unknown)[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'bastion-soak-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  try {
    const sshd = await startSshd();
    cleanups.push(() => sshd.stop());
    const keys = ssh2.utils.generateKeyPairSync('ed25519');
    const keyFile = join(dataDir, 'door-key');
    writeFileSync(keyFile, keys.private, { mode: 0o600 });

    // The database as the terminal tests have it: a user with a key, granted one asset (the sshd) through a system user.
    const dbFile = join(dataDir, 'bastion.sqlite3');
    const seeded = await buildApp({ dbFile, demoPassword: PASSWORD, auditSamples: false });
    const db = seeded.bastion.db;
    const w = world(db, Date.now());
    const userId = w.user('soak-user');
    db.prepare('UPDATE users SET public_key = ? WHERE id = ?').run(`${keys.public} soak@bench`, userId);
    const systemUser = w.systemUser('soak-ssh', 'ssh', 20);
    db.prepare('UPDATE system_users SET username = ?, password = ? WHERE id = ?').run(
      sshd.username,
      seal(db, sshd.password),
      systemUser,
    );
    const target = w.asset('soak-target', [orgRoot(db, '')], { protocols: `ssh/${sshd.port}` });
    db.prepare("UPDATE assets SET ip = '127.0.0.1', port = ? WHERE id = ?").run(sshd.port, target);
    w.permission('soak-grant', { users: [userId], assets: [target], systemUsers: [systemUser] });
    await seeded.close();

    const [port, sshPort, httpPort] = [await freePort(), await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const common = {
      BOOTSTRAP_TOKEN,
      BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
      TERMINAL_HTTP_PORT: String(httpPort),
      TERMINAL_HTTP_HOST: '127.0.0.1',
    };
    const server = watch('server', 'demo/server/main.ts', {
      ...common,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      BASTION_AUDIT_SAMPLES: '0',
    });
    const processes = [server];
    const stop = async (each: Watched) => {
      if (each.child.exitCode !== null || each.child.signalCode !== null) return;
      const exited = new Promise((done) => each.child.once('exit', done));
      each.child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000).then(() => each.child.kill('SIGKILL'))]);
    };
    cleanups.push(() => stop(server));
    await until(
      () =>
        fetch(`${base}/api/health/`).then(
          (r) => r.ok,
          () => false,
        ),
      60_000,
      'the server did not answer',
      processes,
    );
    const terminal = watch('terminal', 'demo/terminal/main.ts', {
      ...common,
      BASTION_API: base,
      TERMINAL_DATA_DIR: join(dataDir, 'terminal'),
      TERMINAL_NAME: `soak-${process.pid}`,
      TERMINAL_SSH_PORT: String(sshPort),
    });
    processes.push(terminal);
    cleanups.push(() => stop(terminal));
    await until(
      () => terminal.out.some((line) => /SSH on /.test(line)),
      60_000,
      'the terminal did not start',
      processes,
    );

    const token = (await fetch(`${base}/api/v1/authentication/auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    }).then((r) => r.json())) as { token: string };
    const headers = { authorization: `Bearer ${token.token}`, 'content-type': 'application/json' };

    const started = Date.now();
    const endAt = started + minutes * 60_000;
    const minuteOf = (at: number) => Math.min(minutes - 1, Math.floor((at - started) / 60_000));
    const perMinute = Array.from({ length: minutes }, () => ({
      requests: 0,
      errors: 0,
      sessions: 0,
      sessionFailures: 0,
    }));
    const firstErrors: string[] = [];
    const running = () => Date.now() < endAt && processes.every((each) => !each.exit);

    const call = async (method: string, url: string, body?: unknown): Promise<{ id?: string } | null> => {
      const slot = perMinute[minuteOf(Date.now())];
      slot.requests += 1;
      try {
        const response = await fetch(`${base}${url}`, {
          method,
          headers: body === undefined ? { authorization: headers.authorization } : headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        if (response.status >= 400) {
          slot.errors += 1;
          if (firstErrors.length < 5) firstErrors.push(`${method} ${url}: ${response.status} ${text.slice(0, 120)}`);
          return null;
        }
        // Only the id of what was made is used; a body that is not JSON has none.
        return text && /json/.test(response.headers.get('content-type') ?? '')
          ? (JSON.parse(text) as { id?: string })
          : {};
      } catch (error) {
        slot.errors += 1;
        if (firstErrors.length < 5) firstErrors.push(`${method} ${url}: ${(error as Error).message}`);
        return null;
      }
    };

    const writes = async () => {
      for (let i = 0; running(); i += 1) {
        const asset = await call('POST', '/api/v1/assets/assets/', {
          hostname: `soak-${i}`,
          ip: `127.8.${(i >> 8) & 255}.${i & 255}`,
          platform: 'Linux',
        });
        if (asset?.id) {
          await call('PATCH', `/api/v1/assets/assets/${asset.id}/`, { comment: `edited ${i}` });
          await call('GET', `/api/v1/assets/assets/?limit=15&search=soak-${i}`);
          await call('DELETE', `/api/v1/assets/assets/${asset.id}/`);
        }
        const user = await call('POST', '/api/v1/users/users/', {
          username: `soak-u${i}`,
          name: `Soak ${i}`,
          email: `soak${i}@example.test`,
          password_strategy: 1,
          password: 'Soak-pass-1x',
        });
        if (user?.id) await call('DELETE', `/api/v1/users/users/${user.id}/`);
      }
    };

    const pressure = async () => {
      for (let i = 0; running(); i += 1) {
        await call('GET', '/api/v1/assets/assets/?limit=500&offset=0');
        await call('GET', '/api/v1/users/users/?limit=500&offset=0');
        await call(
          'GET',
          `/api/v1/assets/assets/?limit=50&hostname=${encodeURIComponent(`web${i % 97}`)}&ip=127.${i % 251}`,
        );
        if (i % 5 === 0) await call('GET', '/api/v1/assets/assets/?format=csv');
        if (i % 5 === 2) await call('GET', '/api/v1/users/users/?format=csv');
        await sleep(250);
      }
    };

    const sessions = async (lane: number) => {
      for (let i = 0; running(); i += 1) {
        const slot = () => perMinute[minuteOf(Date.now())];
        const client = openssh(sshPort, 'soak-user', keyFile);
        try {
          await client.waitFor(/Opt> $/, 30_000);
          client.write('soak-target\r');
          await client.waitFor(/\$ (\x1b\[K)?$/, 30_000);
          client.write(`seq 1 20000 | tail -n 2; echo SOAK-$((${lane * 100_000 + i}+1))\r`);
          await client.waitFor(new RegExp(`SOAK-${lane * 100_000 + i + 1}\\r\\n`), 60_000);
          client.write('exit\r');
          await client.waitFor(/Opt> $/, 30_000);
          slot().sessions += 1;
        } catch (error) {
          slot().sessionFailures += 1;
          if (firstErrors.length < 5) firstErrors.push(`session: ${(error as Error).message.slice(0, 200)}`);
        } finally {
          client.close();
        }
        await sleep(2000);
      }
    };

    const sampler = async () => {
      while (running()) {
        for (const each of processes)
          if (!each.exit)
            try {
              each.rss.push({ at: Date.now(), mb: rssMb(each.child.pid!) });
            } catch {
              /* exiting */
            }
        await sleep(SAMPLE_MS);
      }
    };

    await Promise.all([writes(), pressure(), sessions(0), sessions(1), sampler()]);
    const runtimes = processes.map((each) => {
      try {
        return `${each.name} ${realpathSync(`/proc/${each.child.pid}/exe`) === realpathSync(process.execPath) ? process.version : 'on another Node'}`;
      } catch {
        return `${each.name} gone`;
      }
    });
    const ranMinutes = Math.max(1, Math.ceil((Date.now() - started) / 60_000));

    // Abort, crash or assertion: a process that is gone before the end, or that said so.
    const failures = processes
      .filter((each) => each.exit)
      .map((each) => `${each.name} ${each.exit}: ${each.out.slice(-5).join(' | ')}`);
    for (const each of processes) {
      const said = each.out.find((line) =>
        /Assertion failed|FATAL ERROR|Segmentation fault|SIGABRT|out of memory/i.test(line),
      );
      if (said) failures.push(`${each.name} printed: ${said}`);
    }
    for (const each of processes) await stop(each);

    const rows: (string | number)[][] = [];
    const minuteFigures = (each: Watched, minute: number) => {
      const inMinute = <T extends { at: number }>(list: T[]) => list.filter((item) => minuteOf(item.at) === minute);
      const gcs = inMinute(each.gcs);
      // What is live: the heap full collections (mark-compact) left that minute, their median; a scavenge
      // leaves the old generation's garbage in, so its figure swung tens of MB with nothing growing.
      const full = gcs.filter((gc) => gc.kind.startsWith('Mark'));
      const heap = full.length ? median(full.map((gc) => gc.afterMb)) : Math.min(...gcs.map((gc) => gc.afterMb));
      return { rss: median(inMinute(each.rss).map((item) => item.mb)), heap, gcs: gcs.length, full: full.length };
    };
    for (let minute = 0; minute < Math.min(minutes, ranMinutes); minute += 1) {
      const s = minuteFigures(server, minute);
      const t = minuteFigures(terminal, minute);
      const load = perMinute[minute];
      rows.push([
        `minute ${minute + 1}`,
        round(s.rss),
        round(s.heap),
        `${s.gcs} (${s.full})`,
        round(t.rss),
        round(t.heap),
        `${t.gcs} (${t.full})`,
        load.requests,
        load.errors,
        `${load.sessions}/${load.sessions + load.sessionFailures}`,
      ]);
    }
    const last = Math.min(minutes, ranMinutes) - 1;
    const growth: string[] = [];
    for (const each of processes) {
      const first = minuteFigures(each, 0);
      const end = minuteFigures(each, last);
      const grew = (a: number, b: number, mb: number) =>
        Number.isFinite(a) && Number.isFinite(b) && b - a > mb && b > a * (1 + GROWTH.share);
      if (grew(first.rss, end.rss, GROWTH.rssMb))
        growth.push(`${each.name} RSS ${round(first.rss)} → ${round(end.rss)} MB`);
      if (grew(first.heap, end.heap, GROWTH.heapMb))
        growth.push(`${each.name} live heap ${round(first.heap)} → ${round(end.heap)} MB`);
    }
    const totals = perMinute.reduce(
      (sum, slot) => ({
        requests: sum.requests + slot.requests,
        errors: sum.errors + slot.errors,
        sessions: sum.sessions + slot.sessions,
        failed: sum.failed + slot.sessionFailures,
      }),
      { requests: 0, errors: 0, sessions: 0, failed: 0 },
    );
    const verdict =
      failures.length > 0
        ? `FAILED: ${failures.join('; ')}`
        : growth.length > 0
          ? `memory grows: ${growth.join('; ')}`
          : `no abort or crash; memory steady (first minute to last within ${GROWTH.share * 100}% or ${GROWTH.rssMb} MB RSS / ${GROWTH.heapMb} MB heap)`;
    return { minutes: ranMinutes, rows, runtimes, totals, firstErrors, failures, growth, verdict };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await soak(Number(process.argv[2]) || undefined), null, 2));
}

// Bench section (group `storage`): a 200 MB recording stored by the real terminal process (demo/terminal,
// as `npm start` runs it) into a Ceph bucket (RADOS Gateway on loopback): the time from its start to the
// server being told (SHA-256 pass, gzip on the way, streaming multipart upload, the server's HEAD and header
// check), as MB/s of the recording, and the terminal's resident memory above idle meanwhile (budget 64 MB:
// a recording is never held in memory). The terminal starts once with nothing to do (idle), then again with
// the recording left in its replays folder and its session open, as a terminal killed mid-session leaves
// them: on start it closes the session and stores the recording.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeCast } from './replay-cast.mjs';
import { ms, within } from './stats.mjs';
import { storageWorld } from './storage-world.mjs';

const BOOTSTRAP_TOKEN = `bench-storage-${randomUUID()}`;
const MEMORY_BUDGET_MB = 64;
/** Seconds of the generated recording: the replay bench's hour is ~27 MiB, so this is ~200 MB. */
const RECORDING_SECONDS = 27_000;
const UPLOAD_TIMEOUT_MS = 600_000;

const rssMb = (pid) => {
  const line =
    readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:')) ?? 'VmRSS: 0 kB';
  return Number(line.replace(/\D+/g, '')) / 1024;
};
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function startTerminal(world, dataDir) {
  const env = {
    ...process.env,
    BASTION_API: world.base,
    BOOTSTRAP_TOKEN,
    TERMINAL_DATA_DIR: dataDir,
    TERMINAL_NAME: 'bench-storage',
    TERMINAL_SSH_PORT: '0',
    TERMINAL_HTTP_PORT: '0',
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/terminal/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (data) => {
    out += data;
  });
  child.stderr.on('data', (data) => {
    out += data;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    output: () => out,
    async listening() {
      for (const deadline = Date.now() + 60_000; !/SSH on /.test(out); await pause(50)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the terminal did not start:\n${out}`);
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function measure(distDir) {
  const world = await storageWorld({ distDir, bootstrapToken: BOOTSTRAP_TOKEN });
  let terminal;
  try {
    const dataDir = join(world.dir, 'terminal');
    // Idle: registered, configured, doors open, heartbeats going, nothing to deliver.
    terminal = startTerminal(world, dataDir);
    await terminal.listening();
    const listed = await world.admin('GET', '/api/v1/terminal/terminals/?name=bench-storage');
    const [registered] = Array.isArray(listed) ? listed : listed.results;
    await world.admin('PATCH', `/api/v1/terminal/terminals/${registered.id}/`, { replay_storage: 'bench-ceph' });
    await pause(5000);
    const idleSamples = [];
    for (let i = 0; i < 10; i += 1, await pause(100)) idleSamples.push(rssMb(terminal.child.pid));
    const idle = idleSamples.sort((a, b) => a - b)[5];
    await terminal.stop();

    // What a terminal killed mid-session leaves: the session open on the server, its recording on disk.
    mkdirSync(join(dataDir, 'replays'), { recursive: true });
    const id = world.insertSession({
      terminal: registered.id,
      dateStart: new Date(Date.now() - 3600_000).toISOString(),
      replayStorage: world.storageId,
    });
    const file = join(dataDir, 'replays', `${id}.cast`);
    await writeCast(file, { seconds: RECORDING_SECONDS });
    const bytes = statSync(file).size;

    terminal = startTerminal(world, dataDir);
    let peak = 0;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssMb(terminal.child.pid));
      } catch {
        /* exited */
      }
    }, 20);
    let stored;
    for (
      const deadline = Date.now() + UPLOAD_TIMEOUT_MS;
      !(stored = /stored in bench-ceph as (\S+): ([\d.]+) MiB gzip in ([\d.]+) s/.exec(terminal.output()));
      await pause(100)
    ) {
      if (Date.now() > deadline || terminal.child.exitCode !== null)
        throw new Error(`the recording was not stored:\n${terminal.output()}`);
    }
    clearInterval(sampler);
    if (!world.hasReplay(id)) throw new Error('the server does not have the recording');
    return { bytes, gzipMiB: Number(stored[2]), seconds: Number(stored[3]), idle, peak, key: stored[1] };
  } finally {
    await terminal?.stop();
    await world.stop();
  }
}

export const storageUpload = {
  title:
    'A 200 MB recording stored by the terminal process into Ceph (RADOS Gateway on loopback): SHA-256, gzip on the way, streaming multipart upload, the server told',
  async run({ distDir }) {
    const r = await measure(distDir);
    const mb = r.bytes / 1e6;
    return {
      headers: ['measure', 'figure', 'budget', 'within'],
      rows: [
        [`recording: ${ms(mb)} MB of asciicast, stored as ${ms(r.gzipMiB)} MiB gzip (${r.key})`, '', '', ''],
        ['time to stored and told (s)', ms(r.seconds), '', ''],
        ['throughput (MB/s of recording)', ms(mb / r.seconds), '', ''],
        ['terminal RSS idle / peak (MB)', `${ms(r.idle)} / ${ms(r.peak)}`, '', ''],
        [
          'terminal RSS above idle (MB)',
          ms(r.peak - r.idle),
          `<= ${MEMORY_BUDGET_MB}`,
          within(r.peak - r.idle, MEMORY_BUDGET_MB),
        ],
      ],
      notes: [
        `load average when done: ${(await import('node:os'))
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      ],
    };
  },
};

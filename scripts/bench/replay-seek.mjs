// Bench section (group `replay`): <bastion-session-replay> on /embed-replay.html in headless Chromium,
// playing a one-hour heavy-output recording (replay-cast.mjs, ≥ 20 MB of asciicast, 120 commands)
// that a registered terminal uploaded through the API, as demo/terminal does. Times the first frame
// (navigation → the player drawn at 0:00, ready) cold, then clicks every command in a shuffled order
// (backwards and forwards) and times each jump until the screen shows it.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { coldLoads, launchChromium, login, timeToSelector } from './chromium.mjs';
import { outputMarker, writeCast } from './replay-cast.mjs';
import { startServer, stopServer } from './server-child.mjs';
import { ms, percentile, within } from './stats.mjs';
import { registeredTerminal } from '../lib/terminal-signing.mjs';

const DEMO_PASSWORD = 'bastion';
const BOOTSTRAP_TOKEN = `bench-replay-${randomUUID()}`;
const FIRST_FRAME_BUDGET_MS = 700;
const SEEK_BUDGET_MS = 100;
const INDEX_TIMEOUT_MS = 180_000;
const READY = '.replay-player[data-state="ready"]';

async function recordSession(base, dir) {
  const file = join(dir, 'one-hour.cast');
  const cast = await writeCast(file);
  const { call, terminalId } = await registeredTerminal(base, BOOTSTRAP_TOKEN, {
    name: 'bench-replay',
    comment: 'replay bench',
  });
  const id = randomUUID();
  const names = { user: 'Administrator(admin)', asset: 'bench-host', system_user: 'root' };
  // The bench plays an hour that already happened: the API opens a session only as it opens, for a user the
  // terminal signs in then, so this one is written into the database as that terminal's door recorded it.
  // Its commands, recording and finish then go through the API like any terminal's.
  const db = new Database(join(dir, 'bastion.sqlite3'));
  try {
    db.prepare(
      `INSERT INTO terminal_sessions (id, user, asset, system_user, login_from, remote_addr, protocol, org_id, date_start, terminal)
      VALUES (?, ?, ?, ?, 'ST', '127.0.0.1', 'ssh', '', ?, ?)`,
    ).run(id, names.user, names.asset, names.system_user, new Date(cast.start * 1000).toISOString(), terminalId);
  } finally {
    db.close();
  }
  await call('POST', '/api/v1/terminal/commands/', {
    json: cast.commands.map((command) => ({
      ...names,
      input: command.input,
      output: command.output,
      session: id,
      risk_level: 0,
      org_id: '',
      timestamp: cast.start + command.offset,
    })),
  });
  const form = new FormData();
  form.append('file', new Blob([gzipSync(readFileSync(file))]), `${id}.cast.gz`);
  await call('POST', `/api/v1/terminal/sessions/${id}/replay/`, { form });
  await call('PATCH', `/api/v1/terminal/sessions/${id}/`, {
    json: {
      is_finished: true,
      date_end: new Date((cast.start + cast.duration) * 1000).toISOString(),
      has_replay: true,
      has_command: true,
    },
  });
  return { id, cast };
}

/** In the page: click each command (in `order`), time until the screen shows it drawn. */
function seekInPage(order, markers, debug) {
  const find = (root, sel) =>
    root.querySelector(sel) ??
    [...root.querySelectorAll('*')]
      .filter((el) => el.shadowRoot)
      .map((el) => find(el.shadowRoot, sel))
      .find(Boolean);
  const player = find(document, '.replay-player');
  const buttons = [...player.querySelectorAll('.replay-commands li button')];
  const rows = () => find(document, '.xterm-rows')?.textContent ?? '';
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  return (async () => {
    const times = [];
    const wrong = [];
    for (const index of order) {
      const offset = Number(buttons[index].parentElement.dataset.offset);
      const started = performance.now();
      buttons[index].click();
      while (!(player.dataset.seeking === 'false' && Number(player.dataset.position) === offset)) await frame();
      await frame(); // the frame that draws it
      times.push(performance.now() - started);
      if (!rows().includes(markers[index])) wrong.push(index);
      if (debug) console.log(index, offset, Math.round(times[times.length - 1]));
    }
    return { times, wrong };
  })();
}

async function measure(distDir) {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-bench-replay-'));
  const saved = process.env.BOOTSTRAP_TOKEN;
  process.env.BOOTSTRAP_TOKEN = BOOTSTRAP_TOKEN; // the child server reads it at start
  const { child, base } = await startServer({ dataDir: dir, distDir, demoPassword: DEMO_PASSWORD }).finally(() => {
    if (saved === undefined) delete process.env.BOOTSTRAP_TOKEN;
    else process.env.BOOTSTRAP_TOKEN = saved;
  });
  let browser;
  try {
    const { id, cast } = await recordSession(base, dir);
    ({ browser } = await launchChromium());
    const url = `${base}/embed-replay.html?session=${id}`;
    const cold = (await coldLoads(browser, { base, password: DEMO_PASSWORD, url, selector: READY })).sort(
      (a, b) => a - b,
    );
    const page = await browser.newPage();
    if (process.env.BENCH_REPLAY_DEBUG) page.on('console', (m) => console.log('page:', m.text()));
    await page.setViewport({ width: 1280, height: 800 });
    await login(page, base, DEMO_PASSWORD);
    const first = await timeToSelector(page, url, READY);
    // Where the warm first frame's time went, on the page's clock (0 = navigation start).
    const marks = await page.evaluate(() =>
      performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('replay:'))
        .map((m) => [m.name, m.startTime]),
    );
    const indexStarted = performance.now();
    await page.waitForFunction(
      (sel) => {
        const find = (root) =>
          root.querySelector(sel) ??
          [...root.querySelectorAll('*')]
            .filter((el) => el.shadowRoot)
            .map((el) => find(el.shadowRoot))
            .find(Boolean);
        return find(document)?.dataset.indexed === 'complete';
      },
      { polling: 200, timeout: INDEX_TIMEOUT_MS },
      '.replay-player',
    );
    const indexing = performance.now() - indexStarted + first.total;
    // A fixed shuffle: jumps go backwards as often as forwards, near and far.
    const order = cast.commands.map((_, i) => i).sort((a, b) => ((a * 7919) % 113) - ((b * 7919) % 113));
    const markers = cast.commands.map((_, i) => outputMarker(i));
    const { times, wrong } = await page.evaluate(seekInPage, order, markers, Boolean(process.env.BENCH_REPLAY_DEBUG));
    return {
      marks,
      bytes: cast.bytes,
      commands: cast.commands.length,
      cold,
      warm: first.total,
      indexing,
      seeks: times.sort((a, b) => a - b),
      wrong,
    };
  } finally {
    await browser?.close();
    await stopServer(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

export const replaySeek = {
  title:
    '<bastion-session-replay> on /embed-replay.html in headless Chromium: one-hour recording with heavy output (asciicast streamed gzip), keyframe seeking',
  async run({ distDir }) {
    const r = await measure(distDir);
    const row = (name, value, budget) => [name, ms(value), budget ?? '', budget ? within(value, budget) : ''];
    const mb = (r.bytes / 1024 / 1024).toFixed(1);
    return {
      headers: ['measure', 'ms', 'budget ms', 'within'],
      rows: [
        [`recording: ${mb} MiB of asciicast, ${r.commands} commands, 1 h`, '', '', ''],
        row(`first frame, cold p50 (${r.cold.length} fresh contexts)`, percentile(r.cold, 50), FIRST_FRAME_BUDGET_MS),
        row('first frame, cold max', r.cold[r.cold.length - 1], FIRST_FRAME_BUDGET_MS),
        row('first frame, warm (cached page files)', r.warm, FIRST_FRAME_BUDGET_MS),
        row('seek snapshots cover the whole hour (background, from navigation)', r.indexing),
        row(`seek to a command p50 (${r.seeks.length} clicks, shuffled)`, percentile(r.seeks, 50), SEEK_BUDGET_MS),
        row('seek to a command p95', percentile(r.seeks, 95), SEEK_BUDGET_MS),
        row('seek to a command max', r.seeks[r.seeks.length - 1], SEEK_BUDGET_MS),
        ...r.marks.map(([name, at]) => [`  warm first frame: ${name} at (page clock)`, ms(at), '', '']),
        [
          `screens without their command's output after the jump: ${r.wrong.length}`,
          '',
          '',
          r.wrong.length === 0 ? 'yes' : 'NO',
        ],
      ],
    };
  },
};

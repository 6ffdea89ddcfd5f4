// Bench section (group `storage`): the first replay frame of the one-hour recording (replay-cast.mjs, the
// replay bench's) when it is kept in a Ceph bucket (RADOS Gateway on loopback, streamed through the server)
// against the same recording on the server's disk, in headless Chromium on /embed-replay.html: cold loads
// alternating between the two, then a warm one each. Budget: from the bucket within 1.5x of from disk.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { coldLoads, launchChromium, login, timeToSelector } from './chromium.mjs';
import { writeCast } from './replay-cast.mjs';
import { ms, percentile, within } from './stats.mjs';
import { BUCKET, DEMO_PASSWORD, storageWorld } from './storage-world.mjs';
import { registeredTerminal } from '../lib/terminal-signing.mjs';

const BOOTSTRAP_TOKEN = `bench-storage-frame-${randomUUID()}`;
const RATIO_BUDGET = 1.5;
const COLD_PAIRS = 5;
const READY = '.replay-player[data-state="ready"]';

/** A registered terminal's signed calls, their answers as JSON. */
async function terminalCalls(base) {
  const terminal = await registeredTerminal(base, BOOTSTRAP_TOKEN, { name: 'bench-frame', comment: 'storage bench' });
  const call = async (...args) => {
    const text = await terminal.call(...args);
    return text ? JSON.parse(text) : null;
  };
  return { call, terminalId: terminal.terminalId };
}

async function measure(distDir) {
  const world = await storageWorld({ distDir, bootstrapToken: BOOTSTRAP_TOKEN });
  const scratch = mkdtempSync(join(tmpdir(), 'bastion-bench-frame-'));
  let browser;
  try {
    const file = join(scratch, 'one-hour.cast');
    const cast = await writeCast(file);
    const plain = readFileSync(file);
    const gz = gzipSync(plain);
    const { call, terminalId } = await terminalCalls(world.base);
    const dateStart = new Date(cast.start * 1000).toISOString();
    const finish = {
      is_finished: true,
      date_end: new Date((cast.start + cast.duration) * 1000).toISOString(),
      has_command: true,
    };
    const withCommands = (id) =>
      call('POST', '/api/v1/terminal/commands/', {
        json: cast.commands.map((command) => ({
          user: 'Administrator(admin)',
          asset: 'bench-host',
          system_user: 'root',
          input: command.input,
          output: command.output,
          session: id,
          risk_level: 0,
          org_id: '',
          timestamp: cast.start + command.offset,
        })),
      });

    // On the server's disk: uploaded as a terminal whose storage is the server's does.
    const onDisk = world.insertSession({ terminal: terminalId, dateStart });
    await withCommands(onDisk);
    const form = new FormData();
    form.append('file', new Blob([gz]), `${onDisk}.cast.gz`);
    await call('POST', `/api/v1/terminal/sessions/${onDisk}/replay/`, { form });
    await call('PATCH', `/api/v1/terminal/sessions/${onDisk}/`, { json: { ...finish, has_replay: true } });

    // In the bucket: the object as the terminal stores it, then the server told where it is.
    const inStore = world.insertSession({ terminal: terminalId, dateStart, replayStorage: world.storageId });
    await withCommands(inStore);
    const target = await call('GET', `/api/v1/terminal/sessions/${inStore}/replay/target/`);
    const sha256 = createHash('sha256').update(plain).digest('hex');
    await world.client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: target.key,
        Body: gz,
        ContentType: 'application/gzip',
        Metadata: { sha256 },
      }),
    );
    await call('POST', `/api/v1/terminal/sessions/${inStore}/replay/object/`, { json: { sha256, size: gz.length } });
    await call('PATCH', `/api/v1/terminal/sessions/${inStore}/`, { json: finish });

    ({ browser } = await launchChromium());
    const url = (id) => `${world.base}/embed-replay.html?session=${id}`;
    const cold = { disk: [], store: [] };
    for (let i = 0; i < COLD_PAIRS; i += 1) {
      // Alternating, so a busier moment of the shared machine falls on both.
      for (const [name, id] of i % 2
        ? [
            ['store', inStore],
            ['disk', onDisk],
          ]
        : [
            ['disk', onDisk],
            ['store', inStore],
          ]) {
        cold[name].push(
          ...(await coldLoads(browser, {
            base: world.base,
            password: DEMO_PASSWORD,
            url: url(id),
            selector: READY,
            runs: 1,
          })),
        );
      }
    }
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await login(page, world.base, DEMO_PASSWORD);
    await timeToSelector(page, url(onDisk), READY); // the page's files in the cache first
    const warm = {
      disk: (await timeToSelector(page, url(onDisk), READY)).total,
      store: (await timeToSelector(page, url(inStore), READY)).total,
    };
    for (const list of Object.values(cold)) list.sort((a, b) => a - b);
    return { bytes: cast.bytes, gzBytes: gz.length, cold, warm };
  } finally {
    await browser?.close();
    rmSync(scratch, { recursive: true, force: true });
    await world.stop();
  }
}

export const storageFirstFrame = {
  title:
    "First replay frame of a one-hour recording kept in Ceph (streamed through the server) against the same on the server's disk: <bastion-session-replay> on /embed-replay.html, headless Chromium",
  async run({ distDir }) {
    const r = await measure(distDir);
    const p50 = { disk: percentile(r.cold.disk, 50), store: percentile(r.cold.store, 50) };
    const ratio = (store, disk) => ms(store / disk);
    return {
      headers: ['measure', 'server disk ms', 'Ceph bucket ms', 'bucket / disk', 'budget', 'within'],
      rows: [
        [`recording: ${ms(r.bytes / 1048576)} MiB asciicast, ${ms(r.gzBytes / 1048576)} MiB gzip`, '', '', '', '', ''],
        [
          `first frame, cold p50 (${r.cold.disk.length} fresh contexts each, alternating)`,
          ms(p50.disk),
          ms(p50.store),
          ratio(p50.store, p50.disk),
          `<= ${RATIO_BUDGET}`,
          within(p50.store / p50.disk, RATIO_BUDGET),
        ],
        [
          'first frame, cold max',
          ms(r.cold.disk.at(-1)),
          ms(r.cold.store.at(-1)),
          ratio(r.cold.store.at(-1), r.cold.disk.at(-1)),
          '',
          '',
        ],
        [
          'first frame, warm (cached page files)',
          ms(r.warm.disk),
          ms(r.warm.store),
          ratio(r.warm.store, r.warm.disk),
          `<= ${RATIO_BUDGET}`,
          within(r.warm.store / r.warm.disk, RATIO_BUDGET),
        ],
      ],
      notes: [
        `load average when done: ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      ],
    };
  },
};

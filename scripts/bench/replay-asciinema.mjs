// Bench section (group `replay`): the same one-hour cast in asciinema-player 3.18 (the issue's
// preferred player), served as a plain page, to show why the console's player seeks by keyframes:
// time until the player is ready (it downloads and parses the whole file first) and seeks to the
// same command seconds. asciinema-player replays from the start on every backwards seek.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './chromium.mjs';
import { writeCast } from './replay-cast.mjs';
import { ms, percentile, within } from './stats.mjs';

const bundle = join(dirname(createRequire(import.meta.url).resolve('asciinema-player')), 'bundle');
const PAGE =
  '<!doctype html><link rel="stylesheet" href="/player.css"><script src="/player.js"></script><div id="p"></div>';

function serve(castGzip) {
  const files = {
    '/': ['text/html', PAGE],
    '/player.js': ['text/javascript', readFileSync(join(bundle, 'asciinema-player.min.js'))],
    '/player.css': ['text/css', readFileSync(join(bundle, 'asciinema-player.css'))],
  };
  const server = createServer((request, response) => {
    if (request.url === '/cast') {
      response.writeHead(200, { 'Content-Type': 'application/x-asciicast', 'Content-Encoding': 'gzip' });
      return response.end(castGzip);
    }
    const file = files[request.url];
    response.writeHead(file ? 200 : 404, { 'Content-Type': file?.[0] ?? 'text/plain' });
    return response.end(file?.[1] ?? '');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function measure() {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-bench-asciinema-'));
  const file = join(dir, 'one-hour.cast');
  const cast = await writeCast(file);
  const server = await serve(gzipSync(readFileSync(file)));
  const { browser, page } = await launchChromium();
  try {
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const order = cast.commands
      .map((_, i) => i)
      .sort((a, b) => ((a * 7919) % 113) - ((b * 7919) % 113))
      .slice(0, 30);
    const seconds = order.map((i) => cast.commands[i].offset);
    return await page.evaluate(async (targets) => {
      const started = performance.now();
      const player = globalThis.AsciinemaPlayer.create('/cast', document.getElementById('p'), {
        preload: true,
        cols: 120,
        rows: 36,
      });
      await player.seek(0);
      const ready = performance.now() - started;
      const seeks = [];
      for (const at of targets) {
        const t = performance.now();
        await player.seek(at);
        await new Promise((resolve) => requestAnimationFrame(resolve));
        seeks.push(performance.now() - t);
      }
      return { ready, seeks: seeks.sort((a, b) => a - b) };
    }, seconds);
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const replayAsciinema = {
  title:
    'For comparison: asciinema-player 3.18 on the same one-hour cast (plain page, no API; 30 of the command seconds, same shuffle)',
  async run() {
    const { ready, seeks } = await measure();
    const row = (name, value, budget) => [name, ms(value), budget, within(value, budget)];
    return {
      headers: ['measure', 'ms', 'budget ms', 'within'],
      rows: [
        row('ready (whole file fetched and parsed, screen at 0:00)', ready, 700),
        row('seek to a command p50', percentile(seeks, 50), 100),
        row('seek to a command max', seeks[seeks.length - 1], 100),
      ],
    };
  },
};

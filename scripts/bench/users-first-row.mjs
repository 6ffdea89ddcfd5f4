// Bench section: time from navigation to the first rendered row of the users list in headless
// Chromium, against a real server on the 100,000-user scratch database.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import puppeteer from 'puppeteer-core';
import { DEMO_PASSWORD, ms, percentile, removeScratch, usersScratch } from './users-scratch.mjs';

const RUNS = 7; // the first is a cold load (nothing cached), the others reuse the browser's cache
const ROW_TIMEOUT_MS = 20_000;
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(dir) {
  const port = await freePort();
  const env = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dir, BASTION_DEMO_PASSWORD: DEMO_PASSWORD };
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], { env, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (await fetch(`${base}/api/health/`).then((r) => r.ok, () => false)) return { child, base };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the bench server did not start');
}

/** Signs in as the browser would (csrftoken cookie, then the login form). */
async function login(page, base) {
  await page.goto(`${base}/core/auth/login/`);
  await page.evaluate(async (password) => {
    const csrf = document.cookie.split('; ').find((c) => c.startsWith('csrftoken='))?.slice(10) ?? '';
    const form = new URLSearchParams({ username: 'admin', password, csrfmiddlewaretoken: csrf, next: '/ui/' });
    await fetch('/core/auth/login/', { method: 'POST', body: form, redirect: 'manual' });
  }, DEMO_PASSWORD);
}

/** Milliseconds from starting the navigation to a users-list row in the (nested) shadow DOM. */
async function timeFirstRow(page, base) {
  await page.goto('about:blank');
  const started = performance.now();
  await page.goto(`${base}/ui/#/users/users/`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => {
    const find = (root) => root.querySelector('.list-page tbody tr[data-id]')
      ?? [...root.querySelectorAll('*')].filter((el) => el.shadowRoot).map((el) => find(el.shadowRoot)).find(Boolean);
    return Boolean(find(document));
  }, { polling: 'raf', timeout: ROW_TIMEOUT_MS });
  return performance.now() - started;
}

export const usersFirstRow = {
  title: `Users list in headless Chromium: navigation to the first rendered row (${RUNS} loads, the first cold)`,
  async run() {
    const { dir } = await usersScratch();
    const { child, base } = await startServer(dir);
    const browser = await puppeteer.launch({ executablePath: CHROME, args: CHROME_ARGS, headless: true });
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 800 });
      await login(page, base);
      const times = [];
      for (let i = 0; i < RUNS; i += 1) times.push(await timeFirstRow(page, base));
      const warm = times.slice(1).sort((a, b) => a - b);
      return {
        headers: ['load', 'ms'],
        rows: [['cold (first)', ms(times[0])], ['warm p50', ms(percentile(warm, 50))], ['warm p95', ms(percentile(warm, 95))]],
      };
    } finally {
      await browser.close();
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      removeScratch();
    }
  },
};

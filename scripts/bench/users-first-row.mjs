// Bench sections: time from navigation to the first rendered row of the users list in headless
// Chromium, against a real server on the 100,000-user scratch database, beside its budget; then the
// outside count of the cold visit: every byte over the wire until that row, beside the first-load budget.
import { COLD_RUNS, coldLoads, launchChromium, login, openPage, timeToSelector } from './chromium.mjs';
import { isApiCall } from './page-requests.mjs';
import { startServer, stopServer } from './server-child.mjs';
import { ms, percentile, within } from './stats.mjs';
import { DEMO_PASSWORD, usersScratch } from './users-scratch.mjs';
import { GZIP_ONLY, recordWire, wireTable } from './wire.mjs';

const RUNS = 7; // in one page: the first is cold (nothing cached), the others reuse the browser's cache
export const USERS_PATH = '/ui/#/users/users/';
export const FIRST_ROW = '.list-page tbody tr[data-id]';
const COLD_BUDGET_MS = 500;
/**
 * The console's first load over the wire (issue 29): every response body from navigation to the
 * first users row (page, scripts, icons and API answers), as sent.
 */
export const FIRST_LOAD_BUDGET_BYTES = 130 * 1024;

let coldVisit; // the cold visits' requests (as the browser offers, and gzip only), for the bytes section

/** A cold visit of `url` in `page` (signed in, nothing cached), recorded on the wire until the network idles. */
async function wireVisit(page, url) {
  await page.goto('about:blank'); // the sign-in page's late requests stay out of the count
  const wire = await recordWire(page);
  const { total, inPage } = await timeToSelector(page, url, FIRST_ROW);
  // Whatever the page still loads after the first row is listed too (not counted).
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 10_000 }).catch(() => {});
  return { requests: await wire.stop(), rowAt: inPage, total };
}

/** The same cold visit by a browser that offers only gzip (its own context: nothing cached). */
async function gzipOnlyVisit(browser, base, url) {
  const context = await browser.createBrowserContext();
  try {
    const page = await openPage(context);
    await login(page, base, DEMO_PASSWORD);
    await page.setExtraHTTPHeaders(GZIP_ONLY);
    return await wireVisit(page, url);
  } finally {
    await context.close();
  }
}

export const usersFirstRow = {
  title: `Users list in headless Chromium: navigation to the first rendered row (${COLD_RUNS} cold loads in fresh contexts; ${RUNS} loads in one page, the first cold)`,
  async run({ distDir }) {
    const { dir, app } = await usersScratch();
    await app.close(); // idempotent: the server section may have closed it already
    const { child, base } = await startServer({ dataDir: dir, distDir, demoPassword: DEMO_PASSWORD });
    const { browser, page } = await launchChromium().catch(async (error) => {
      await stopServer(child);
      throw error;
    });
    try {
      await login(page, base, DEMO_PASSWORD);
      const url = `${base}${USERS_PATH}`;
      const visit = await wireVisit(page, url);
      const times = [visit.total];
      coldVisit = { visit, gzipVisit: await gzipOnlyVisit(browser, base, url) };
      for (let i = 1; i < RUNS; i += 1) times.push((await timeToSelector(page, url, FIRST_ROW)).total);
      const warm = times.slice(1).sort((a, b) => a - b);
      const cold = (await coldLoads(browser, { base, password: DEMO_PASSWORD, url, selector: FIRST_ROW })).sort(
        (a, b) => a - b,
      );
      const row = (name, value, budget) => [name, ms(value), budget ?? '-', budget ? within(value, budget) : '-'];
      return {
        headers: ['load', 'ms', 'budget ms', 'within'],
        rows: [
          row('cold p50 (fresh contexts)', percentile(cold, 50), COLD_BUDGET_MS),
          row('cold max', cold[cold.length - 1], COLD_BUDGET_MS),
          row('cold (first in the page)', times[0]),
          row('warm p50', percentile(warm, 50)),
          row('warm p95', percentile(warm, 95)),
        ],
      };
    } finally {
      await browser.close();
      await stopServer(child); // the database stays for the Lina comparison (lina-first-row.mjs removes it)
    }
  },
};

export const usersPageBytes = {
  title: `What ${USERS_PATH} receives over the wire on the cold visit above until its first row (the outside count): bodies as sent (brotli where the server has it), and on a second cold visit by a gzip-only browser; ms from navigation`,
  async run() {
    if (!coldVisit) throw new Error('the users first-row section must run first');
    return wireTable({ ...coldVisit, budget: FIRST_LOAD_BUDGET_BYTES, isApiCall });
  },
};

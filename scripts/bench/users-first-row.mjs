// Bench sections: time from navigation to the first rendered row of the users list in headless
// Chromium, against a real server on the 100,000-user scratch database, beside its budget; then what
// the cold visit downloaded, as sent over the wire (the server compresses), beside the page budget.
import { COLD_RUNS, coldLoads, launchChromium, login, timeToSelector } from './chromium.mjs';
import { kb } from './module-graph.mjs';
import { isApiCall, pageTimeline } from './page-requests.mjs';
import { startServer, stopServer } from './server-child.mjs';
import { ms, percentile, within } from './stats.mjs';
import { DEMO_PASSWORD, removeScratch, usersScratch } from './users-scratch.mjs';

const RUNS = 7; // in one page: the first is cold (nothing cached), the others reuse the browser's cache
const FIRST_ROW = '.list-page tbody tr[data-id]';
const COLD_BUDGET_MS = 500;
/** The console's first load (page, scripts, icons; not API calls) over the wire. */
export const FIRST_LOAD_BUDGET_BYTES = 150 * 1024;

let coldVisit; // the first cold load's resource timings, for the bytes section

export const usersFirstRow = {
  title: `Users list in headless Chromium: navigation to the first rendered row (${COLD_RUNS} cold loads in fresh contexts; ${RUNS} loads in one page, the first cold)`,
  async run({ distDir }) {
    const { dir, app } = await usersScratch();
    await app.close(); // idempotent: the server section may have closed it already
    const { child, base } = await startServer({ dataDir: dir, distDir, demoPassword: DEMO_PASSWORD });
    const { browser, page } = await launchChromium().catch(async (error) => { await stopServer(child); throw error; });
    try {
      await login(page, base, DEMO_PASSWORD);
      const url = `${base}/ui/#/users/users/`;
      const first = await timeToSelector(page, url, FIRST_ROW);
      await page.waitForNetworkIdle({ idleTime: 500, timeout: 10_000 }).catch(() => {});
      coldVisit = { timeline: await pageTimeline(page), firstRowAt: first.inPage };
      const times = [first.total];
      for (let i = 1; i < RUNS; i += 1) times.push((await timeToSelector(page, url, FIRST_ROW)).total);
      const warm = times.slice(1).sort((a, b) => a - b);
      const cold = (await coldLoads(browser, { base, password: DEMO_PASSWORD, url, selector: FIRST_ROW })).sort((a, b) => a - b);
      const row = (name, value, budget) => [name, ms(value), budget ?? '-', budget ? within(value, budget) : '-'];
      return {
        headers: ['load', 'ms', 'budget ms', 'within'],
        rows: [
          row('cold p50 (fresh contexts)', percentile(cold, 50), COLD_BUDGET_MS), row('cold max', cold[cold.length - 1], COLD_BUDGET_MS),
          row('cold (first in the page)', times[0]), row('warm p50', percentile(warm, 50)), row('warm p95', percentile(warm, 95)),
        ],
      };
    } finally {
      await browser.close();
      await stopServer(child);
      removeScratch();
    }
  },
};

export const usersPageBytes = {
  title: 'What /ui/#/users/users/ loads on the cold visit above, as sent over the wire (start/end ms from navigation)',
  async run() {
    if (!coldVisit) throw new Error('the users first-row section must run first');
    const { timeline, firstRowAt } = coldVisit;
    const path = (url) => { const u = new URL(url); return `${u.pathname}${u.search}`.slice(0, 90); };
    const rows = timeline.map((t) => [path(t.url), ms(t.start), ms(t.end), t.sent]);
    const files = timeline.filter((t) => !isApiCall(t.url)).reduce((sum, t) => sum + t.sent, 0);
    const api = timeline.filter((t) => isApiCall(t.url)).reduce((sum, t) => sum + t.sent, 0);
    rows.push(['(first row rendered)', '', ms(firstRowAt), '']);
    rows.push([`console first load (no API calls): ${kb(files)}; budget ${kb(FIRST_LOAD_BUDGET_BYTES)}: within ${within(files, FIRST_LOAD_BUDGET_BYTES)}`, '', '', files]);
    rows.push([`API calls: ${kb(api)}`, '', '', api]);
    return { headers: ['request', 'start ms', 'end ms', 'sent bytes'], rows };
  },
};

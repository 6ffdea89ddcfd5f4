// Bench section: time from navigation to the first rendered row of the users list in headless
// Chromium, against a real server on the 100,000-user scratch database.
import { COLD_RUNS, coldLoads, launchChromium, login, timeToSelector } from './chromium.mjs';
import { startServer, stopServer } from './server-child.mjs';
import { ms, percentile } from './stats.mjs';
import { DEMO_PASSWORD, removeScratch, usersScratch } from './users-scratch.mjs';

const RUNS = 7; // in one page: the first is cold (nothing cached), the others reuse the browser's cache
const FIRST_ROW = '.list-page tbody tr[data-id]';

export const usersFirstRow = {
  title: `Users list in headless Chromium: navigation to the first rendered row (${COLD_RUNS} cold loads in fresh contexts; ${RUNS} loads in one page, the first cold)`,
  async run({ distDir }) {
    const { dir, app } = await usersScratch();
    await app.close(); // idempotent: the server section may have closed it already
    const { child, base } = await startServer({ dataDir: dir, distDir, demoPassword: DEMO_PASSWORD });
    const { browser, page } = await launchChromium().catch(async (error) => { await stopServer(child); throw error; });
    try {
      await login(page, base, DEMO_PASSWORD);
      const times = [];
      for (let i = 0; i < RUNS; i += 1) times.push((await timeToSelector(page, `${base}/ui/#/users/users/`, FIRST_ROW)).total);
      const warm = times.slice(1).sort((a, b) => a - b);
      const cold = (await coldLoads(browser, { base, password: DEMO_PASSWORD, url: `${base}/ui/#/users/users/`, selector: FIRST_ROW }))
        .sort((a, b) => a - b);
      return {
        headers: ['load', 'ms'],
        rows: [
          ['cold p50 (fresh contexts)', ms(percentile(cold, 50))], ['cold max', ms(cold[cold.length - 1])],
          ['cold (first in the page)', ms(times[0])], ['warm p50', ms(percentile(warm, 50))], ['warm p95', ms(percentile(warm, 95))],
        ],
      };
    } finally {
      await browser.close();
      await stopServer(child);
      removeScratch();
    }
  },
};

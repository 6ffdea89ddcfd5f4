// Bench section: the console's first users row beside the real Lina 2.3.1's (issue 29: ours within
// 0.30× of Lina's time), both cold in fresh browser contexts, alternating, against two reference
// servers on the same 100,000-user database: ours as the bench serves it, Lina's build (LINA_DIST)
// behind lina-proxy.mjs as 2.3's nginx served it. Lina's build is not in the repository (not ours to
// commit, and CI cannot fetch it): without LINA_DIST the section says how to make one.
import { loadavg } from 'node:os';
import { launchChromium, login, openPage, timeToSelector } from './chromium.mjs';
import { startLinaProxy } from './lina-proxy.mjs';
import { kb } from './module-graph.mjs';
import { isApiCall } from './page-requests.mjs';
import { startServer, stopServer } from './server-child.mjs';
import { ms, percentile, within } from './stats.mjs';
import { FIRST_ROW, USERS_PATH } from './users-first-row.mjs';
import { DEMO_PASSWORD, removeScratch, usersScratch } from './users-scratch.mjs';
import { beforeRow, recordWire } from './wire.mjs';

/** Ours within this share of Lina's time to the first users row (p50 against p50). */
const RATIO_BUDGET = 0.3;
const ROUNDS = Number(process.env.LINA_ROUNDS) || 7;
// Lina's users list is an element-ui table: one `tr.el-table__row` per user (its empty table has none).
const LINA_ROW = 'tr.el-table__row';

const HOW_TO = [
  'LINA_DIST is not set: no comparison. To make Lina 2.3.1 once, outside the repository (/work/shared/TOOLING.md):',
  '  git clone https://github.com/jumpserver/lina && git -C lina archive v2.3.1 | tar -x -C /work/lina-2.3.1',
  "  in /work/lina-2.3.1/yarn.lock rewrite registry.npm.taobao.org/<name>/download/<file>.tgz?… to registry.npmjs.org/<name>/-/<file>.tgz",
  '  cd /work/lina-2.3.1 && npm install --legacy-peer-deps && NODE_OPTIONS=--openssl-legacy-provider npx vue-cli-service build --dest dist',
  'then: LINA_DIST=/work/lina-2.3.1/dist npm run bench -- first-load',
];

/** One cold visit in a fresh context: sign in, then time the navigation to the first row; optionally record the wire. */
async function coldVisit(browser, { base, url, selector, wire = false }) {
  const context = await browser.createBrowserContext();
  try {
    const page = await openPage(context);
    await login(page, base, DEMO_PASSWORD);
    await page.goto('about:blank');
    const recording = wire ? await recordWire(page) : null;
    const { total, inPage } = await timeToSelector(page, url, selector);
    return { total, requests: recording ? beforeRow(await recording.stop(), inPage) : null };
  } finally {
    await context.close();
  }
}

const bytes = (requests) => requests.reduce((sum, r) => sum + r.body, 0);

export const linaFirstRow = {
  title: `Users list first row beside the real Lina 2.3.1 (LINA_DIST): ${ROUNDS} rounds of one cold load each in fresh contexts, alternating who goes first, two servers on one database`,
  async run({ distDir }) {
    const dist = process.env.LINA_DIST;
    try {
      if (!dist) return { headers: ['Lina 2.3.1'], rows: HOW_TO.map((line) => [line]) };
      return await compare(distDir, dist);
    } finally {
      removeScratch(); // the last section on the users database
    }
  },
};

async function compare(distDir, dist) {
  const { dir, app } = await usersScratch();
  await app.close();
  const ours = await startServer({ dataDir: dir, distDir, demoPassword: DEMO_PASSWORD });
  const theirs = await startServer({ dataDir: dir, distDir, demoPassword: DEMO_PASSWORD }).catch(async (e) => { await stopServer(ours.child); throw e; });
  const proxy = await startLinaProxy({ dist, upstream: theirs.base });
  const { browser } = await launchChromium();
  const load = [loadavg()[0]];
  try {
    const sides = {
      ours: { base: ours.base, url: `${ours.base}${USERS_PATH}`, selector: FIRST_ROW, times: [] },
      lina: { base: proxy.base, url: `${proxy.base}${USERS_PATH}`, selector: LINA_ROW, times: [] },
    };
    // A first visit each, not counted: the servers' first queries, Chromium's first context.
    const wires = { ours: (await coldVisit(browser, { ...sides.ours, wire: true })).requests, lina: (await coldVisit(browser, { ...sides.lina, wire: true })).requests };
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? ['ours', 'lina'] : ['lina', 'ours'];
      for (const side of order) sides[side].times.push((await coldVisit(browser, sides[side])).total);
    }
    load.push(loadavg()[0]);
    const stats = Object.fromEntries(Object.entries(sides).map(([name, side]) => {
      const sorted = [...side.times].sort((a, b) => a - b);
      return [name, { p50: percentile(sorted, 50), min: sorted[0], max: sorted[sorted.length - 1] }];
    }));
    const ratio = stats.ours.p50 / stats.lina.p50;
    const row = (name, s, requests) => [name, ms(s.p50), ms(s.min), ms(s.max), requests.length, bytes(requests), kb(bytes(requests.filter((r) => !isApiCall(r.url))))];
    return {
      headers: ['console', 'cold p50 ms', 'min ms', 'max ms', 'requests before row', 'bytes before row (as sent)', 'of which files'],
      rows: [
        row('bastion-console', stats.ours, wires.ours),
        row('Lina 2.3.1', stats.lina, wires.lina),
        [`ratio of p50s: ${ratio.toFixed(2)}×; budget ${RATIO_BUDGET}×: within ${within(ratio, RATIO_BUDGET)}`, '', '', '', '', '', ''],
      ],
      notes: [`Load average (1 min) ${load.map((l) => l.toFixed(1)).join(' → ')} on ${ROUNDS} rounds; the byte columns are one more cold visit each (not timed).`],
    };
  } finally {
    await browser.close();
    await proxy.close();
    await stopServer(theirs.child);
    await stopServer(ours.child);
  }
}

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
  '  in /work/lina-2.3.1/yarn.lock rewrite registry.npm.taobao.org/<name>/download/<file>.tgz?… to registry.npmjs.org/<name>/-/<file>.tgz',
  '  cd /work/lina-2.3.1 && npm install --legacy-peer-deps && NODE_OPTIONS=--openssl-legacy-provider npx vue-cli-service build --dest dist',
  'then: LINA_DIST=/work/lina-2.3.1/dist npm run bench -- first-load',
];

/**
 * Two cold visits in a fresh context after signing in: the first visit (nothing cached, no org chosen
 * yet: Lina then picks one and reloads itself), and, with the browser's cache emptied, the visit of a
 * signed-in user whose org is chosen (cookies kept). Each timed from the navigation to the first row;
 * the first visit's wire is recorded when asked.
 */
async function coldVisits(browser, { base, url, selector, wire = false }) {
  const context = await browser.createBrowserContext();
  try {
    const page = await openPage(context);
    await login(page, base, DEMO_PASSWORD);
    await page.goto('about:blank');
    const recording = wire ? await recordWire(page) : null;
    const first = await timeToSelector(page, url, selector);
    const requests = recording ? beforeRow(await recording.stop(), first.inPage) : null;
    await page.goto('about:blank');
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const returning = await timeToSelector(page, url, selector);
    return { first: first.total, returning: returning.total, requests };
  } finally {
    await context.close();
  }
}

const bytes = (requests) => requests.reduce((sum, r) => sum + r.body, 0);

export const linaFirstRow = {
  title: `Users list first row beside the real Lina 2.3.1 (LINA_DIST): ${ROUNDS} rounds, each a fresh context per console (who goes first alternates), two servers on one database; ms from requesting the navigation to the row seen`,
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
  const theirs = await startServer({ dataDir: dir, distDir, demoPassword: DEMO_PASSWORD }).catch(async (e) => {
    await stopServer(ours.child);
    throw e;
  });
  const proxy = await startLinaProxy({ dist, upstream: theirs.base });
  const { browser } = await launchChromium();
  const load = [loadavg()[0]];
  try {
    const sides = {
      ours: { base: ours.base, url: `${ours.base}${USERS_PATH}`, selector: FIRST_ROW, first: [], returning: [] },
      lina: { base: proxy.base, url: `${proxy.base}${USERS_PATH}`, selector: LINA_ROW, first: [], returning: [] },
    };
    // One round each first, not counted (the servers' first queries, Chromium's first contexts): its wire is reported.
    const wires = {
      ours: (await coldVisits(browser, { ...sides.ours, wire: true })).requests,
      lina: (await coldVisits(browser, { ...sides.lina, wire: true })).requests,
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? ['ours', 'lina'] : ['lina', 'ours'];
      for (const side of order) {
        const { first, returning } = await coldVisits(browser, sides[side]);
        sides[side].first.push(first);
        sides[side].returning.push(returning);
      }
    }
    load.push(loadavg()[0]);
    const stats = (times) => {
      const sorted = [...times].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), min: sorted[0], max: sorted[sorted.length - 1] };
    };
    const cells = (times) => {
      const s = stats(times);
      return [ms(s.p50), `${ms(s.min)}–${ms(s.max)}`];
    };
    const row = (name, side, requests) => [
      name,
      ...cells(side.first),
      ...cells(side.returning),
      requests.length,
      bytes(requests),
      kb(bytes(requests.filter((r) => !isApiCall(r.url)))),
    ];
    const ratio = (kind) => stats(sides.ours[kind]).p50 / stats(sides.lina[kind]).p50;
    const verdict = (kind) =>
      `${ratio(kind).toFixed(2)}× (within ${RATIO_BUDGET}×: ${within(ratio(kind), RATIO_BUDGET)})`;
    return {
      headers: [
        'console',
        'first visit p50 ms',
        'min–max',
        'cold cache, org chosen p50 ms',
        'min–max',
        'requests before row',
        'bytes before row (as sent)',
        'of which files',
      ],
      rows: [
        row('bastion-console', sides.ours, wires.ours),
        row('Lina 2.3.1', sides.lina, wires.lina),
        ['ratio of p50s', verdict('first'), '', verdict('returning'), '', '', '', ''],
      ],
      notes: [
        'First visit: a fresh context just signed in (no org chosen yet: Lina picks one and reloads itself). Cold cache, org chosen:',
        'the same context with the browser cache emptied, cookies kept (a returning user): the stricter ratio, Lina not reloading.',
        `Load average (1 min) ${load.map((l) => l.toFixed(1)).join(' → ')} over ${ROUNDS} rounds; the byte columns are the uncounted first round's first visits.`,
      ],
    };
  } finally {
    await browser.close();
    await proxy.close();
    await stopServer(theirs.child);
    await stopServer(ours.child);
  }
}

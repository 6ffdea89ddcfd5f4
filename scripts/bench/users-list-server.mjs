// Bench section: the server's users list over 100,000 seeded users, timed with app.inject (no
// network), p50/p95 per query.
import { ms, percentile } from './stats.mjs';
import { BULK_USERS, DEMO_PASSWORD, usersScratch } from './users-scratch.mjs';

const LIST = '/api/v1/users/users/';
const RUNS = 50; // per query: 4 queries → 200 timed calls
const WARMUP = 5;
const QUERIES = [
  ['page 1', 'limit=15&offset=0'],
  ['search "Fatima Novak"', 'limit=15&offset=0&search=Fatima%20Novak'],
  ['filter source=ldap', 'limit=15&offset=0&source=ldap'],
  ['last page', `limit=15&offset=${BULK_USERS - 1}`],
];

async function bearer(app) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: 'admin', password: DEMO_PASSWORD },
  });
  if (response.statusCode >= 300) throw new Error(`token: ${response.statusCode} ${response.body}`);
  return `Bearer ${response.json().token}`;
}

export const usersListServer = {
  title: `Users list on the server (${BULK_USERS.toLocaleString('en')} seeded users, app.inject, ${RUNS} runs per query)`,
  async run() {
    const { app, seedMs } = await usersScratch();
    const authorization = await bearer(app);
    const rows = [];
    for (const [name, query] of QUERIES) {
      const url = `${LIST}?${query}&display=1&draw=1`;
      const times = [];
      let count = 0;
      for (let i = 0; i < WARMUP + RUNS; i += 1) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers: { authorization } });
        const took = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
        if (i >= WARMUP) times.push(took);
        count = response.json().count;
      }
      times.sort((a, b) => a - b);
      rows.push([name, count, ms(percentile(times, 50)), ms(percentile(times, 95))]);
    }
    rows.push(['(seeding the users took, ms)', BULK_USERS, ms(seedMs), '']);
    // Let the browser section open the same file from its own server process.
    await app.close();
    return { headers: ['query', 'count', 'p50 ms', 'p95 ms'], rows };
  },
};

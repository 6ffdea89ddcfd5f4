// The terminal lists benchmark: 1,000,000 commands over 10,000 sessions (60 days, two orgs) in a throw-away
// database; the commands list (default 5-day window, then each filter) and the sessions list, as the
// console asks for them (limit 15, an org auditor). `npm run bench -- terminal` runs this section only,
// `node --import tsx scripts/bench/server/terminal.ts` alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../../../demo/server/app.ts';
import type { DB } from '../../../demo/server/core/db/open.ts';
import { timeGet } from './timing.ts';
import { SEQ_SPAN } from '../../../demo/server/terminal/command-query.ts';
import { isoAt } from '../../../demo/server/core/lib/time.ts';

export const LIST_BUDGET_MS = 20;
export const BULK = { sessions: 10_000, commandsPerSession: 100, days: 60, users: 200, assets: 500, systemUsers: 12 };
const PASSWORD = 'bench-password';
const DAY = 86_400;

export interface TerminalBenchRow {
  query: string;
  count: number;
  p50: number;
  p95: number;
}

const COMMANDS = [
  (n: number) => `ls -la /var/log/app${n % 50}`,
  (n: number) => `tail -n 200 /var/log/nginx/access.log.${n % 7}`,
  (n: number) => `systemctl status service-${n % 40}`,
  (n: number) => `grep -R ERROR /srv/app${n % 30}/logs`,
  () => 'df -h',
  () => 'free -m',
  () => 'uptime',
  () => 'whoami',
  (n: number) => `cd /srv/release-${n % 90}`,
  (n: number) => `docker ps --filter name=api-${n % 25}`,
  (n: number) => `kubectl get pods -n team-${n % 12}`,
  (n: number) => `cat /etc/hosts.${n % 3}`,
  () => 'top -b -n 1',
  (n: number) => `vim /etc/app/config-${n % 60}.yaml`,
  (n: number) => `journalctl -u worker-${n % 20} --since today`,
  (n: number) => `psql -c "select count(*) from jobs_${n % 15}"`,
];

/** Sessions and their commands, written in one transaction; returns the org the measured auditor reads. */
export function seedTerminalBench(db: DB, nowMs: number): { orgId: string; sampleSession: string } {
  const orgId = db.prepare("SELECT id FROM orgs WHERE name = 'Engineering'").pluck().get() as string;
  const nowSec = Math.floor(nowMs / 1000);
  const insertSession =
    db.prepare(`INSERT INTO terminal_sessions (id, user, user_id, asset, asset_id, system_user, system_user_id,
    login_from, remote_addr, is_finished, has_replay, has_command, protocol, date_start, date_end, org_id)
    VALUES (?, ?, '', ?, '', ?, '', ?, ?, ?, ?, 1, 'ssh', ?, ?, ?)`);
  const insertCommand =
    db.prepare(`INSERT INTO commands (seq, id, user, asset, system_user, input, output, session, risk_level, org_id, timestamp)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  let sampleSession = '';
  // Indexes and the FTS triggers are dropped during the load and built once after it (a sort per index
  // instead of a million B-tree inserts each), exactly as the migration defines them.
  const deferred = db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'commands' AND type IN ('index', 'trigger') AND sql IS NOT NULL",
    )
    .all() as { type: string; name: string; sql: string }[];
  for (const item of deferred) db.exec(`DROP ${item.type.toUpperCase()} ${item.name}`);
  // A big page cache for the load: the database is thrown away, its speed is not what is measured.
  db.pragma('cache_size = -262144');
  db.transaction(() => {
    for (let s = 0; s < BULK.sessions; s += 1) {
      const id = `00000000-0000-4000-8000-${String(s).padStart(12, '0')}`;
      // 90% in Engineering, the rest in DEFAULT; spread evenly over the 60 days, newest unfinished.
      const org = s % 10 === 9 ? '' : orgId;
      const start = nowSec - Math.floor(((BULK.sessions - s) / BULK.sessions) * BULK.days * DAY);
      const user = `User ${s % BULK.users}(user${s % BULK.users})`;
      const asset = `host-${String(s % BULK.assets).padStart(4, '0')}`;
      const systemUser = `su-${s % BULK.systemUsers}`;
      const finished = s < BULK.sessions - 20;
      insertSession.run(
        id,
        user,
        asset,
        systemUser,
        s % 4 === 0 ? 'WT' : 'ST',
        `127.0.${s % 250}.${(s * 7) % 250}`,
        finished ? 1 : 0,
        finished ? 1 : 0,
        isoAt(start * 1000),
        finished ? isoAt((start + 3600) * 1000) : null,
        org,
      );
      if (s === BULK.sessions - 500) sampleSession = id;
      for (let c = 0; c < BULK.commandsPerSession; c += 1) {
        const n = s * BULK.commandsPerSession + c;
        const input = COMMANDS[n % COMMANDS.length](n);
        const timestamp = start + c * 30;
        // seq as the API assigns it (timestamp * 2^20 + n); sessions never share a second's number here.
        insertCommand.run(
          timestamp * SEQ_SPAN + s,
          `${s.toString(16).padStart(8, '0')}-0000-4000-8000-${String(c).padStart(12, '0')}`,
          user,
          asset,
          systemUser,
          input,
          `output of ${input}\r\nline 2\r\n`,
          id,
          n % 97 === 0 ? 5 : 0,
          org,
          timestamp,
        );
      }
    }
  })();
  for (const item of deferred) db.exec(item.sql);
  db.exec("INSERT INTO commands_fts (commands_fts) VALUES ('rebuild')");
  db.exec(`DELETE FROM command_counts;
    INSERT INTO command_counts (org_id, hour, count) SELECT org_id, timestamp / 3600, COUNT(*) FROM commands GROUP BY org_id, timestamp / 3600`);
  return { orgId, sampleSession };
}

/** Seeds a throw-away database and times the lists (50 runs each after 5 warm-ups). */
export async function benchTerminal(): Promise<{ seedMs: number; rows: TerminalBenchRow[]; window: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-terminal-bench-'));
  const app = await buildApp({
    dbFile: join(dir, 'bench.sqlite3'),
    demoPassword: PASSWORD,
    allowedTargets: '127.0.0.0/8',
    bootstrapToken: '',
  });
  try {
    const db = app.bastion.db;
    const started = performance.now();
    const { orgId, sampleSession } = seedTerminalBench(db, Date.now());
    db.exec('ANALYZE');
    const seedMs = performance.now() - started;
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/authentication/auth/',
      payload: { username: 'orgauditor', password: PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().token}`, 'x-jms-org': orgId };
    const commands = '/api/v1/terminal/commands/?limit=15&offset=0';
    const sessions = '/api/v1/terminal/sessions/?limit=15&offset=0';
    const queries: [string, string][] = [
      ['commands, last 5 days (default window)', commands],
      ['commands, 5 days, page 100', `${commands.replace('offset=0', 'offset=1500')}`],
      ['commands, user=User 7(', `${commands}&user=${encodeURIComponent('User 7(')}`],
      ['commands, asset=host-0042', `${commands}&asset=host-0042`],
      ['commands, system_user=su-3', `${commands}&system_user=su-3`],
      ['commands, input=nginx (FTS)', `${commands}&input=nginx`],
      ['commands, input=release-42', `${commands}&input=release-42`],
      ['commands, input=df (2 chars: the trigrams starting with it)', `${commands}&input=df`],
      ['commands, session_id=<one session>', `${commands}&session_id=${sampleSession}`],
      ['commands, risk_level=5', `${commands}&risk_level=5`],
      [
        'commands, 30-day range',
        `${commands}&date_from=${isoAt(Date.now() - 30 * DAY * 1000)}&date_to=${isoAt(Date.now())}`,
      ],
      ['sessions, history (is_finished=1)', `${sessions}&is_finished=1`],
      ['sessions, online (is_finished=0)', `${sessions}&is_finished=0`],
      ['sessions, history with command_amount (draw=1)', `${sessions}&is_finished=1&draw=1`],
      ['sessions, user filter', `${sessions}&user=${encodeURIComponent('User 7(user7)')}`],
      [
        'sessions, 7-day date range',
        `${sessions}&date_from=${isoAt(Date.now() - 7 * DAY * 1000)}&date_to=${isoAt(Date.now())}`,
      ],
    ];
    const rows: TerminalBenchRow[] = [];
    for (const [query, url] of queries) rows.push({ query, ...(await timeGet(app, url, headers)) });
    return { seedMs, rows, window: rows[0].count };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { seedMs, rows, window } = await benchTerminal();
  console.log(
    `seeded ${BULK.sessions * BULK.commandsPerSession} commands in ${(seedMs / 1000).toFixed(1)} s; ${window} in the default window`,
  );
  console.table(rows);
}

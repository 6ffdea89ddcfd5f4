// Sample sessions for the demo, so the session lists, the command log and the replay player are not empty
// before anyone has passed the door: SSH and MySQL sessions of the last days, finished, with their
// commands (one refused by a command filter) and a replay made from those commands when first asked
// (terminal/sample-replay.ts). They are samples (is_sample): the first real session a terminal opens in
// an org removes that org's samples and their commands (terminal/resources/terminal-sessions.ts).
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { insertSampleCommand } from '../terminal/command-store.ts';
import { insertSampleSession } from '../terminal/session-store.ts';
import { idNamedInOrg } from './seed-store.ts';
import { userByUsername } from '../users/user-store.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One command as the terminal records it: what was typed, what came back, refused or not. */
type Step = [input: string, output: string, refused?: true];

interface Scenario {
  user: string;
  asset: string;
  systemUser: string;
  protocol: 'ssh' | 'mysql';
  loginFrom: 'ST' | 'WT';
  addr: string;
  ago: number;
  minutes: number;
  steps: Step[];
}

const SCENARIOS: Scenario[] = [
  {
    user: 'admin',
    asset: 'bj-web-01',
    systemUser: 'ops',
    protocol: 'ssh',
    loginFrom: 'WT',
    addr: '127.0.1.10',
    ago: 5 * HOUR,
    minutes: 6,
    steps: [
      ['uptime', ' 09:12:44 up 41 days,  3:05,  1 user,  load average: 0.31, 0.27, 0.22'],
      [
        'systemctl status nginx --no-pager | head -3',
        '● nginx.service - A high performance web server and a reverse proxy server\n     Loaded: loaded (/lib/systemd/system/nginx.service; enabled)\n     Active: active (running) since Mon 2026-10-16 06:07:12 UTC; 5 weeks 6 days ago',
      ],
      [
        'tail -n 2 /var/log/nginx/error.log',
        '2026/11/27 08:55:01 [warn] 1123#1123: *88 upstream response is buffered to a temporary file\n2026/11/27 09:02:17 [error] 1123#1123: *97 connect() failed (111: Connection refused) while connecting to upstream',
      ],
      ['sudo systemctl reload nginx', ''],
    ],
  },
  {
    user: 'liwei',
    asset: 'bj-api-02',
    systemUser: 'deploy',
    protocol: 'ssh',
    loginFrom: 'ST',
    addr: '127.0.2.23',
    ago: DAY + 2 * HOUR,
    minutes: 12,
    steps: [
      ['cd /srv/app/releases && ls', '2.3.0  2.3.1  current'],
      ['ln -sfn /srv/app/releases/2.3.1 /srv/app/current', ''],
      ['sudo systemctl restart app', ''],
      ['curl -s localhost:8000/healthz', '{"status":"ok","version":"2.3.1"}'],
      ['rm -rf /srv/app/releases/2.3.0', '', true],
    ],
  },
  {
    user: 'user',
    asset: 'orders-mysql',
    systemUser: 'mysql-readonly',
    protocol: 'mysql',
    loginFrom: 'WT',
    addr: '127.0.2.22',
    ago: 2 * DAY + 3 * HOUR,
    minutes: 4,
    steps: [
      [
        'show tables',
        '+------------------+\n| Tables_in_orders |\n+------------------+\n| customers        |\n| order_items      |\n| orders           |\n+------------------+\n3 rows in set (0.00 sec)',
      ],
      [
        'select status, count(*) from orders group by status',
        '+-----------+----------+\n| status    | count(*) |\n+-----------+----------+\n| paid      |      412 |\n| pending   |       37 |\n| refunded  |        9 |\n+-----------+----------+\n3 rows in set (0.01 sec)',
      ],
      ['drop table order_items', '', true],
    ],
  },
  {
    user: 'jsmith',
    asset: 'sh-redis-01',
    systemUser: 'ops',
    protocol: 'ssh',
    loginFrom: 'ST',
    addr: '127.0.2.41',
    ago: 3 * DAY + 5 * HOUR,
    minutes: 3,
    steps: [
      ['redis-cli info memory | grep used_memory_human', 'used_memory_human:1.92G'],
      ['redis-cli --scan --pattern "session:*" | wc -l', '18342'],
    ],
  },
  {
    user: 'zhangmin',
    asset: 'bj-db-01',
    systemUser: 'ops',
    protocol: 'ssh',
    loginFrom: 'ST',
    addr: '127.0.3.30',
    ago: 4 * DAY + HOUR,
    minutes: 9,
    steps: [
      ['df -h /data', 'Filesystem      Size  Used Avail Use% Mounted on\n/dev/vdb1       500G  361G  139G  73% /data'],
      [
        'ls -lh /data/backup | tail -n 2',
        '-rw-r----- 1 mysql mysql 4.1G Nov 23 02:00 orders-2026-11-23.sql.gz\n-rw-r----- 1 mysql mysql 4.1G Nov 24 02:00 orders-2026-11-24.sql.gz',
      ],
      ['find /data/backup -name "*.sql.gz" -mtime +30 | wc -l', '6'],
    ],
  },
];

/** The sample sessions of DEFAULT, Engineering and Operations, with their commands. */
export function seedSessionSamples(db: DB, nowMs: number, orgIds: Map<string, string>): void {
  // Each org gets the scenarios, an hour apart from one org to the next, so their lists do not mirror each other.
  const orgs = [
    ['', 0],
    [orgIds.get('Engineering'), HOUR],
    [orgIds.get('Operations'), 2 * HOUR],
  ] as const;
  for (const [org, shift] of orgs) {
    if (org === undefined) continue;
    for (const scenario of SCENARIOS) {
      const who = userByUsername(db, scenario.user);
      const targetId = idNamedInOrg(
        db,
        scenario.protocol === 'mysql' ? 'database_apps' : 'assets',
        scenario.asset,
        org,
      );
      if (!who || !targetId) continue;
      const start = nowMs - scenario.ago - shift;
      const id = uuid();
      const label = `${who.name}(${who.username})`;
      insertSampleSession(db, {
        id,
        user: label,
        user_id: who.id,
        asset: scenario.asset,
        asset_id: targetId,
        system_user: scenario.systemUser,
        system_user_id: idNamedInOrg(db, 'system_users', scenario.systemUser, org) ?? '',
        login_from: scenario.loginFrom,
        remote_addr: scenario.addr,
        protocol: scenario.protocol,
        date_start: isoAt(start),
        date_end: isoAt(start + scenario.minutes * MINUTE),
        org_id: org,
      });
      scenario.steps.forEach(([input, output, refused], index) => {
        const timestamp = Math.floor((start + (index + 1) * 40_000) / 1000);
        insertSampleCommand(db, index, {
          id: uuid(),
          user: label,
          asset: scenario.asset,
          system_user: scenario.systemUser,
          input,
          output,
          session: id,
          risk_level: refused ? 5 : 0,
          org_id: org,
          timestamp,
        });
      });
    }
  }
}

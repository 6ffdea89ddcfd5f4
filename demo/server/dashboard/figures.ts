// The dashboard's figures (§2.12), each one a query over real rows of the current org, named and defined
// as 2.3's apps/jumpserver/api.py defines them: "logins" and "active" users/assets are terminal sessions
// started in the window (users and assets by the names the session recorded), "online" is an unfinished
// session, users are the org's members, assets the org's assets. Sign-ins (login logs) are our addition.
import type { Org } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { memberColumnClause } from '../audits/org-members-sql.ts';
import { andInOrg } from '../core/orgs/current-org.ts';
import { isoAt } from '../core/lib/time.ts';
import type { LocalDay } from './local-days.ts';

type Count = { n: number };

export class DashboardFigures {
  private readonly sessionsIn: { sql: string; params: string[] };
  private readonly since: string;

  /** `sinceMs`: the window's start (now − 7 or 30 days); sessions strictly after it count. */
  constructor(
    private readonly db: DB,
    private readonly org: Org,
    sinceMs: number,
  ) {
    this.sessionsIn = andInOrg(org);
    this.since = isoAt(sinceMs);
  }

  private one(sql: string, ...params: unknown[]): number {
    return Number((this.db.prepare(sql).get(...params) as Count | undefined)?.n ?? 0);
  }

  /** The org's members (DEFAULT and ROOT: every user but the terminals' service accounts). */
  private members(where = ''): number {
    if (this.org.kind !== 'real') return this.one(`SELECT COUNT(*) AS n FROM users u WHERE u.role != 'App'${where}`);
    return this.one(
      `SELECT COUNT(DISTINCT u.id) AS n FROM org_members m JOIN users u ON u.id = m.user_id
      WHERE m.org_id = ? AND u.role != 'App'${where}`,
      this.org.id,
    );
  }

  private assets(where = ''): number {
    const org = andInOrg(this.org);
    return this.one(`SELECT COUNT(*) AS n FROM assets WHERE 1${org.sql}${where}`, ...org.params);
  }

  /** Sessions of the window: `WHERE` tail and its parameters. */
  private window(): { sql: string; params: string[] } {
    return { sql: `date_start > ?${this.sessionsIn.sql}`, params: [this.since, ...this.sessionsIn.params] };
  }

  totalUsers(): number {
    return this.members();
  }
  totalAssets(): number {
    return this.assets();
  }
  onlineUsers(): number {
    return this.one(
      `SELECT COUNT(DISTINCT user) AS n FROM terminal_sessions WHERE is_finished = 0${this.sessionsIn.sql}`,
      ...this.sessionsIn.params,
    );
  }
  onlineSessions(): number {
    return this.one(
      `SELECT COUNT(*) AS n FROM terminal_sessions WHERE is_finished = 0${this.sessionsIn.sql}`,
      ...this.sessionsIn.params,
    );
  }

  /** Per local day: sessions started, distinct users and distinct assets among them. */
  perDay(days: LocalDay[]): { login: number[]; users: number[]; assets: number[] } {
    const statement = this.db
      .prepare(`SELECT COUNT(*) AS login, COUNT(DISTINCT user) AS users, COUNT(DISTINCT asset) AS assets
      FROM terminal_sessions WHERE date_start >= ? AND date_start < ?${this.sessionsIn.sql}`);
    const out = { login: [] as number[], users: [] as number[], assets: [] as number[] };
    for (const day of days) {
      const row = statement.get(isoAt(day.start), isoAt(day.end), ...this.sessionsIn.params) as {
        login: number;
        users: number;
        assets: number;
      };
      out.login.push(row.login);
      out.users.push(row.users);
      out.assets.push(row.assets);
    }
    return out;
  }

  /** Per local day: successful sign-ins (web, API token, terminal) of the org's members. */
  signInsPerDay(days: LocalDay[]): number[] {
    const members =
      this.org.kind === 'real' ? memberColumnClause(this.org, 'username', 'username') : { sql: '1', params: [] };
    const statement = this.db.prepare(
      `SELECT COUNT(*) AS n FROM login_logs WHERE datetime >= ? AND datetime < ? AND status = 1 AND ${members.sql}`,
    );
    return days.map((day) => Number((statement.get(isoAt(day.start), isoAt(day.end), ...members.params) as Count).n));
  }

  activeUsers(): number {
    const w = this.window();
    return this.one(`SELECT COUNT(DISTINCT user) AS n FROM terminal_sessions WHERE ${w.sql}`, ...w.params);
  }
  /** Members minus active users, never below zero (active counts session names, which need not be members). */
  inactiveUsers(): number {
    return Math.max(0, this.members() - this.activeUsers());
  }
  disabledUsers(): number {
    return this.members(' AND u.is_active = 0');
  }

  activeAssets(): number {
    const w = this.window();
    return this.one(`SELECT COUNT(DISTINCT asset) AS n FROM terminal_sessions WHERE ${w.sql}`, ...w.params);
  }
  inactiveAssets(): number {
    return Math.max(0, this.assets() - this.activeAssets());
  }
  disabledAssets(): number {
    return this.assets(' AND is_active = 0');
  }

  loginTimes(): number {
    const w = this.window();
    return this.one(`SELECT COUNT(*) AS n FROM terminal_sessions WHERE ${w.sql}`, ...w.params);
  }

  /** Users or assets of the window by session count, most first (ties: latest session first, then name). */
  top(column: 'user' | 'asset', limit: number): { name: string; total: number; last: string }[] {
    const w = this.window();
    return this.db
      .prepare(
        `SELECT ${column} AS name, COUNT(*) AS total, MAX(date_start) AS last FROM terminal_sessions
      WHERE ${w.sql} GROUP BY ${column} ORDER BY total DESC, last DESC, name LIMIT ${limit}`,
      )
      .all(...w.params) as { name: string; total: number; last: string }[];
  }

  latestSessions(
    limit: number,
  ): { id: string; user: string; asset: string; is_finished: number; date_start: string }[] {
    const w = this.window();
    return this.db
      .prepare(
        `SELECT id, user, asset, is_finished, date_start FROM terminal_sessions
      WHERE ${w.sql} ORDER BY date_start DESC, id LIMIT ${limit}`,
      )
      .all(...w.params) as { id: string; user: string; asset: string; is_finished: number; date_start: string }[];
  }
}

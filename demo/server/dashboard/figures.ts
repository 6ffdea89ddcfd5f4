// The dashboard's figures (§2.12), each one a query over real rows of the current org, named and defined
// as 2.3's apps/jumpserver/api.py defines them: "logins" and "active" users/assets are terminal sessions
// started in the window (users and assets by the names the session recorded), "online" is an unfinished
// session, users are the org's members, assets the org's assets. Sign-ins (login logs) are our addition.
// The queries are the stores' of their tables: sessions (terminal/session-store.ts), assets
// (assets/asset-store.ts), members (core/orgs/membership-store.ts), sign-ins (auth/login/login-log-store.ts).
import type { Org } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { countOrgMembers } from '../core/orgs/membership-store.ts';
import { isoAt } from '../core/lib/time.ts';
import { countOrgAssets } from '../assets/asset-store.ts';
import { countSuccessfulSignIns } from '../auth/login/login-log-store.ts';
import {
  countOnlineSessions,
  countOnlineSessionUsers,
  countSessionAssetsSince,
  countSessionsSince,
  countSessionUsersSince,
  latestSessionsSince,
  sessionDayCounts,
  topSessionNames,
} from '../terminal/session-store.ts';
import type { LocalDay } from './local-days.ts';

export class DashboardFigures {
  private readonly since: string;

  /** `sinceMs`: the window's start (now − 7 or 30 days); sessions strictly after it count. */
  constructor(
    private readonly db: DB,
    private readonly org: Org,
    sinceMs: number,
  ) {
    this.since = isoAt(sinceMs);
  }

  /** The org's members (DEFAULT and ROOT: every user but the terminals' service accounts). */
  totalUsers(): number {
    return countOrgMembers(this.db, this.org);
  }
  totalAssets(): number {
    return countOrgAssets(this.db, this.org);
  }
  onlineUsers(): number {
    return countOnlineSessionUsers(this.db, this.org);
  }
  onlineSessions(): number {
    return countOnlineSessions(this.db, this.org);
  }

  /** Per local day: sessions started, distinct users and distinct assets among them. */
  perDay(days: LocalDay[]): { login: number[]; users: number[]; assets: number[] } {
    const out = { login: [] as number[], users: [] as number[], assets: [] as number[] };
    for (const day of days) {
      const row = sessionDayCounts(this.db, this.org, isoAt(day.start), isoAt(day.end));
      out.login.push(row.login);
      out.users.push(row.users);
      out.assets.push(row.assets);
    }
    return out;
  }

  /** Per local day: successful sign-ins (web, API token, terminal) of the org's members. */
  signInsPerDay(days: LocalDay[]): number[] {
    const memberOf = this.org.kind === 'real' ? this.org.id : null;
    return days.map((day) => countSuccessfulSignIns(this.db, isoAt(day.start), isoAt(day.end), memberOf));
  }

  activeUsers(): number {
    return countSessionUsersSince(this.db, this.org, this.since);
  }
  /** Members minus active users, never below zero (active counts session names, which need not be members). */
  inactiveUsers(): number {
    return Math.max(0, this.totalUsers() - this.activeUsers());
  }
  disabledUsers(): number {
    return countOrgMembers(this.db, this.org, true);
  }

  activeAssets(): number {
    return countSessionAssetsSince(this.db, this.org, this.since);
  }
  inactiveAssets(): number {
    return Math.max(0, this.totalAssets() - this.activeAssets());
  }
  disabledAssets(): number {
    return countOrgAssets(this.db, this.org, true);
  }

  loginTimes(): number {
    return countSessionsSince(this.db, this.org, this.since);
  }

  /** Users or assets of the window by session count, most first (ties: latest session first, then name). */
  top(column: 'user' | 'asset', limit: number): { name: string; total: number; last: string }[] {
    return topSessionNames(this.db, this.org, this.since, column, limit);
  }

  latestSessions(
    limit: number,
  ): { id: string; user: string; asset: string; is_finished: number; date_start: string }[] {
    return latestSessionsSince(this.db, this.org, this.since, limit);
  }
}

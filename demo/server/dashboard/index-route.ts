// GET /api/v1/index/ (§2.12): the dashboard's figures for the current org, over the last 7 days or, with
// `monthly`, 30. Each query flag adds its keys, named and ordered as 2.3's IndexApi; `all` adds every one;
// unknown flags are ignored. Additions of ours (2.3 clients ignore them): `id` on the latest sessions (the
// console links to the session), and `dates_metrics_total_count_sign_in` (successful sign-ins per day,
// from the login logs of the org's members) with `dates_metrics` — 2.3's "login" counts sessions only —
// and, for superusers, `storage_status` (the server's and the terminals' data folders: storage-status.ts).
import type { FastifyInstance } from 'fastify';
import { anyOf, authorize, IsOrgAdmin, IsOrgAuditor, IsSuperUser } from '../core/permissions.ts';
import type { AuthedCtx } from '../engine/types.ts';
import { formatDateTime } from '../core/lib/time.ts';
import { DashboardFigures } from './figures.ts';
import { lastLocalDays } from './local-days.ts';
import { storageStatus } from './storage-status.ts';
import { timesince } from './timesince.ts';

const DAY_MS = 24 * 3600 * 1000;
const CanRead = anyOf(IsOrgAdmin, IsOrgAuditor);

/** A flag is on when sent with a value ("1", "true", anything but "0"/"false"); a repeated key: its last value. */
function flagOf(query: Record<string, unknown>, name: string): boolean {
  let value = query[name];
  if (Array.isArray(value)) value = value[value.length - 1];
  if (typeof value !== 'string') return false;
  const text = value.trim().toLowerCase();
  return text !== '' && text !== '0' && text !== 'false';
}

/** `dataDir`: the server's data folder, whose state the superusers' dashboard shows. */
export function registerDashboardRoutes(app: FastifyInstance, { dataDir }: { dataDir: string }): void {
  app.get('/api/v1/index/', (request, reply) => {
    if (!authorize(request, reply, CanRead)) return reply;
    const { db, now } = request.server.bastion;
    const { org, tz, lang } = request.ctx;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const all = flagOf(query, 'all');
    const on = (name: string) => all || flagOf(query, name);
    const nowMs = now();
    const days = flagOf(query, 'monthly') ? 30 : 7;
    const figures = new DashboardFigures(db, org, nowMs - days * DAY_MS);
    const when = (iso: string) => formatDateTime(iso, tz) ?? '';
    const data: Record<string, unknown> = {};

    const total = on('total_count');
    if (total || flagOf(query, 'total_count_users')) data.total_count_users = figures.totalUsers();
    if (total || flagOf(query, 'total_count_assets')) data.total_count_assets = figures.totalAssets();
    if (total || flagOf(query, 'total_count_online_users')) data.total_count_online_users = figures.onlineUsers();
    if (total || flagOf(query, 'total_count_online_sessions'))
      data.total_count_online_sessions = figures.onlineSessions();

    if (on('dates_metrics')) {
      const localDays = lastLocalDays(nowMs, days, tz);
      const perDay = figures.perDay(localDays);
      data.dates_metrics_date = localDays.map((day) => day.label);
      data.dates_metrics_total_count_login = perDay.login;
      data.dates_metrics_total_count_active_users = perDay.users;
      data.dates_metrics_total_count_active_assets = perDay.assets;
      data.dates_metrics_total_count_sign_in = figures.signInsPerDay(localDays);
    }
    if (on('dates_total_count_users')) {
      data.dates_total_count_active_users = figures.activeUsers();
      data.dates_total_count_inactive_users = figures.inactiveUsers();
      data.dates_total_count_disabled_users = figures.disabledUsers();
    }
    if (on('dates_total_count_assets')) {
      data.dates_total_count_active_assets = figures.activeAssets();
      data.dates_total_count_inactive_assets = figures.inactiveAssets();
      data.dates_total_count_disabled_assets = figures.disabledAssets();
    }
    if (on('dates_total_count')) {
      data.dates_total_count_login_users = figures.activeUsers();
      data.dates_total_count_login_times = figures.loginTimes();
    }
    if (on('dates_login_times_top5_users')) {
      data.dates_login_times_top5_users = figures.top('user', 5).map((row) => ({ user: row.name, total: row.total }));
    }
    if (on('dates_login_times_top10_assets')) {
      data.dates_login_times_top10_assets = figures
        .top('asset', 10)
        .map((row) => ({ asset: row.name, total: row.total, last: when(row.last) }));
    }
    if (on('dates_login_times_top10_users')) {
      data.dates_login_times_top10_users = figures
        .top('user', 10)
        .map((row) => ({ user: row.name, total: row.total, last: when(row.last) }));
    }
    if (on('dates_login_record_top10_sessions')) {
      data.dates_login_record_top10_sessions = figures.latestSessions(10).map((row) => ({
        id: row.id,
        user: row.user,
        asset: row.asset,
        is_finished: Boolean(row.is_finished),
        date_start: when(row.date_start),
        timesince: timesince(Date.parse(row.date_start), nowMs, lang),
      }));
    }
    // The whole bastion's storage, not the org's: for those who run the host (the Terminals page is theirs too).
    if (on('storage_status') && IsSuperUser(db, request.ctx as AuthedCtx, nowMs))
      data.storage_status = storageStatus(db, dataDir, nowMs);
    return data;
  });
}

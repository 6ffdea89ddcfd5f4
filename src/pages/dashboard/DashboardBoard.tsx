import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useT } from '../../core/i18n/index.ts';
import { $currentOrg, $orgs, $profile } from '../../core/stores/session.ts';
import { DASHBOARD_CSS } from './dashboard-styles.ts';
import { loadIndex, type Days, type IndexFigures, type LatestSession, type TopEntry } from './index-call.ts';
import { LoginChart } from './LoginChart.tsx';
import { RatioRing } from './RatioRing.tsx';
import { StoragePanel, storageTrouble } from './StoragePanel.tsx';
import './i18n.ts';

const COLORS = {
  login: '#1ab394',
  activeUsers: '#1c84c6',
  activeAssets: '#f8ac59',
  signIn: '#ed5565',
  inactive: '#d2d6de',
  disabled: '#ed5565',
};
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const list = <T,>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);

/**
 * The statistics dashboard (§2.12): the current org's figures over the last 7 or 30 days from one call.
 * A failed or empty answer draws zeros and empty charts; every server value is rendered as text.
 */
export function DashboardBoard() {
  const t = useT();
  const org = useStore($currentOrg);
  const [days, setDays] = useState<Days>(7);
  const [figures, setFigures] = useState<IndexFigures>({});
  // Which period the shown figures are of (none yet: the first answer is on its way).
  const [loadedDays, setLoadedDays] = useState<Days | null>(null);
  useEffect(() => {
    let current = true;
    loadIndex(days)
      .then(
        (data) => current && setFigures(data && typeof data === 'object' ? data : {}),
        () => current && setFigures({}),
      )
      .finally(() => current && setLoadedDays(days));
    return () => {
      current = false;
    };
  }, [days, org?.id]);

  const labels = list(figures.dates_metrics_date);
  const perDay = (values: number[] | undefined) => labels.map((_, i) => num(list(values)[i]));
  const series = [
    { label: t('dashboard.chart.login'), color: COLORS.login, values: perDay(figures.dates_metrics_total_count_login) },
    {
      label: t('dashboard.chart.activeUsers'),
      color: COLORS.activeUsers,
      values: perDay(figures.dates_metrics_total_count_active_users),
    },
    {
      label: t('dashboard.chart.activeAssets'),
      color: COLORS.activeAssets,
      values: perDay(figures.dates_metrics_total_count_active_assets),
    },
    {
      label: t('dashboard.chart.signIn'),
      color: COLORS.signIn,
      values: perDay(figures.dates_metrics_total_count_sign_in),
    },
  ];
  const cards = [
    ['users', figures.total_count_users],
    ['assets', figures.total_count_assets],
    ['onlineUsers', figures.total_count_online_users],
    ['onlineSessions', figures.total_count_online_sessions],
  ] as const;
  const ring = (kind: 'users' | 'assets') => [
    {
      key: 'active',
      label: t('dashboard.ring.active'),
      value: num(figures[`dates_total_count_active_${kind}`]),
      color: COLORS.login,
    },
    {
      key: 'inactive',
      label: t('dashboard.ring.inactive'),
      value: num(figures[`dates_total_count_inactive_${kind}`]),
      color: COLORS.inactive,
    },
    {
      key: 'disabled',
      label: t('dashboard.ring.disabled'),
      value: num(figures[`dates_total_count_disabled_${kind}`]),
      color: COLORS.disabled,
    },
  ];

  return (
    <div className="dashboard" data-loaded={loadedDays ?? ''}>
      <style>{DASHBOARD_CSS}</style>
      {storageTrouble(figures.storage_status) ? <StoragePanel status={figures.storage_status} /> : null}
      <div className="range-switch" role="group" aria-label={t('dashboard.range.label')}>
        {([7, 30] as const).map((value) => (
          <button
            key={value}
            type="button"
            data-days={value}
            aria-pressed={days === value}
            onClick={() => setDays(value)}
          >
            {t(value === 7 ? 'dashboard.range.week' : 'dashboard.range.month')}
          </button>
        ))}
      </div>
      <div className="summary-cards">
        {cards.map(([key, value]) => (
          <div key={key} className="summary-card" data-figure={key}>
            <div className="card-label">{t(`dashboard.cards.${key}`)}</div>
            <div className="figure">{String(num(value))}</div>
          </div>
        ))}
      </div>
      <section className="panel">
        <h3>{t('dashboard.chart.title')}</h3>
        <LoginChart days={labels} series={series} dayLabel={t('dashboard.chart.day')} />
      </section>
      <div className="rings">
        <RatioRing kind="users" title={t('dashboard.ring.users')} parts={ring('users')} />
        <RatioRing kind="assets" title={t('dashboard.ring.assets')} parts={ring('assets')} />
      </div>
      <div className="tops">
        <TopTable
          kind="users"
          title={t('dashboard.top.users')}
          nameLabel={t('dashboard.top.user')}
          rows={list(figures.dates_login_times_top10_users)}
        />
        <TopTable
          kind="assets"
          title={t('dashboard.top.assets')}
          nameLabel={t('dashboard.top.asset')}
          rows={list(figures.dates_login_times_top10_assets)}
        />
      </div>
      <LatestSessions rows={list(figures.dates_login_record_top10_sessions)} />
      {storageTrouble(figures.storage_status) ? null : <StoragePanel status={figures.storage_status} />}
      <RoleSummary />
    </div>
  );
}

function TopTable({
  kind,
  title,
  nameLabel,
  rows,
}: {
  kind: 'users' | 'assets';
  title: string;
  nameLabel: string;
  rows: TopEntry[];
}) {
  const t = useT();
  return (
    <section className="panel top-table" data-top={kind}>
      <h3>{title}</h3>
      <table className="data-table">
        <thead>
          <tr>
            <th>#</th>
            <th>{nameLabel}</th>
            <th>{t('dashboard.top.total')}</th>
            <th>{t('dashboard.top.last')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="empty-row">
              <td colSpan={4}>{t('dashboard.empty')}</td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr key={i}>
                <td>{String(i + 1)}</td>
                <td data-prop="name">{String((kind === 'users' ? row.user : row.asset) ?? '')}</td>
                <td data-prop="total">{String(num(row.total))}</td>
                <td data-prop="last">{String(row.last ?? '')}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

function LatestSessions({ rows }: { rows: LatestSession[] }) {
  const t = useT();
  return (
    <section className="panel latest-sessions">
      <h3>{t('dashboard.latest.title')}</h3>
      <table className="data-table">
        <thead>
          <tr>
            <th>{t('dashboard.latest.user')}</th>
            <th>{t('dashboard.latest.asset')}</th>
            <th>{t('dashboard.latest.started')}</th>
            <th>{t('dashboard.latest.since')}</th>
            <th>{t('dashboard.latest.state')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="empty-row">
              <td colSpan={6}>{t('dashboard.empty')}</td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr key={row.id ?? i} data-id={row.id ?? ''}>
                <td data-prop="user">{String(row.user ?? '')}</td>
                <td data-prop="asset">{String(row.asset ?? '')}</td>
                <td data-prop="date_start">{String(row.date_start ?? '')}</td>
                <td data-prop="timesince">{String(row.timesince ?? '')}</td>
                <td data-prop="state">
                  {t(row.is_finished ? 'dashboard.latest.finished' : 'dashboard.latest.online')}
                </td>
                <td>
                  {row.id ? (
                    <a className="session-link" href={`#/terminal/sessions/${encodeURIComponent(row.id)}`}>
                      {t('dashboard.latest.detail')}
                    </a>
                  ) : null}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

/** Who the user is here (the console's first dashboard, kept below the figures). */
function RoleSummary() {
  const t = useT();
  const profile = useStore($profile);
  const orgs = useStore($orgs);
  const currentOrg = useStore($currentOrg);
  const orgRoles = (profile?.current_org_roles ?? []).map((role) =>
    t(`dashboard.orgRole.${role}`, { defaultValue: role }),
  );
  return (
    <div className="rings">
      <section className="panel role-summary">
        <h3>{t('dashboard.roles.title')}</h3>
        <table className="info-table">
          <tbody>
            <tr data-field="role">
              <th>{t('dashboard.roles.system')}</th>
              <td>{String(profile?.role_display ?? profile?.role ?? '')}</td>
            </tr>
            <tr data-field="current-org">
              <th>{t('dashboard.roles.currentOrg')}</th>
              <td>{currentOrg?.name ?? ''}</td>
            </tr>
            <tr data-field="org-roles">
              <th>{t('dashboard.roles.orgRoles')}</th>
              <td>{orgRoles.join(', ')}</td>
            </tr>
          </tbody>
        </table>
      </section>
      <section className="panel org-list">
        <h3>{t('dashboard.orgs.title')}</h3>
        {orgs.length === 0 ? (
          <p>{t('dashboard.orgs.empty')}</p>
        ) : (
          <ul>
            {orgs.map((o) => (
              <li key={o.id}>{o.name}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

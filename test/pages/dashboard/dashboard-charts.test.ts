// Against the reference server: the dashboard of a fresh org after a few sign-ins and sessions filed by a
// registered terminal (scripts/wtr/terminal-fixture.mjs) shows the API's figures in its cards, chart,
// rings and tables; the 30-day switch asks again; an org with nothing in it shows zeros and empty charts.
import { expect } from '@open-wc/testing';
import { $lang } from '../../../src/core/stores/locale.ts';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { SESSIONS, asTerminal, openSession, registerTerminal, uniqueName } from '../terminal/support.ts';

type Figures = Record<string, unknown> & {
  dates_metrics_date: string[];
  dates_metrics_total_count_login: number[];
  dates_metrics_total_count_active_users: number[];
  dates_metrics_total_count_active_assets: number[];
  dates_metrics_total_count_sign_in: number[];
  dates_login_times_top10_users: { user: string; total: number; last: string }[];
  dates_login_times_top10_assets: { asset: string; total: number; last: string }[];
  dates_login_record_top10_sessions: {
    id: string;
    user: string;
    asset: string;
    is_finished: boolean;
    date_start: string;
  }[];
};

const prefix = uniqueName('dash');
// The console asks in the browser's zone (X-TZ): days are cut at its midnight.
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

async function must<T>(answer: Promise<{ status: number; data: T }>, status = 201): Promise<T> {
  const { status: got, data } = await answer;
  if (got !== status) throw new Error(`${got} ${JSON.stringify(data)}`);
  return data;
}

const userIdOf = async (username: string) =>
  (await must(api<{ id: string }[]>('GET', `/api/v1/users/users/?username=${username}`), 200))[0].id;

function chooseOrg(org: { id: string; name: string }): void {
  document.cookie = `jms_current_org=${encodeURIComponent(JSON.stringify(org))}; path=/`;
}

async function openDashboard(org: { id: string; name: string }): Promise<MountedConsole> {
  await loginAs('admin');
  chooseOrg(org);
  const view = await mountConsole('/dashboard');
  await waitForShell(view);
  await waitFor(() => view.find('.dashboard[data-loaded="7"]'), 10000, 'the figures');
  return view;
}

const cell = (row: Element, prop: string) => text(row.querySelector(`[data-prop="${prop}"]`));

describe('dashboard: figures of the current org (real server)', () => {
  let org: { id: string; name: string };
  let empty: { id: string; name: string };
  const ids: string[] = [];
  before(async () => {
    await loginAs('admin');
    org = await must(
      api<{ id: string; name: string }>(
        'POST',
        '/api/v1/orgs/orgs/',
        { name: prefix, users: [await userIdOf('liwei'), await userIdOf('jsmith')] },
        { org: 'DEFAULT' },
      ),
    );
    empty = await must(
      api<{ id: string; name: string }>('POST', '/api/v1/orgs/orgs/', { name: `${prefix}-empty` }, { org: 'DEFAULT' }),
    );
    const assets: string[] = [];
    for (const [hostname, ip] of [
      [`${prefix}-a`, '127.0.8.1'],
      [`${prefix}-b`, '127.0.8.2'],
    ]) {
      assets.push(
        (
          await must(
            api<{ id: string }>(
              'POST',
              '/api/v1/assets/assets/',
              { hostname, ip, platform: 'Linux', protocols: ['ssh/22'] },
              { org: org.id },
            ),
          )
        ).id,
      );
    }
    // Both members may connect to both assets: the door signs them in and opens their sessions there.
    const systemUser = await must(
      api<{ id: string }>(
        'POST',
        '/api/v1/assets/system-users/',
        { name: `${prefix}su`, username: 'root', login_mode: 'manual', protocol: 'ssh' },
        { org: org.id },
      ),
    );
    await must(
      api(
        'POST',
        '/api/v1/perms/asset-permissions/',
        {
          name: prefix,
          users: [await userIdOf('liwei'), await userIdOf('jsmith')],
          assets,
          system_users: [systemUser.id],
          actions: ['all'],
        },
        { org: org.id },
      ),
    );
    const terminal = `${prefix}-term`;
    await registerTerminal(terminal);
    const open = async (username: string, hostname: string, ago: number, finished: boolean) => {
      const session = await openSession(terminal, { username, hostname, org: org.id, startedSecondsAgo: ago });
      // The terminal signs without an org header: `oid` names the session's org.
      if (finished)
        await must(
          asTerminal(terminal, 'PATCH', `${SESSIONS}${session.id}/?oid=${org.id}`, { is_finished: true }),
          200,
        );
      ids.push(session.id);
    };
    await open('liwei', `${prefix}-a`, 30, true);
    await open('liwei', `${prefix}-b`, 20, false);
    await open('jsmith', `${prefix}-a`, 10, true);
    // Sign-ins of both members (the login logs the chart's sign-in line counts).
    await loginAs('liwei');
    await loginAs('jsmith');
  });
  afterEach(() => resetConsole());

  it('shows the API figures as cards, a drawn chart, rings and tables', async () => {
    const view = await openDashboard(org);
    const figures = await must(
      api<Figures>('GET', '/api/v1/index/?all=1', undefined, { org: org.id, headers: { 'X-TZ': ZONE } }),
      200,
    );
    expect(figures.total_count_users).to.equal(2);
    expect(figures.total_count_online_sessions).to.equal(1);
    const card = (key: string) => text(view.find(`.summary-card[data-figure="${key}"] .figure`));
    expect([card('users'), card('assets'), card('onlineUsers'), card('onlineSessions')]).to.deep.equal([
      '2',
      '2',
      '1',
      '1',
    ]);

    const chart = await waitFor(() => view.find('.logins-chart[data-state="drawn"]'), 10000, 'the chart drawn');
    expect(chart.querySelector('canvas'), 'a canvas').not.to.equal(null);
    expect(chart.getAttribute('data-days')).to.equal(figures.dates_metrics_date.join(','));
    expect(figures.dates_metrics_date).to.have.length(7);
    expect(chart.getAttribute('data-series')).to.equal(
      [
        figures.dates_metrics_total_count_login,
        figures.dates_metrics_total_count_active_users,
        figures.dates_metrics_total_count_active_assets,
        figures.dates_metrics_total_count_sign_in,
      ]
        .map((values) => values.join(','))
        .join(';'),
    );
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(figures.dates_metrics_total_count_login)).to.equal(3);
    expect(sum(figures.dates_metrics_total_count_sign_in)).to.be.at.least(2);

    const ring = (kind: string, part: string) =>
      text(view.find(`.ratio-ring[data-ring="${kind}"] li[data-part="${part}"] .part-value`));
    expect([ring('users', 'active'), ring('users', 'inactive'), ring('users', 'disabled')]).to.deep.equal([
      '2',
      '0',
      '0',
    ]);
    expect([ring('assets', 'active'), ring('assets', 'inactive'), ring('assets', 'disabled')]).to.deep.equal([
      '2',
      '0',
      '0',
    ]);
    expect(view.find('.ratio-ring[data-ring="users"] svg circle[data-part="active"]'), 'the active arc').not.to.equal(
      null,
    );

    const topUsers = view.findAll('.top-table[data-top="users"] tbody tr');
    expect(topUsers.map((row) => [cell(row, 'name'), cell(row, 'total')])).to.deep.equal(
      figures.dates_login_times_top10_users.map((u) => [u.user, String(u.total)]),
    );
    expect(topUsers.map((row) => cell(row, 'name'))).to.deep.equal(['李伟(liwei)', 'John Smith(jsmith)']);
    const topAssets = view.findAll('.top-table[data-top="assets"] tbody tr');
    expect(topAssets.map((row) => [cell(row, 'name'), cell(row, 'total'), cell(row, 'last')])).to.deep.equal(
      figures.dates_login_times_top10_assets.map((a) => [a.asset, String(a.total), a.last]),
    );

    const latest = view.findAll('.latest-sessions tbody tr');
    expect(latest.map((row) => row.getAttribute('data-id'))).to.deep.equal([...ids].reverse());
    expect(latest.map((row) => cell(row, 'state'))).to.deep.equal(['已结束', '在线', '已结束']);
    expect(latest[0].querySelector('a.session-link')!.getAttribute('href')).to.equal(`#/terminal/sessions/${ids[2]}`);
  });

  it('names the chart legend\'s first entry as the day, in zh and en (never uPlot\'s "Value")', async () => {
    const view = await openDashboard(org);
    const chart = await waitFor(() => view.find('.logins-chart[data-state="drawn"]'), 10000, 'the chart drawn');
    const legend = () => [...chart.querySelectorAll('.u-legend .u-series .u-label')].map((label) => text(label));
    expect(legend()).to.deep.equal(['日期', '资产登录次数', '活跃用户', '活跃资产', '用户登录次数']);
    $lang.set('en');
    await waitFor(() => legend()[0] === 'Date', 8000, 'the English legend');
    expect(legend()).to.deep.equal(['Date', 'Asset logins', 'Active users', 'Active assets', 'Sign-ins']);
  });

  it('switches to 30 days and back', async () => {
    const view = await openDashboard(org);
    (view.find('.range-switch button[data-days="30"]') as HTMLButtonElement).click();
    await waitFor(() => view.find('.dashboard[data-loaded="30"]'), 10000, 'the 30-day figures');
    const chart = await waitFor(() => view.find('.logins-chart[data-state="drawn"]'), 10000, 'the chart redrawn');
    expect(chart.getAttribute('data-days')!.split(',')).to.have.length(30);
    expect(view.find('.range-switch button[data-days="30"]')!.getAttribute('aria-pressed')).to.equal('true');
  });

  it('shows zeros and empty charts for an org with nothing in it', async () => {
    const view = await openDashboard(empty);
    for (const key of ['users', 'assets', 'onlineUsers', 'onlineSessions']) {
      expect(text(view.find(`.summary-card[data-figure="${key}"] .figure`)), key).to.equal('0');
    }
    const chart = await waitFor(() => view.find('.logins-chart[data-state="drawn"]'), 10000, 'the empty chart drawn');
    expect(chart.querySelector('canvas')).not.to.equal(null);
    expect(chart.getAttribute('data-series')).to.equal(Array(4).fill('0,0,0,0,0,0,0').join(';'));
    expect(view.findAll('.ratio-ring svg circle[data-part]')).to.have.length(0);
    expect(text(view.find('.latest-sessions tbody'))).to.equal('暂无数据');
    expect(text(view.find('.top-table[data-top="users"] tbody'))).to.equal('暂无数据');
  });
});

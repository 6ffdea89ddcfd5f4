// Against the reference server: an auditor opens the Audits section, reads the login logs of the last
// 7 days, narrows them by search and by a status tag, and exports exactly what is shown as CSV.
import { expect } from '@open-wc/testing';
import { setDownloader } from '../../../src/core/engine/api.ts';
import { text, waitFor } from '../../helpers/dom.ts';
import { loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { click, nativeType, searchFor } from '../users/support.ts';

const unique = `audit${Date.now().toString(36)}`;
const cells = (view: MountedConsole, prop: string) =>
  view.findAll(`.list-page tbody tr[data-id] td[data-prop="${prop}"]`).map((td) => text(td).trim());

/** A failed API sign-in under a made-up name: the server logs it like any attempt. */
const failSignIn = (username: string) =>
  fetch('/api/v1/authentication/auth/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'wrong-password' }),
  });

describe('audits: an auditor reads the login logs, filters them and exports CSV (real server)', () => {
  afterEach(async () => {
    setDownloader(null);
    await resetConsole();
  });

  it("lists the last week's sign-ins, filters by search and status, and exports the filtered rows", async () => {
    await failSignIn(`${unique}a`);
    await failSignIn(`${unique}b`);
    await loginAs('sysauditor');
    const view = await mountConsole('/audits/');
    await waitForShell(view);
    await waitFor(() => location.hash.startsWith('#/audits/login-log'), 5000, '/audits/ opening the login logs');
    await view.waitForText('.list-page h2', '登录日志', 8000);
    const menu = text(view.find('nav.sidebar'));
    for (const title of ['日志审计', '登录日志', 'FTP日志', '操作日志', '改密日志', '批量命令'])
      expect(menu).to.contain(title);
    // The default window (last 7 days) holds today's sign-ins, the auditor's own among them.
    await waitFor(() => cells(view, 'username').includes('sysauditor'), 8000, "the auditor's own sign-in");
    expect(view.find('.list-page input.date-from')).to.not.equal(null);
    expect(view.find('.list-page button.create'), 'nothing to create').to.equal(null);
    expect(view.find('.list-page button.import'), 'nothing to import').to.equal(null);

    searchFor(view, unique);
    await waitFor(() => cells(view, 'username').length === 2, 5000, 'the two made-up sign-ins');
    expect(cells(view, 'username').sort()).to.deep.equal([`${unique}a`, `${unique}b`]);
    expect(cells(view, 'reason')).to.deep.equal(['password_failed', 'password_failed']);
    expect(cells(view, 'status')).to.deep.equal(['失败', '失败']);
    expect(cells(view, 'ip').every((ip) => ip.startsWith('127.'))).to.equal(true);

    nativeType(view.find('.list-page select.filter-field'), 'username', 'change');
    const input = await waitFor(
      () => view.find<HTMLInputElement>('.list-page input.search-input'),
      2000,
      'the username input',
    );
    nativeType(input, `${unique}b`);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await waitFor(() => cells(view, 'username').join() === `${unique}b`, 5000, 'only the second');
    expect(location.hash).to.contain(`username=${unique}b`);

    const hrefs: string[] = [];
    setDownloader((href) => hrefs.push(href));
    click(view.find('.list-page button.export'));
    click(await waitFor(() => view.find('.export-dialog sl-button.confirm'), 2000, 'the export dialog'));
    await waitFor(() => hrefs.length === 1, 3000, 'the download');
    expect(hrefs[0]).to.contain('/api/v1/audits/login-logs/').and.to.contain('format=csv').and.to.contain('date_from=');
    const csv = (await (await fetch(hrefs[0], { credentials: 'same-origin' })).text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).to.equal('ID,用户名,登录方式,登录IP,登录城市,用户代理,MFA,原因,状态,登录日期');
    expect(csv.length, 'header + the one filtered row').to.equal(2);
    expect(csv[1]).to.contain(`${unique}b`).and.to.contain('password_failed');
  });
});

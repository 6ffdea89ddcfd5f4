// Against the reference server: the Licence tab shows "no licence", refuses a tampered and an expired
// file with the server's message, and a valid file shows its detail and hides the footer's GPL line.
// Licence files are signed with the demo key by the test runner (scripts/wtr/settings-fixture.mjs).
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  settle,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';

const makeLicense = (terms: Record<string, unknown>) => executeServerCommand<string, unknown>('license-make', terms);

async function importFile(view: MountedConsole, content: string): Promise<void> {
  const input = view.find<HTMLInputElement>('.license-tab input.license-file')!;
  const files = new DataTransfer();
  files.items.add(new File([content], 'license.lic', { type: 'application/octet-stream' }));
  input.files = files.files;
  input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  await settle();
  view.find<HTMLElement>('.license-tab sl-button.license-submit')!.click();
}

describe('settings page: Licence tab (real server)', () => {
  afterEach(async () => {
    // The next test files start unlicensed again (public settings; the stored file no longer counts).
    await api('PATCH', '/api/v1/settings/setting/', { license: { XPACK_LICENSE_IS_VALID: false } });
    await resetConsole();
  });

  it("refuses tampered and expired files with the server's message, and imports a valid one", async () => {
    await loginAs('admin');
    const view = await mountConsole('/settings/?activeTab=license');
    await waitForShell(view);
    await view.waitForText('.license-none', '当前没有导入许可证', 8000);
    expect(view.find('footer .license'), 'the GPL line while unlicensed').to.not.equal(null);

    const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;
    const valid = await makeLicense({
      corporation: 'Settings Test Corp',
      edition: 'Enterprise',
      asset_count: 300,
      date_expired: nextYear,
    });
    const decoded = JSON.parse(atob(valid)) as { license: string; signature: string };
    const tampered = btoa(JSON.stringify({ ...decoded, license: decoded.license.replace('300', '30000') }));
    await importFile(view, tampered);
    await view.waitForText('.license-result.failed', /许可证无效/);
    expect(view.find('.license-none')).to.not.equal(null);

    await importFile(view, await makeLicense({ corporation: 'Old Corp', date_expired: '2020-01-01' }));
    await view.waitForText('.license-result.failed', '许可证已于 2020-01-01 过期');

    await importFile(view, valid);
    await view.waitForText('.license-result.ok', '许可证导入成功');
    await view.waitForText('.license-detail [data-key="corporation"] dd', 'Settings Test Corp');
    expect(text(view.find('.license-detail [data-key="asset_count"] dd'))).to.equal('300');
    expect(text(view.find('.license-detail [data-key="date_expired"] dd'))).to.equal(nextYear);
    expect(text(view.find('.license-detail [data-key="is_valid"] dd'))).to.equal('有效');
    await waitFor(() => view.find('footer .license') === null, 5000, 'the GPL line hidden by the licence');
  });
});

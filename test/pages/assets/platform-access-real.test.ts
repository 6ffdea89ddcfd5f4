// Against the reference server: platforms are the super admin's (ROUTES.md). An org admin is offered
// no platform page and its edit address lands on the 404 page without a request; the server's own
// refusals (403 'Internal platform' for a built-in one, no permission for an org admin) reach the user as text.
import { expect } from '@open-wc/testing';
import { $toasts } from '../../../src/core/stores/notify.ts';
import { deepQueryAll, text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  setHash,
  settle,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { click, formControl, slType } from '../users/support.ts';
import { PLATFORMS, create, list } from './support/api.ts';

type Platform = { id: number; name: string; internal: boolean; comment: string };

/** Every menu entry of the sidebar, sub-menus included (closed ones are still in the DOM or not, both count). */
const menuText = (view: MountedConsole) => text(view.find('nav.sidebar'));

async function linux(org?: string): Promise<Platform> {
  const [found] = await list<Platform>(`${PLATFORMS}?name=Linux`, org);
  expect(found.internal).to.equal(true);
  return found;
}

/** Opens the sidebar's Assets section so its entries are drawn. */
async function openAssetsMenu(view: MountedConsole): Promise<void> {
  await waitFor(() => menuText(view).includes('资产管理'), 5000, 'the Assets menu');
  if (menuText(view).includes('资产列表')) return; // the current page's section starts open
  const section = await waitFor(
    () => view.findAll('nav.sidebar *').find((el) => el.children.length === 0 && text(el) === '资产管理'),
    5000,
    'the Assets menu',
  );
  click(section);
  await waitFor(() => menuText(view).includes('资产列表'), 3000, 'the Assets entries');
}

describe('assets: platform edit is the super admin’s (real server)', () => {
  afterEach(() => resetConsole());

  it('offers an org admin no platform page; the edit address is the 404 page and sends nothing', async () => {
    const profile = await loginAs('orgadmin');
    const org = (profile.admin_or_audit_orgs as { id: string }[])[0].id;
    const platform = await linux(org); // an org admin may read platforms (GET is IsOrgAdmin)
    const refused = await api<{ detail: string }>(
      'PATCH',
      `${PLATFORMS}${platform.id}/`,
      { comment: 'org admin was here' },
      { org },
    );
    expect(refused.status).to.equal(403);
    expect(refused.data.detail).to.be.a('string').and.not.equal('');

    const view = await mountConsole('/assets/assets');
    await waitForShell(view);
    await openAssetsMenu(view);
    expect(menuText(view)).to.not.contain('平台列表');
    const sent: string[] = [];
    const observer = new PerformanceObserver((entries) => sent.push(...entries.getEntries().map((e) => e.name)));
    observer.observe({ type: 'resource' });
    setHash(`/assets/platforms/${platform.id}/update`);
    await waitFor(() => location.hash === '#/404', 3000, 'the 404 page');
    await settle(300);
    observer.disconnect();
    expect(deepQueryAll(view.el, '.form-page')).to.have.length(0);
    expect(sent.filter((url) => url.includes(PLATFORMS))).to.deep.equal([]);
    expect((await linux(org)).comment).to.not.equal('org admin was here');
  });

  it('offers no Update or Delete for an internal platform, in the list or on its page; a platform of ours has both', async () => {
    await loginAs('admin');
    const builtIn = await linux();
    const ours = await create<Platform>(PLATFORMS, {
      name: `ours-${Date.now().toString(36)}`,
      base: 'Linux',
      charset: 'utf8',
    });
    try {
      const view = await mountConsole('/assets/platforms');
      await waitForShell(view);
      const action = (id: number, name: string) =>
        waitFor(
          () => view.find<HTMLButtonElement>(`.list-page tr[data-id="${id}"] .action-${name}`),
          8000,
          `${name} of platform ${id}`,
        );
      expect((await action(builtIn.id, 'update')).disabled, 'internal: no update').to.equal(true);
      expect((await action(builtIn.id, 'delete')).disabled, 'internal: no delete').to.equal(true);
      expect((await action(ours.id, 'update')).disabled, 'ours: update').to.equal(false);
      expect((await action(ours.id, 'delete')).disabled, 'ours: delete').to.equal(false);

      setHash(`/assets/platforms/${builtIn.id}`);
      const update = await waitFor(
        () => view.find<HTMLElement & { disabled: boolean }>('.detail-page sl-button.update'),
        8000,
        'the detail page',
      );
      expect(update.disabled, 'no update on its page either').to.equal(true);
      expect(view.find<HTMLElement & { disabled: boolean }>('.detail-page sl-button.delete')!.disabled).to.equal(true);
    } finally {
      await api('DELETE', `${PLATFORMS}${ours.id}/`);
    }
  });

  it('shows the super admin the server’s 403 for a built-in platform as text and changes nothing', async () => {
    await loginAs('admin');
    const platform = await linux();
    const view = await mountConsole('/assets/assets');
    await waitForShell(view);
    await openAssetsMenu(view);
    expect(menuText(view), 'the same menu check passes for the super admin').to.contain('平台列表');

    setHash(`/assets/platforms/${platform.id}/update`);
    const comment = await waitFor(
      () => formControl(view, 'comment', 'sl-textarea') ?? formControl(view, 'comment'),
      8000,
      'the platform form',
    );
    await waitFor(
      () => (formControl(view, 'name') as unknown as { value: string } | null)?.value === 'Linux',
      5000,
      'the loaded platform',
    );
    slType(comment, 'renamed by a test');
    await settle();
    click(view.find('.form-page sl-button.submit'));
    const expected = await api<{ detail: string }>('PATCH', `${PLATFORMS}${platform.id}/`, {
      comment: 'renamed by a test',
    });
    expect(expected.status).to.equal(403);
    const toast = await waitFor(
      () => view.findAll('.toasts .toast-error').find((el) => text(el) === expected.data.detail),
      5000,
      'the refusal shown',
    );
    expect(toast.querySelector('img, script'), 'server text is text').to.equal(null);
    expect($toasts.get().map((t) => t.message)).to.include(expected.data.detail);
    expect((await linux()).comment).to.equal(platform.comment);
  });
});

// The strip of visited pages: affix Dashboard, Close Others, Close All, middle click, Refresh.
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { loginAs } from '../../helpers/server.ts';
import { text, waitFor } from '../../helpers/dom.ts';
import {
  mountConsole,
  resetConsole,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';

const tags = (view: MountedConsole) => view.findAll('.tags-view .tag').map((tag) => text(tag).replace(/×$/, '').trim());
const tag = (view: MountedConsole, path: string) => view.find<HTMLElement>(`.tags-view .tag[data-path="${path}"]`)!;

async function openPages(view: MountedConsole): Promise<void> {
  await waitForShell(view);
  await waitFor(() => tags(view).includes('仪表盘'), 3000, 'the Dashboard tab');
  location.hash = '#/users/profile/';
  await waitFor(() => tags(view).includes('个人信息'), 3000, 'the profile tab');
  location.hash = '#/users/first-login/guide/';
  await waitFor(() => tags(view).includes('用户向导'), 3000, 'the guide tab');
}

async function rightClick(view: MountedConsole, path: string, action: string): Promise<void> {
  tag(view, path).dispatchEvent(
    new MouseEvent('contextmenu', { bubbles: true, composed: true, clientX: 50, clientY: 60 }),
  );
  const menu = await waitFor(() => view.find<HTMLElement>('.tags-menu'), 2000, 'the context menu');
  expect(menu.getBoundingClientRect().width).to.equal(105);
  (view.find(`.tags-menu [data-action="${action}"]`) as HTMLElement).click();
}

describe('tags view', () => {
  afterEach(resetConsole);
  beforeEach(() => loginAs('admin'));

  it('keeps a tab per visited page; the affix Dashboard has no close button', async () => {
    const view = await mountConsole('/dashboard');
    await openPages(view);
    expect(tags(view)).to.deep.equal(['仪表盘', '个人信息', '用户向导']);
    expect(tag(view, '/dashboard').querySelector('.close')).to.equal(null);
    expect(tag(view, '/users/first-login/guide/').classList.contains('active')).to.equal(true);
  });

  it('keeps one Dashboard tab however its address is written (a 2.3 bookmark ends in a slash)', async () => {
    const view = await mountConsole('/dashboard/');
    await waitForShell(view);
    await waitFor(() => tags(view).includes('仪表盘'), 3000, 'the Dashboard tab');
    location.hash = '#/users/profile/';
    await waitFor(() => tags(view).includes('个人信息'), 3000, 'the profile tab');
    location.hash = '#/dashboard';
    await waitFor(() => tag(view, '/dashboard')?.classList.contains('active'), 3000, 'the Dashboard tab active');
    expect(tags(view)).to.deep.equal(['仪表盘', '个人信息']);
  });

  it('Close Others keeps the chosen tab and the affix Dashboard, and shows the chosen page', async () => {
    const view = await mountConsole('/dashboard');
    await openPages(view);
    await rightClick(view, '/users/profile/', 'closeOthers');
    await waitFor(() => tags(view).length === 2);
    expect(tags(view)).to.deep.equal(['仪表盘', '个人信息']);
    expect(location.hash).to.equal('#/users/profile/');
  });

  it('Close All leaves the Dashboard and goes to it', async () => {
    const view = await mountConsole('/dashboard');
    await openPages(view);
    await rightClick(view, '/users/first-login/guide/', 'closeAll');
    await waitFor(() => location.hash === '#/dashboard', 2000, 'the Dashboard');
    expect(tags(view)).to.deep.equal(['仪表盘']);
  });

  it('a middle click closes a tab; closing the active one moves to the last tab', async () => {
    const view = await mountConsole('/dashboard');
    await openPages(view);
    tag(view, '/users/profile/').dispatchEvent(new MouseEvent('mouseup', { bubbles: true, composed: true, button: 1 }));
    await waitFor(() => tags(view).length === 2);
    expect(tags(view)).to.deep.equal(['仪表盘', '用户向导']);
    (tag(view, '/users/first-login/guide/').querySelector('.close') as HTMLElement).click();
    await waitFor(() => location.hash === '#/dashboard', 2000, 'the last remaining tab');
    expect(tags(view)).to.deep.equal(['仪表盘']);
  });

  it('Refresh reloads the page through /redirect and comes back to it', async () => {
    const view = await mountConsole('/dashboard');
    await openPages(view);
    const before = view.find('.user-guide');
    const seen: string[] = [];
    const record = () => seen.push(location.hash);
    window.addEventListener('hashchange', record);
    await rightClick(view, '/users/first-login/guide/', 'refresh');
    await waitFor(() => view.find('.user-guide') && view.find('.user-guide') !== before, 2000, 'a new page');
    window.removeEventListener('hashchange', record);
    expect(seen).to.deep.equal(['#/redirect/users/first-login/guide/', '#/users/first-login/guide/']);
  });
});

describe('tags view with many pages', () => {
  afterEach(resetConsole);
  beforeEach(() => loginAs('admin'));

  it('scrolls sideways inside the page width and keeps the active tab in view', async () => {
    const view = await mountConsole('/dashboard');
    await setViewport({ width: 1000, height: 800 }); // still desktop (> 992), with room for a few tabs only
    await waitForShell(view);
    const sections = [
      '/users/users',
      '/users/groups',
      '/assets/assets',
      '/assets/domains',
      '/assets/admin-users',
      '/assets/system-users',
      '/assets/cmd-filters',
      '/assets/platforms',
      '/assets/labels',
    ];
    const pages = [...sections, ...sections.map((path) => `${path}/create`), '/users/profile'];
    for (const path of pages) {
      location.hash = `#${path}`;
      await waitFor(() => view.find(`.tags-view .tag[data-path="${path}"]`), 5000, `the tab of ${path}`);
    }
    const bar = view.find<HTMLElement>('.tags-view')!;
    const box = bar.getBoundingClientRect();
    expect(box.right, 'the bar ends inside the window').to.be.at.most(window.innerWidth);
    expect(bar.scrollWidth, 'the tabs overflow it').to.be.greaterThan(bar.clientWidth);
    const inView = (path: string) => {
      const t = tag(view, path).getBoundingClientRect();
      return t.left >= box.left - 1 && t.right <= box.right + 1;
    };
    await waitFor(() => inView('/users/profile'), 3000, 'the last (active) tab scrolled into view');
    location.hash = '#/users/users';
    await waitFor(
      () => tag(view, '/users/users').classList.contains('active') && inView('/users/users'),
      3000,
      'the first tab back in view',
    );
  });
});

// Sidebar collapse (cookie sidebarStatus) and the mobile overlay below 992 px.
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { cookie, loginAs } from '../../helpers/server.ts';
import { waitFor } from '../../helpers/dom.ts';
import {
  DESKTOP,
  mountConsole,
  resetConsole,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';

const appClasses = (view: MountedConsole) => [...(view.find('.app')?.classList ?? [])];
const sidebarWidth = (view: MountedConsole) => view.find('nav.sidebar')!.getBoundingClientRect().width;

describe('sidebar', () => {
  afterEach(async () => {
    await resetConsole();
    await setViewport(DESKTOP);
  });

  it('collapses to 54 px and opens to 220 px with the hamburger, remembering it in sidebarStatus', async () => {
    await loginAs('admin');
    const view = await mountConsole('/dashboard');
    await waitForShell(view);
    await waitFor(() => sidebarWidth(view) === 220, 2000, 'the 220 px sidebar');
    (view.find('.navbar .hamburger') as HTMLElement).click();
    await waitFor(() => appClasses(view).includes('collapsed'));
    expect(cookie('sidebarStatus')).to.equal('0');
    await waitFor(() => sidebarWidth(view) === 54, 2000, 'the 54 px sidebar');
    expect(view.find('nav.sidebar .menu .icon'), 'icons stay visible').to.not.equal(null);
    (view.find('.navbar .hamburger') as HTMLElement).click();
    await waitFor(() => appClasses(view).includes('opened'));
    expect(cookie('sidebarStatus')).to.equal('1');
  });

  it('shows the whole logo collapsed: its mark in 54 px, the full logo when open again', async () => {
    await loginAs('admin');
    const view = await mountConsole('/dashboard');
    await waitForShell(view);
    const logo = () => view.find<HTMLElement>('nav.sidebar .logo')!;
    const fits = () => logo().scrollWidth <= logo().clientWidth;
    expect(view.textOf('nav.sidebar .logo')).to.equal('Bastion');
    (view.find('.navbar .hamburger') as HTMLElement).click();
    await waitFor(() => sidebarWidth(view) === 54, 2000, 'the 54 px sidebar');
    expect(view.textOf('nav.sidebar .logo'), 'the mark, not a cut name').to.equal('B');
    expect(fits(), `logo ${logo().scrollWidth} px in ${logo().clientWidth} px`).to.equal(true);
    (view.find('.navbar .hamburger') as HTMLElement).click();
    await waitFor(() => sidebarWidth(view) === 220, 2000, 'the 220 px sidebar');
    expect(view.textOf('nav.sidebar .logo')).to.equal('Bastion');
    expect(fits()).to.equal(true);
  });

  it('starts collapsed when the cookie says so', async () => {
    await loginAs('admin');
    document.cookie = 'sidebarStatus=0; path=/';
    const { $sidebar, readSidebarState } = await import('../../../src/core/stores/app.ts');
    $sidebar.set(readSidebarState());
    const view = await mountConsole('/dashboard');
    await waitForShell(view);
    expect(appClasses(view)).to.include('collapsed');
  });

  it('overlays below 992 px and closes when the route changes', async () => {
    await loginAs('admin');
    const view = await mountConsole('/dashboard');
    await waitForShell(view);
    await setViewport({ width: 800, height: 700 });
    await waitFor(() => appClasses(view).includes('mobile'), 2000, 'mobile mode');
    expect(appClasses(view), 'entering mobile mode closes it').to.include('collapsed');
    (view.find('.navbar .hamburger') as HTMLElement).click();
    await waitFor(() => view.find('.sidebar-mask'), 2000, 'the overlay');
    location.hash = '#/users/profile/';
    await waitFor(() => appClasses(view).includes('collapsed'), 2000, 'the sidebar to close');
    expect(view.find('.sidebar-mask')).to.equal(null);
  });
});

// The sidebar's menu rendering (groups, external links, active item) and its logo rule.
import { expect } from '@open-wc/testing';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'wouter';
import { DEFAULT_LOGO } from '../../../src/core/config.ts';
import { $routes } from '../../../src/core/routes.ts';
import { $device, $sidebar } from '../../../src/core/stores/app.ts';
import { $publicSettings } from '../../../src/core/stores/settings.ts';
import { useConsoleLocation } from '../../../src/core/ui/hash-location.ts';
import { Sidebar } from '../../../src/core/ui/Sidebar.tsx';
import { deepQuery, deepQueryAll, text } from '../../helpers/dom.ts';

const Page = () => null;

let host: HTMLElement;
let root: Root;

function render(activePath: string): void {
  act(() =>
    root.render(
      <Router hook={useConsoleLocation}>
        <Sidebar activePath={activePath} />
      </Router>,
    ),
  );
}

describe('Sidebar', () => {
  before(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host.attachShadow({ mode: 'open' }));
    $routes.set([
      {
        path: '/users',
        meta: { title: 'route.Users', icon: 'person' },
        children: [
          { path: 'users', name: 'UserList', component: Page, meta: { title: 'route.UserList' } },
          { path: 'groups', name: 'UserGroupList', component: Page, meta: { title: 'route.UserGroupList' } },
          { path: 'users/:id', name: 'UserDetail', component: Page, meta: { title: 'route.UserDetail', hidden: true } },
        ],
      },
      {
        path: '/audits',
        meta: { title: 'route.Audits', icon: 'journal' },
        children: [
          { path: 'login-log', name: 'LoginLog', component: Page, meta: { title: 'route.LoginLog' } },
          { path: 'ftp-log', name: 'FtpLog', component: Page, meta: { title: 'route.FtpLog' } },
        ],
      },
      { path: '/luna', external: () => 'https://bastion.example/luna/', meta: { title: 'route.WebTerminal' } },
    ]);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    $routes.set([]);
    $publicSettings.set({});
    $sidebar.set({ opened: true, withoutAnimation: false });
  });

  const openGroups = () => deepQueryAll(host, '.menu li.group.open > button').map((node) => text(node));
  const groupButton = (title: string) =>
    deepQueryAll<HTMLButtonElement>(host, '.menu li.group > button').find((node) => text(node) === title)!;

  it('opens the group holding the active page and highlights that page', () => {
    render('/users/groups');
    const labels = deepQueryAll(host, '.menu [data-menu]').map((node) => text(node));
    expect(labels).to.deep.equal(['用户管理', '用户列表', '用户组', '日志审计', 'Web终端']);
    expect(text(deepQuery(host, '.menu a.active'))).to.equal('用户组');
  });

  it('opens and marks the group of a page reached by in-app navigation, not only on first load', () => {
    render('/somewhere-else');
    expect(deepQueryAll(host, '.submenu')).to.have.length(0);
    render('/users/users');
    expect(deepQuery(host, '.menu li.group')?.className).to.equal('group open active');
    expect(text(deepQuery(host, '.menu a.active'))).to.equal('用户列表');
    render('/somewhere-else');
    expect(deepQuery(host, '.menu li.group')?.className, 'left open, no longer marked').to.equal('group open');
  });

  it('collapses and expands a group on click', () => {
    render('/somewhere-else');
    expect(deepQueryAll(host, '.submenu')).to.have.length(0);
    act(() => (deepQuery(host, '.menu button[data-menu]') as HTMLElement).click());
    expect(deepQueryAll(host, '.submenu a').map((a) => a.getAttribute('href'))).to.deep.equal([
      '#/users/users',
      '#/users/groups',
    ]);
  });

  it('opens one group at a time, as Lina does: opening one, or a page in one, closes the other', () => {
    render('/users/users');
    expect(openGroups()).to.deep.equal(['用户管理']);
    act(() => groupButton('日志审计').click());
    expect(openGroups()).to.deep.equal(['日志审计']);
    act(() => groupButton('用户管理').click());
    expect(openGroups()).to.deep.equal(['用户管理']);
    render('/audits/ftp-log');
    expect(openGroups()).to.deep.equal(['日志审计']);
    act(() => groupButton('日志审计').click());
    expect(openGroups(), 'its own button closes it').to.deep.equal([]);
  });

  it('names every entry of the collapsed bar and opens a group as a flyout of named links', () => {
    $device.set('desktop');
    $sidebar.set({ opened: false, withoutAnimation: true });
    render('/users/users');
    const controls = deepQueryAll<HTMLElement>(host, '.menu a, .menu button');
    expect(controls.map((node) => node.getAttribute('aria-label'))).to.deep.equal(['用户管理', '日志审计', 'Web终端']);
    expect(controls.map((node) => node.title)).to.deep.equal(['用户管理', '日志审计', 'Web终端']);
    expect(openGroups(), 'the bar opens no group by itself').to.deep.equal([]);
    act(() => groupButton('日志审计').click());
    const links = deepQueryAll<HTMLAnchorElement>(host, '.flyout a');
    expect(links.map((a) => [text(a), a.getAttribute('href')])).to.deep.equal([
      ['登录日志', '#/audits/login-log'],
      ['FTP日志', '#/audits/ftp-log'],
    ]);
    act(() => groupButton('用户管理').click());
    expect(
      deepQueryAll(host, '.flyout a').map((a) => text(a)),
      'one flyout at a time',
    ).to.deep.equal(['用户列表', '用户组']);
    act(() => {
      deepQuery(host, '.flyout a')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(deepQueryAll(host, '.flyout'), 'Escape closes it').to.have.length(0);
    act(() => groupButton('用户管理').click());
    render('/users/groups');
    expect(deepQueryAll(host, '.flyout'), 'choosing a page closes it').to.have.length(0);
  });

  it('opens external links in a new tab', () => {
    render('/');
    const link = deepQuery<HTMLAnchorElement>(host, '.menu a[href="https://bastion.example/luna/"]');
    expect([link?.target, link?.rel]).to.deep.equal(['_blank', 'noopener']);
  });

  it('shows the text logo for the default logo and an image for a custom one', () => {
    $publicSettings.set({ LOGO_URLS: { logo_index: DEFAULT_LOGO } });
    render('/');
    expect(text(deepQuery(host, '.logo'))).to.equal('Bastion');
    act(() => $publicSettings.set({ LOGO_URLS: { logo_index: '/media/logo/custom.png' } }));
    expect(deepQuery<HTMLImageElement>(host, '.logo img')?.getAttribute('src')).to.equal('/media/logo/custom.png');
  });
});

import { expect } from '@open-wc/testing';
import { setCookie } from '../../src/core/cookies.ts';
import { setHardNavigator } from '../../src/core/navigation.ts';
import { ROLE } from '../../src/core/permissions.ts';
import { $currentOrg, $currentRole, $profile, $roles, logout } from '../../src/core/stores/session.ts';
import { cookieNames, snapshotCookies } from './support/cookies.ts';
import { OPS, orgAdmin } from './support/profiles.ts';

const SPEC_COOKIES = [
  'jms_current_org',
  'jms_current_role',
  'currentOrg',
  'currentRole',
  'sidebarStatus',
  'django_language',
  'X-JMS-ORG',
  'activeTab',
];

describe('logout', () => {
  let restoreCookies: () => void;
  let navigations: string[];

  beforeEach(() => {
    restoreCookies = snapshotCookies();
    navigations = [];
    setHardNavigator((url) => navigations.push(url));
  });

  afterEach(() => {
    setHardNavigator(null);
    history.replaceState(null, '', location.pathname + location.search);
    restoreCookies();
    document.cookie = 'unrelated=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('clears exactly the spec cookies, resets the session and goes to the logout path', () => {
    for (const name of SPEC_COOKIES) setCookie(name, 'x');
    setCookie('csrftoken', 'keep-me');
    setCookie('unrelated', 'keep-me-too');
    $profile.set(orgAdmin());
    $currentOrg.set(OPS);
    $roles.set([ROLE.ORG_ADMIN]);
    $currentRole.set(ROLE.ORG_ADMIN);
    history.replaceState(null, '', `${location.pathname}${location.search}#/users/users/?search=a`);

    logout();

    const left = cookieNames();
    for (const name of SPEC_COOKIES) expect(left, name).not.to.include(name);
    expect(left).to.include.members(['csrftoken', 'unrelated']);
    expect($profile.get()).to.equal(null);
    expect($currentOrg.get()).to.equal(null);
    expect($roles.get()).to.deep.equal([]);
    expect($currentRole.get()).to.equal(ROLE.ANON);
    expect(navigations).to.deep.equal([`/core/auth/logout/?next=${encodeURIComponent('/users/users/?search=a')}`]);
  });
});

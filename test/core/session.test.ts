import { expect } from '@open-wc/testing';
import { getCookie, setCookie } from '../../src/core/cookies.ts';
import { setHardNavigator, setReloader } from '../../src/core/navigation.ts';
import { ROLE } from '../../src/core/permissions.ts';
import {
  $currentOrg,
  $currentRole,
  $orgs,
  $perms,
  $profile,
  canSwitchPage,
  chooseCurrentOrg,
  loadRoles,
  resetSession,
  setCurrentOrg,
  switchToAdminPage,
  switchToUserPage,
} from '../../src/core/stores/session.ts';
import { $routes } from '../../src/core/routes.ts';
import type { Profile } from '../../src/core/types.ts';
import { adminRoutes } from './support/route-table.ts';
import { clearCoreCookies, snapshotCookies } from './support/cookies.ts';
import { DEFAULT, DEV, OPS, adminElsewhere, orgAdmin, plainUser, superAdmin } from './support/profiles.ts';

function signIn(profile: Profile): void {
  $profile.set(profile);
  $orgs.set(profile.admin_or_audit_orgs);
}

const orgCookie = () => JSON.parse(getCookie('jms_current_org') ?? 'null');

describe('session store', () => {
  let restoreCookies: () => void;
  let reloads: (string | undefined)[];
  let navigations: string[];

  beforeEach(() => {
    restoreCookies = snapshotCookies();
    clearCoreCookies();
    resetSession();
    reloads = [];
    navigations = [];
    setReloader((url) => reloads.push(url));
    setHardNavigator((url) => navigations.push(url));
  });

  afterEach(() => {
    setReloader(null);
    setHardNavigator(null);
    restoreCookies();
  });

  describe('chooseCurrentOrg', () => {
    it('keeps the org of the cookie when the user still administers it', () => {
      setCookie('jms_current_org', JSON.stringify(DEV));
      signIn(superAdmin());
      expect(chooseCurrentOrg()).to.deep.equal(DEV);
    });

    it('prefers the global org, then DEFAULT, then the first', () => {
      setCookie('jms_current_org', JSON.stringify({ id: 'gone', name: 'Gone' }));
      $orgs.set([OPS, { id: '', name: 'Global' }, DEFAULT]);
      expect(chooseCurrentOrg()).to.deep.equal({ id: '', name: 'Global' });
      $orgs.set([OPS, DEV, DEFAULT]);
      expect(chooseCurrentOrg()).to.deep.equal(DEFAULT);
      $orgs.set([DEV, OPS]);
      expect(chooseCurrentOrg()).to.deep.equal(DEV);
    });

    it('uses DEFAULT for a user who administers no org, and stores the choice for 14 days', () => {
      signIn(plainUser());
      expect(chooseCurrentOrg()).to.deep.equal(DEFAULT);
      expect($currentOrg.get()).to.deep.equal(DEFAULT);
      expect(orgCookie()).to.deep.equal(DEFAULT);
    });
  });

  describe('loadRoles', () => {
    it('takes the highest role and sums the permissions', () => {
      signIn(superAdmin());
      expect(loadRoles()).to.deep.equal([ROLE.SUPER_ADMIN, ROLE.ORG_ADMIN, ROLE.USER]);
      expect($currentRole.get()).to.equal(ROLE.SUPER_ADMIN);
      expect(getCookie('jms_current_role')).to.equal('146');
      expect($perms.get()).to.equal(147);
    });

    it('keeps the role of the cookie when it is still held', () => {
      setCookie('jms_current_role', String(ROLE.USER));
      signIn(orgAdmin());
      loadRoles();
      expect($currentRole.get()).to.equal(ROLE.USER);
    });

    it('ignores a cookie role that is no longer held', () => {
      setCookie('jms_current_role', String(ROLE.SUPER_ADMIN));
      signIn(orgAdmin());
      loadRoles();
      expect($currentRole.get()).to.equal(ROLE.ORG_ADMIN);
    });

    it('falls back to the user role when the user administers no org', () => {
      signIn(plainUser({ current_org_roles: ['Auditor'] }));
      loadRoles();
      expect($currentRole.get()).to.equal(ROLE.USER);
    });
  });

  describe('page switching', () => {
    it('offers the switch to users with several roles or any administered org', () => {
      signIn(plainUser());
      loadRoles();
      expect(canSwitchPage()).to.equal(false);
      signIn(adminElsewhere());
      loadRoles();
      expect(canSwitchPage()).to.equal(true);
      signIn(orgAdmin());
      loadRoles();
      expect(canSwitchPage()).to.equal(true);
    });

    it('switches to the user page with the user role and reloads at the console root', () => {
      signIn(orgAdmin());
      loadRoles();
      switchToUserPage();
      expect(getCookie('jms_current_role')).to.equal('1');
      expect(reloads.length + navigations.length).to.equal(1);
      expect([...reloads, ...navigations][0]).to.equal('/ui/#/');
    });

    it('switches to the admin page with the highest admin role held here', () => {
      setCookie('jms_current_role', '1');
      signIn(orgAdmin());
      loadRoles();
      switchToAdminPage();
      expect(getCookie('jms_current_role')).to.equal(String(ROLE.ORG_ADMIN));
    });

    it('moves to an administered org when the current one gives no admin role', () => {
      signIn(adminElsewhere());
      loadRoles();
      switchToAdminPage();
      expect(orgCookie()).to.deep.equal(OPS);
      expect(getCookie('jms_current_role')).to.equal(undefined);
    });
  });

  it('setCurrentOrg clears the role, stores the org and reloads', () => {
    setCookie('jms_current_role', '18');
    setCurrentOrg(DEV);
    expect(getCookie('jms_current_role')).to.equal(undefined);
    expect(orgCookie()).to.deep.equal(DEV);
    // The test page is not the console, so it is sent to the console instead of reloading.
    expect(navigations).to.deep.equal(['/ui/']);
  });

  describe('setCurrentOrg in the console', () => {
    const ID = '0d3c5a7e-8f21-4b6a-9c0d-1e2f3a4b5c6d';
    let before: string;
    // The test page stands in for the console: its address moves under /ui/ for the duration.
    const at = (hashPath: string) => history.replaceState(null, '', `/ui/#${hashPath}`);
    beforeEach(() => {
      before = location.href;
      $routes.set(adminRoutes);
    });
    afterEach(() => {
      history.replaceState(null, '', before);
      $routes.set([]);
    });

    it('leaves a detail or update page for the section list, as the object is not in the new org', () => {
      at(`/users/users/${ID}`);
      setCurrentOrg(DEV);
      at(`/users/groups/${ID}/update`);
      setCurrentOrg(OPS);
      expect(reloads).to.deep.equal(['/ui/#/users/users', '/ui/#/users/groups']);
      expect(orgCookie()).to.deep.equal(OPS);
    });

    it('leaves a page whose query names an object for its list, and reloads any other page where it is', () => {
      at(`/ops/tasks?filter=${ID}`);
      setCurrentOrg(DEV);
      at('/users/users?search=alice');
      setCurrentOrg(OPS);
      expect(reloads).to.deep.equal(['/ui/#/ops/tasks', undefined]);
    });
  });
});

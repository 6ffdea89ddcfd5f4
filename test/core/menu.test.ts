import { expect } from '@open-wc/testing';
import { ROLE } from '../../src/core/permissions.ts';
import { menuItems } from '../../src/core/menu.ts';
import { filterRoutes } from '../../src/core/routes.ts';
import { adminRoutes } from './support/route-table.ts';

const settings = { XPACK_LICENSE_IS_VALID: true, SECURITY_COMMAND_EXECUTION: true };
const menuFor = (role: number) => menuItems(filterRoutes(adminRoutes, role, settings));

describe('menuItems', () => {
  it('shows a group with one visible child as that child', () => {
    const menu = menuFor(ROLE.SUPER_ADMIN);
    const dashboard = menu.find((m) => m.title === 'route.dashboard');
    expect(dashboard).to.include({ path: '/dashboard', external: false, icon: 'speedometer' });
    expect(dashboard?.children).to.equal(undefined);
    expect(menu.find((m) => m.title === 'route.Settings')).to.include({ path: '/settings' });
  });

  it('keeps an alwaysShow group as a group even with one visible child', () => {
    const apps = menuItems(filterRoutes(adminRoutes, ROLE.SUPER_ADMIN, { SECURITY_COMMAND_EXECUTION: true })).find(
      (m) => m.title === 'route.applications',
    );
    expect(apps?.children?.map((c) => c.title)).to.deep.equal(['route.DatabaseAppList']);
  });

  it('skips hidden records and lists the visible children in order', () => {
    const users = menuFor(ROLE.ORG_ADMIN).find((m) => m.title === 'route.Users');
    expect(users?.children?.map((c) => [c.title, c.path])).to.deep.equal([
      ['route.UserList', '/users/users'],
      ['route.UserGroupList', '/users/groups'],
    ]);
    expect(menuFor(ROLE.ORG_ADMIN).some((m) => m.title === 'route.404')).to.equal(false);
  });

  it('flags external links with their address', () => {
    const jobs = menuFor(ROLE.SUPER_ADMIN).find((m) => m.title === 'route.JobCenter');
    const monitor = jobs?.children?.find((c) => c.title === 'route.TaskMonitor');
    expect(monitor).to.include({ external: true, path: `${location.origin}/core/flower?_=1` });
  });

  it('builds only the permitted menu for an auditor', () => {
    expect(menuFor(ROLE.ORG_AUDITOR).map((m) => m.title)).to.deep.equal(['route.dashboard', 'route.LoginLog']);
  });
});

import { expect } from '@open-wc/testing';
import { ROLE } from '../../src/core/permissions.ts';
import {
  $routes,
  filterRoutes,
  flattenRoutes,
  matchRoute,
  pathOf,
  redirectPath,
  setRouteTable,
  type RouteRecord,
} from '../../src/core/routes.ts';
import { adminRoutes, table } from './support/route-table.ts';

const names = (records: RouteRecord[]) =>
  flattenRoutes(records)
    .map((r) => r.name)
    .filter(Boolean);
const licensed = { XPACK_LICENSE_IS_VALID: true, SECURITY_COMMAND_EXECUTION: true };

describe('filterRoutes', () => {
  it('keeps for an org admin only what ADMIN or AUDIT admits', () => {
    const kept = names(filterRoutes(adminRoutes, ROLE.ORG_ADMIN, licensed));
    expect(kept).to.include.members(['dashboard', 'UserList', 'UserGroupDetail', 'LoginLog', 'TaskList']);
    expect(kept).not.to.include.members(['Settings']);
    expect(kept).not.to.include('TaskMonitor');
  });

  it('gives an org auditor the audit routes but none that need the default ADMIN', () => {
    const kept = names(filterRoutes(adminRoutes, ROLE.ORG_AUDITOR, licensed));
    expect(kept).to.deep.equal(['dashboard', 'Audits', 'LoginLog']);
  });

  it('gives the super admin the SUPER-only routes', () => {
    const kept = names(filterRoutes(adminRoutes, ROLE.SUPER_ADMIN, licensed));
    expect(kept).to.include.members(['Settings', 'TaskMonitor']);
  });

  it('drops a route whose hidden function says so for these settings', () => {
    const off = names(filterRoutes(adminRoutes, ROLE.SUPER_ADMIN, { ...licensed, SECURITY_COMMAND_EXECUTION: false }));
    expect(off).not.to.include('BatchCommand');
    expect(names(filterRoutes(adminRoutes, ROLE.SUPER_ADMIN, licensed))).to.include('BatchCommand');
  });

  it('drops licence-only routes without a valid licence', () => {
    expect(names(filterRoutes(adminRoutes, ROLE.SUPER_ADMIN, {}))).not.to.include('RemoteAppList');
    expect(names(filterRoutes(adminRoutes, ROLE.SUPER_ADMIN, licensed))).to.include('RemoteAppList');
  });

  it('keeps hidden:true routes routable', () => {
    expect(names(filterRoutes(adminRoutes, ROLE.ORG_ADMIN, {}))).to.include('UserCreate');
  });
});

describe('flattenRoutes and matchRoute', () => {
  const flat = flattenRoutes(adminRoutes);

  it('joins relative child paths to their parent', () => {
    expect(flat.find((r) => r.name === 'UserUpdate')?.fullPath).to.equal('/users/users/:id/update');
    expect(flat.find((r) => r.name === 'Settings')?.fullPath).to.equal('/settings');
  });

  it('prefers a static segment over a param, with or without a trailing slash', () => {
    expect(matchRoute(flat, '/users/users/create/')?.route.name).to.equal('UserCreate');
    const detail = matchRoute(flat, '/users/users/0a4c1d2e-5b6f-4a7b-8c9d-0e1f2a3b4c5d/?tab=info');
    expect(detail?.route.name).to.equal('UserDetail');
    expect(detail?.params).to.deep.equal({ id: '0a4c1d2e-5b6f-4a7b-8c9d-0e1f2a3b4c5d' });
  });

  it('falls through to the catch-all only when nothing else matches', () => {
    expect(matchRoute(flat, '/nowhere/at/all')?.route.record.redirect).to.equal('/404');
    expect(matchRoute(flat, '/users/groups')?.route.name).to.equal('UserGroupList');
  });

  it('does not match without a catch-all', () => {
    expect(matchRoute(flattenRoutes(table.user), '/users/users')).to.equal(null);
  });
});

describe('pathOf', () => {
  it('builds the path of a named route with its params', () => {
    setRouteTable(table);
    $routes.set([]);
    expect(pathOf('UserUpdate', { id: 'abc' })).to.equal('/users/users/abc/update');
    expect(pathOf('UserList')).to.equal('/users/users');
    expect(() => pathOf('NoSuchRoute')).to.throw('NoSuchRoute');
  });

  it('prefers the allowed routes and follows every change of them', () => {
    setRouteTable(table);
    $routes.set([{ path: '/mine', name: 'UserList', meta: { title: 'mine' } }]);
    expect(pathOf('UserList')).to.equal('/mine');
    $routes.set([]);
    expect(pathOf('UserList')).to.equal('/users/users');
    setRouteTable({ ...table, constant: [...table.constant, { path: '/later', name: 'Later' }] });
    expect(pathOf('Later')).to.equal('/later');
  });
});

describe('redirectPath', () => {
  const Page = () => null;
  const records: RouteRecord[] = [
    {
      path: '/applications',
      name: 'applications',
      redirect: '/applications/remote-apps/',
      meta: { title: 'route.applications' },
      children: [
        {
          path: 'remote-apps',
          name: 'RemoteAppList',
          component: Page,
          meta: { title: 'route.RemoteAppList', licenseRequired: true },
        },
        {
          path: 'remote-apps/create',
          name: 'RemoteAppCreate',
          component: Page,
          meta: { title: 'route.RemoteAppCreate', hidden: true, licenseRequired: true },
        },
        {
          path: 'database-apps/create',
          name: 'DatabaseAppCreate',
          component: Page,
          meta: { title: 'route.DatabaseAppCreate', hidden: true },
        },
        {
          path: 'database-apps/:id',
          name: 'DatabaseAppDetail',
          component: Page,
          meta: { title: 'route.DatabaseAppDetail' },
        },
        { path: 'database-apps', name: 'DatabaseAppList', component: Page, meta: { title: 'route.DatabaseAppList' } },
      ],
    },
    { path: '/gone', name: 'gone', redirect: '/nowhere', meta: { title: 'route.404' } },
    { path: '*', redirect: '/404', meta: { title: 'route.404', hidden: true } },
  ];
  const allowed = (license: boolean) =>
    flattenRoutes(filterRoutes(records, ROLE.SUPER_ADMIN, { XPACK_LICENSE_IS_VALID: license }));
  const redirectOf = (license: boolean, path: string) => {
    const flat = allowed(license);
    return redirectPath(flat, matchRoute(flat, path)!.route);
  };

  it('leads to the target when the caller may open it', () => {
    expect(redirectOf(true, '/applications')).to.equal('/applications/remote-apps/');
  });

  it('leads to the first child list the caller may open when the target is not among them', () => {
    expect(redirectOf(false, '/applications/')).to.equal('/applications/database-apps');
  });

  it('gives nothing when neither the target nor a child is open (the catch-all is no target)', () => {
    expect(redirectOf(true, '/gone')).to.equal(null);
  });
});

// Platforms are super-admin only (ROUTES.md: SUPER on the parent and on Update): an org admin's
// route tree has no platform page at all, so the edit page cannot be reached.
import { expect } from '@open-wc/testing';
import { ROLE } from '../../../src/core/permissions.ts';
import { filterRoutes, flattenRoutes, matchRoute } from '../../../src/core/routes.ts';
import { assetRoutes } from '../../../src/pages/assets/routes.ts';

const names = (role: number) =>
  flattenRoutes(filterRoutes(assetRoutes, role, {}))
    .map((r) => r.name)
    .filter(Boolean);

describe('platform pages', () => {
  it('refuses the platform edit page to an org admin and keeps the rest of the section', () => {
    const admin = names(ROLE.ORG_ADMIN);
    expect(admin).to.include.members([
      'AssetList',
      'SystemUserCreate',
      'CommandFilterRulesCreate',
      'GatewayUpdate',
      'LabelUpdate',
    ]);
    expect(admin.filter((n) => String(n).startsWith('Platform'))).to.deep.equal([]);
    const flat = flattenRoutes(filterRoutes(assetRoutes, ROLE.ORG_ADMIN, {}));
    expect(matchRoute(flat, '/assets/platforms/3/update')).to.equal(null);
  });

  it('gives the super admin every platform page, edit included', () => {
    const flat = flattenRoutes(filterRoutes(assetRoutes, ROLE.SUPER_ADMIN, {}));
    expect(matchRoute(flat, '/assets/platforms/3/update')?.route.name).to.equal('PlatformUpdate');
    expect(names(ROLE.SUPER_ADMIN)).to.include.members(['PlatformList', 'PlatformCreate', 'PlatformDetail']);
  });

  it('keeps the Lina paths and names of the section', () => {
    const flat = flattenRoutes(filterRoutes(assetRoutes, ROLE.SUPER_ADMIN, {}));
    const path = (name: string) => flat.find((r) => r.name === name)?.fullPath;
    expect(path('CommandFilterRulesUpdate')).to.equal('/assets/command-filter-rules/:id/update');
    expect(path('GatewayCreate')).to.equal('/assets/gateways/create');
    expect(path('LabelList')).to.equal('/assets/labels');
    expect(flat.some((r) => r.name === 'LabelDetail' || r.name === 'GatewayList')).to.equal(false);
  });
});

import { expect } from '@open-wc/testing';
import { resourceRoutes } from '../../../src/core/engine/resource-routes.ts';
import { menuItems } from '../../../src/core/menu.ts';
import { defineResource } from '../../../src/core/resource/define.ts';
import { detailApiUrl, truncateTitle } from '../../../src/core/resource/names.ts';
import { flattenRoutes, matchRoute } from '../../../src/core/routes.ts';
import { PERM } from '../../../src/core/permissions.ts';
import { resourcePath } from '../../../src/core/engine/navigate.ts';

const users = defineResource({
  name: 'User',
  url: '/api/v1/users/users/',
  path: '/users/users',
  perm: [PERM.ADMIN],
  list: { columns: ['name', 'username', 'actions'] },
});

describe('resourceRoutes', () => {
  it('names the four routes after the definition and mirrors the REST paths', () => {
    const records = resourceRoutes(users);
    expect(records.map((r) => [r.name, r.path])).to.deep.equal([
      ['UserList', '/users/users'],
      ['UserCreate', '/users/users/create'],
      ['UserUpdate', '/users/users/:id/update'],
      ['UserDetail', '/users/users/:id'],
    ]);
    expect(records.map((r) => r.meta?.title)).to.deep.equal([
      'route.UserList',
      'route.UserCreate',
      'route.UserUpdate',
      'route.UserDetail',
    ]);
  });

  it('shows only the list in the menu and keeps the permission on every route', () => {
    const records = resourceRoutes(users);
    expect(records.map((r) => r.meta?.hidden)).to.deep.equal([false, true, true, true]);
    const [item] = menuItems([{ path: '/users', meta: { title: 'route.Users' }, children: records }]);
    expect([item.title, item.path, item.children ?? []]).to.deep.equal(['route.UserList', '/users/users', []]);
    expect(records.every((r) => r.meta?.permissions?.[0] === PERM.ADMIN)).to.equal(true);
  });

  it('routes "create" to the form and an id to the detail page', () => {
    const flat = flattenRoutes([{ path: '/users', children: resourceRoutes(users) }]);
    expect(matchRoute(flat, '/users/users/create/')?.route.name).to.equal('UserCreate');
    const id = '0a1b2c3d-0000-4000-8000-000000000001';
    expect(matchRoute(flat, `/users/users/${id}/`)).to.deep.include({ params: { id } });
    expect(matchRoute(flat, `/users/users/${id}/update`)?.route.name).to.equal('UserUpdate');
  });

  it('leaves out route kinds the definition does not offer', () => {
    const labels = defineResource({ ...users, name: 'Label', routes: ['list', 'create', 'update'] });
    expect(resourceRoutes(labels).map((r) => r.name)).to.deep.equal(['LabelList', 'LabelCreate', 'LabelUpdate']);
  });
});

describe('detail page helpers', () => {
  it('derives the API URL from the page path, org pages from the org endpoint', () => {
    expect(detailApiUrl('/users/users/abc/', 'abc')).to.equal('/api/v1/users/users/abc/');
    expect(detailApiUrl('/settings/orgs/o1?activeTab=info', 'o1')).to.equal('/api/v1/orgs/orgs/o1/');
  });

  it('cuts titles at 80 characters and adds an ellipsis', () => {
    expect(truncateTitle('a'.repeat(80))).to.equal('a'.repeat(80));
    expect(truncateTitle('b'.repeat(81))).to.equal(`${'b'.repeat(80)}...`);
  });

  it('keeps the odd paths of ROUTES.md: a singular update path, and an update path whose id rides in the query', () => {
    const odd = defineResource({
      ...users,
      name: 'Odd',
      path: '/perms/odds',
      paths: { update: '/perms/odd/:id/update' },
    });
    expect(resourceRoutes(odd).map((r) => r.path)).to.deep.equal([
      '/perms/odds',
      '/perms/odds/create',
      '/perms/odd/:id/update',
      '/perms/odds/:id',
    ]);
    expect(resourcePath(odd, 'update', 'a1')).to.equal('/perms/odd/a1/update');
    const query = defineResource({
      ...users,
      name: 'Query',
      path: '/perms/queries',
      paths: { update: '/perms/queries/update' },
    });
    expect(resourceRoutes(query).map((r) => r.path)).to.include('/perms/queries/update');
    expect(resourcePath(query, 'update', 'a 1')).to.equal('/perms/queries/update?id=a%201');
    expect(resourcePath(query, 'detail', 'a1')).to.equal('/perms/queries/a1');
  });
});

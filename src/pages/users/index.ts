import { resourceRoutes } from '../../core/engine/resource-routes.ts';
import type { RouteRecord } from '../../core/routes.ts';
import { userGroups } from './groups.resource.ts';
import { users } from './users.resource.ts';

/** The Users menu group (ROUTES.md): `/users` → `/users/users/`, users and user groups. */
export const usersRoutes: RouteRecord = {
  path: '/users',
  name: 'Users',
  redirect: '/users/users/',
  meta: { title: 'route.Users', icon: 'person' },
  children: [...resourceRoutes(users), ...resourceRoutes(userGroups)],
};

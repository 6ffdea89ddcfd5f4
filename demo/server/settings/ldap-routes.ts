// The LDAP endpoints of §2.11 (IsSuperUser), all under the server's outbound allow-list.
import type { FastifyInstance } from 'fastify';
import type { TargetPolicy } from '../../shared/allowed-targets.ts';
import { setLdapPolicy } from './ldap-directory.ts';
import { registerLdapTestingRoutes } from './ldap-testing.ts';
import { registerLdapUserRoutes } from './ldap-users.ts';

export function registerLdapRoutes(app: FastifyInstance, opts: { policy: TargetPolicy }): void {
  setLdapPolicy(app.bastion, opts.policy);
  registerLdapTestingRoutes(app, opts.policy);
  registerLdapUserRoutes(app, opts.policy);
}

// Profile shapes as GET /api/v1/users/profile/ returns them for the seeded kinds of user.
import type { Org, Profile } from '../../../src/core/types.ts';

export const DEFAULT: Org = { id: 'DEFAULT', name: 'DEFAULT' };
export const OPS: Org = { id: '2f0c4a9e-1b7d-4c55-9a6e-3d2b1c0f9e8a', name: 'Ops' };
export const DEV: Org = { id: '7a1e5c3b-9d2f-4e8a-b6c4-0f1e2d3c4b5a', name: 'Dev' };

function profile(role: string, orgRoles: string[], orgs: Org[], extra: Partial<Profile> = {}): Profile {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    name: 'Someone',
    username: 'someone',
    role,
    current_org_roles: orgRoles,
    admin_or_audit_orgs: orgs,
    is_first_login: false,
    ...extra,
  };
}

export const superAdmin = (extra?: Partial<Profile>) => profile('Admin', ['Admin'], [OPS, DEV, DEFAULT], extra);
export const orgAdmin = (extra?: Partial<Profile>) => profile('User', ['Admin', 'User'], [OPS], extra);
/** Member of Dev only; administers Ops. */
export const adminElsewhere = () => profile('User', ['User'], [OPS]);
export const plainUser = (extra?: Partial<Profile>) => profile('User', ['User'], [], extra);

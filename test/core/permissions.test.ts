import { expect } from '@open-wc/testing';
import {
  PERM,
  ROLE,
  hasPermission,
  isAdminPageRole,
  isUserPageRole,
  parseUserRoles,
  sumPerms,
} from '../../src/core/permissions.ts';

describe('permissions', () => {
  it('composes every role from the permission bits of spec §6', () => {
    expect(ROLE.SUPER_ADMIN).to.equal(146);
    expect(ROLE.SUPER_AUDITOR).to.equal(131);
    expect(ROLE.ORG_ADMIN).to.equal(18);
    expect(ROLE.ORG_AUDITOR).to.equal(3);
    expect(ROLE.USER).to.equal(1);
    expect(ROLE.ANON).to.equal(0);
  });

  it('sums roles as a bitwise OR, never counting a bit twice', () => {
    expect(sumPerms([ROLE.SUPER_ADMIN, ROLE.ORG_ADMIN, ROLE.USER])).to.equal(147);
    expect(sumPerms([ROLE.ORG_ADMIN, ROLE.ORG_AUDITOR])).to.equal(19);
    expect(sumPerms([])).to.equal(0);
  });

  describe('parseUserRoles for each seeded profile shape', () => {
    const cases: [string, string, string[], number[]][] = [
      ['super admin in DEFAULT', 'Admin', ['Admin'], [ROLE.SUPER_ADMIN, ROLE.ORG_ADMIN, ROLE.USER]],
      ['system auditor', 'Auditor', ['User'], [ROLE.SUPER_AUDITOR, ROLE.USER]],
      ['org admin', 'User', ['Admin'], [ROLE.ORG_ADMIN, ROLE.USER]],
      ['org auditor', 'User', ['Auditor'], [ROLE.ORG_AUDITOR, ROLE.USER]],
      ['org admin and auditor', 'User', ['Admin', 'Auditor', 'User'], [ROLE.ORG_ADMIN, ROLE.ORG_AUDITOR, ROLE.USER]],
      ['plain user', 'User', ['User'], [ROLE.USER]],
      ['user with no org role', 'User', [], [ROLE.USER]],
    ];
    for (const [label, role, orgRoles, expected] of cases) {
      it(`${label} → ${expected.join(', ')}`, () => {
        expect(parseUserRoles({ role, current_org_roles: orgRoles })).to.deep.equal(expected);
      });
    }
  });

  it('admits a role holding any one of the required bits, ADMIN by default', () => {
    expect(hasPermission(ROLE.ORG_ADMIN)).to.equal(true);
    expect(hasPermission(ROLE.ORG_AUDITOR)).to.equal(false);
    expect(hasPermission(ROLE.ORG_AUDITOR, [PERM.AUDIT])).to.equal(true);
    expect(hasPermission(ROLE.USER, [PERM.SUPER, PERM.AUDIT])).to.equal(false);
    expect(hasPermission(ROLE.SUPER_AUDITOR, [PERM.SUPER])).to.equal(true);
    expect(hasPermission(ROLE.ANON, [PERM.USE])).to.equal(false);
  });

  it('tells admin-page roles from user-page roles', () => {
    expect([ROLE.SUPER_ADMIN, ROLE.SUPER_AUDITOR, ROLE.ORG_ADMIN, ROLE.ORG_AUDITOR].every(isAdminPageRole)).to.equal(
      true,
    );
    expect(isAdminPageRole(ROLE.USER)).to.equal(false);
    expect(isUserPageRole(ROLE.USER)).to.equal(true);
    expect(isUserPageRole(ROLE.SUPER_ADMIN)).to.equal(false);
  });
});

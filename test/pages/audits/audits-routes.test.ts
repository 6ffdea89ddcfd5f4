// The Audits section's routes (ROUTES.md): `/audits/` opens the login logs; five list pages named as Lina
// names them, each needing the audit permission, with no create, update or detail page.
import { expect } from '@open-wc/testing';
import { ROLE } from '../../../src/core/permissions.ts';
import { filterRoutes, flattenRoutes, matchRoute } from '../../../src/core/routes.ts';
import { auditsRoutes } from '../../../src/pages/audits/routes.ts';

const flat = (role: number) => flattenRoutes(filterRoutes([auditsRoutes], role, {}));

describe('audits routes', () => {
  it("gives auditors and admins the five lists at Lina's paths and names, and nothing to edit", () => {
    for (const role of [ROLE.SUPER_ADMIN, ROLE.SUPER_AUDITOR, ROLE.ORG_ADMIN, ROLE.ORG_AUDITOR]) {
      const routes = flat(role);
      const byName = Object.fromEntries(routes.filter((r) => r.name).map((r) => [r.name, r.fullPath]));
      expect(byName).to.deep.equal({
        Audits: '/audits',
        LoginLog: '/audits/login-log',
        FtpLog: '/audits/ftp-log',
        OperateLog: '/audits/operate-log',
        PasswordChangeLog: '/audits/password-change-log',
        BatchCommandLog: '/audits/command-execution-log',
      });
      expect(matchRoute(routes, '/audits/login-log/')?.route.name).to.equal('LoginLog');
      expect(matchRoute(routes, '/audits/login-log/create')).to.equal(null);
    }
    expect(auditsRoutes.redirect).to.equal('/audits/login-log/');
  });

  it('shows nothing of the section to a plain user', () => {
    expect(flat(ROLE.USER)).to.deep.equal([]);
  });
});

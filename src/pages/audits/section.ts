import { PERM } from '../../core/permissions.ts';
import type { ResourceRoutesStub } from '../../core/resource/route-stub.ts';

// What the route table needs of the five audit lists (names, paths, permissions); their columns and
// messages (audits.resource.ts) load with the first audit page (core/engine/lazy-routes.ts).

const AUDITS = '/api/v1/audits/';
const AUDIT = [PERM.AUDIT];

const auditList = (name: string, url: string, path: string, icon: string): ResourceRoutesStub => ({
  name,
  url: `${AUDITS}${url}/`,
  path: `/audits/${path}`,
  icon,
  perm: AUDIT,
  routes: ['list'],
  title: { list: `route.${name}` },
});

export const LOGIN_LOG = auditList('LoginLog', 'login-logs', 'login-log', 'box-arrow-in-right');
export const FTP_LOG = auditList('FtpLog', 'ftp-logs', 'ftp-log', 'file-earmark-arrow-up');
export const OPERATE_LOG = auditList('OperateLog', 'operate-logs', 'operate-log', 'pencil-square');
export const PASSWORD_CHANGE_LOG = auditList('PasswordChangeLog', 'password-change-logs', 'password-change-log', 'key');
export const BATCH_COMMAND_LOG = auditList(
  'BatchCommandLog',
  'command-execution-logs',
  'command-execution-log',
  'terminal',
);

export const AUDIT_ROUTES = [LOGIN_LOG, FTP_LOG, OPERATE_LOG, PASSWORD_CHANGE_LOG, BATCH_COMMAND_LOG];

// Sample audit logs for the demo (`npm start`): ten days of sign-ins by the demo users (web, API and
// SSH, some failed, one blocked), what the admins changed (operate logs), password changes, SFTP file
// operations and two batch commands. Everything happened from loopback addresses. Tests build their
// servers without these rows (BuildOptions.auditSamples), so their own audit rows stand alone.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { insertOperateLog, type OperateAction } from '../core/operate-log-store.ts';
import { insertPasswordChangeLog } from '../core/password-change-log-store.ts';
import { insertSampleFtpLog } from '../audits/ftp-log-store.ts';
import { recordLogin } from '../auth/login/login-log-store.ts';
import { insertSampleExecution } from '../ops/execution-store.ts';
import { idNamedInOrg, orgsByName, sshAssetsOf, userIdOf } from './seed-store.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const AGENTS = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.6045.105 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:118.0) Gecko/20100101 Firefox/118.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  ssh: 'SSH-2.0-OpenSSH_9.2p1 Debian-2',
  curl: 'curl/8.5.0',
};

/** Who signs in how (the workstation each works from is 127.0.<n>.<m>). */
const SIGN_INS: { username: string; ip: string; agent: keyof typeof AGENTS; terminal?: boolean; mfa?: number }[] = [
  { username: 'admin', ip: '127.0.1.10', agent: 'chrome', mfa: 1 },
  { username: 'sysauditor', ip: '127.0.1.11', agent: 'firefox', mfa: 0 },
  { username: 'orgadmin', ip: '127.0.2.20', agent: 'chrome', mfa: 0 },
  { username: 'orgauditor', ip: '127.0.2.21', agent: 'safari', mfa: 0 },
  { username: 'user', ip: '127.0.2.22', agent: 'chrome', mfa: 0 },
  { username: 'liwei', ip: '127.0.2.23', agent: 'ssh', terminal: true },
  { username: 'zhangmin', ip: '127.0.3.30', agent: 'ssh', terminal: true },
  { username: 'wangfang', ip: '127.0.3.31', agent: 'firefox', mfa: 0 },
  { username: 'jsmith', ip: '127.0.3.32', agent: 'curl' },
  { username: 'chenjie', ip: '127.0.4.40', agent: 'safari', mfa: 0 },
];

export function seedAuditSamples(db: DB, nowMs: number): void {
  const orgs = orgsByName(db);
  const eng = orgs.get('Engineering') ?? '';
  const ops = orgs.get('Operations') ?? '';
  seedLoginLogs(db, nowMs);
  seedOperateLogs(db, nowMs, eng, ops);
  seedPasswordChanges(db, nowMs);
  seedFtpLogs(db, nowMs, eng, ops);
  seedCommandExecutions(db, nowMs, eng, ops);
}

function seedLoginLogs(db: DB, nowMs: number): void {
  // Every sample address is on loopback: the log's city is LAN, as for a real sign-in from there.
  const insert = (
    username: string,
    type: 'W' | 'T',
    ip: string,
    userAgent: string,
    mfa: number,
    reason: string,
    success: 0 | 1,
    at: number,
  ) => recordLogin(db, { username, type, ip, userAgent, mfa, reason, success: success === 1 }, at);
  SIGN_INS.forEach((who, i) => {
    // One sign-in a working day, at a time of day of their own; every fourth day a mistyped password first.
    for (let day = 9; day >= 0; day--) {
      if ((day + i) % 7 === 5) continue;
      const at = nowMs - day * DAY - (9 + (i % 5)) * HOUR + i * 7 * 60_000;
      const type = who.terminal ? 'T' : 'W';
      if ((day + i) % 4 === 0)
        insert(who.username, type, who.ip, AGENTS[who.agent], 2, 'password_failed', 0, at - 60_000);
      insert(who.username, type, who.ip, AGENTS[who.agent], who.mfa ?? 2, '', 1, at);
    }
  });
  // Somebody guessing at an account that does not exist, until it was blocked.
  for (let n = 0; n < 7; n++) {
    insert(
      'root',
      'W',
      '127.0.9.99',
      AGENTS.curl,
      2,
      n < 6 ? 'password_failed' : 'block_login',
      0,
      nowMs - 2 * DAY - 3 * HOUR + n * 20_000,
    );
  }
}

function seedOperateLogs(db: DB, nowMs: number, eng: string, ops: string): void {
  const rows: [string, OperateAction, string, string, string, number, string][] = [
    ['Administrator(admin)', 'create', '组织', 'Engineering', '127.0.1.10', 8 * DAY, ''],
    ['Administrator(admin)', 'create', '组织', 'Operations', '127.0.1.10', 8 * DAY - HOUR, ''],
    ['Administrator(admin)', 'create', '用户', '陈杰(chenjie)', '127.0.1.10', 6 * DAY, ''],
    ['Administrator(admin)', 'update', '用户', '陈杰(chenjie)', '127.0.1.10', 6 * DAY - 20 * 60_000, ''],
    ['Administrator(admin)', 'create', '用户组', 'Contractors', '127.0.1.10', 6 * DAY - 30 * 60_000, ''],
    ['Olivia Chen(orgadmin)', 'create', '资产', 'web-01(127.10.1.1)', '127.0.2.20', 5 * DAY, eng],
    ['Olivia Chen(orgadmin)', 'update', '资产', 'web-01(127.10.1.1)', '127.0.2.20', 5 * DAY - HOUR, eng],
    ['Olivia Chen(orgadmin)', 'create', '系统用户', 'deploy(deploy)', '127.0.2.20', 4 * DAY, eng],
    ['Olivia Chen(orgadmin)', 'create', '资产授权', 'Developers on web servers', '127.0.2.20', 4 * DAY - HOUR, eng],
    ['Olivia Chen(orgadmin)', 'delete', '资产', 'test-03(127.30.1.3)', '127.0.2.20', 2 * DAY, eng],
    ['Olivia Chen(orgadmin)', 'create', '命令过滤规则', 'command % rm -rf /', '127.0.2.20', DAY + 2 * HOUR, eng],
    ['王芳(wangfang)', 'create', '数据库应用', 'orders-mysql', '127.0.3.31', 3 * DAY, ops],
    ['王芳(wangfang)', 'update', '网域', 'Shanghai DMZ', '127.0.3.31', 3 * DAY - HOUR, ops],
    ['王芳(wangfang)', 'create', '网关', 'gw-shanghai-01', '127.0.3.31', 3 * DAY - 2 * HOUR, ops],
    ['王芳(wangfang)', 'delete', '用户组', 'Interns', '127.0.3.31', 20 * HOUR, ops],
    ['王芳(wangfang)', 'update', '系统用户', 'ops(ops)', '127.0.3.31', 5 * HOUR, ops],
  ];
  for (const [user, action, resourceType, resource, remoteAddr, ago, orgId] of rows)
    insertOperateLog(db, { user, action, resourceType, resource, remoteAddr, datetime: isoAt(nowMs - ago), orgId });
}

function seedPasswordChanges(db: DB, nowMs: number): void {
  const insert = (user: string, changeBy: string, remoteAddr: string, at: number) =>
    insertPasswordChangeLog(db, { user, changeBy, remoteAddr, datetime: isoAt(at) });
  insert('陈杰(chenjie)', 'Administrator(admin)', '127.0.1.10', nowMs - 6 * DAY + HOUR);
  insert('Demo User(user)', 'Demo User(user)', '127.0.2.22', nowMs - 4 * DAY - 3 * HOUR);
  insert('李伟(liwei)', 'Olivia Chen(orgadmin)', '127.0.2.20', nowMs - 2 * DAY - 5 * HOUR);
  insert('张敏(zhangmin)', '张敏(zhangmin)', '127.0.3.30', nowMs - 10 * HOUR);
}

function seedFtpLogs(db: DB, nowMs: number, eng: string, ops: string): void {
  // Samples (is_sample, and the file name says so): an org's first real row, posted by a terminal, removes them.
  const [engA, engB] = sshAssetsOf(db, eng, 2);
  const [opsA] = sshAssetsOf(db, ops, 1);
  // DEFAULT (its rows have org_id ''): where an admin's console opens first, so its FTP log is not empty.
  const [defA] = sshAssetsOf(db, '', 1);
  const rows: [string, string, string | undefined, string, string, string, boolean, number, string][] = [
    [
      '李伟(liwei)',
      '127.0.2.23',
      engA?.label,
      'deploy',
      'Upload',
      '/srv/app/releases/app-2.3.1.tar.gz',
      true,
      3 * DAY,
      eng,
    ],
    [
      '李伟(liwei)',
      '127.0.2.23',
      engA?.label,
      'deploy',
      'Mkdir',
      '/srv/app/releases/2.3.1',
      true,
      3 * DAY + 60_000,
      eng,
    ],
    [
      '李伟(liwei)',
      '127.0.2.23',
      engB?.label,
      'ops',
      'Download',
      '/var/log/nginx/error.log',
      true,
      DAY + 4 * HOUR,
      eng,
    ],
    ['Demo User(user)', '127.0.2.22', engB?.label, 'ops', 'Delete', '/etc/nginx/nginx.conf', false, 7 * HOUR, eng],
    ['张敏(zhangmin)', '127.0.3.30', opsA?.label, 'ops', 'Rename', '/data/backup/orders.sql.gz', true, 2 * DAY, ops],
    [
      '张敏(zhangmin)',
      '127.0.3.30',
      opsA?.label,
      'ops',
      'Download',
      '/data/backup/orders-2.sql.gz',
      true,
      2 * DAY - 5 * 60_000,
      ops,
    ],
    ['Demo User(user)', '127.0.2.22', defA?.label, 'root', 'Download', '/var/log/syslog', true, 5 * HOUR, ''],
    [
      'Administrator(admin)',
      '127.0.1.10',
      defA?.label,
      'root',
      'Upload',
      '/tmp/hotfix-2.3.1.patch',
      true,
      2 * DAY + 3 * HOUR,
      '',
    ],
  ];
  for (const [user, addr, asset, su, operate, file, ok, ago, org] of rows) {
    if (asset)
      insertSampleFtpLog(db, {
        id: uuid(),
        user,
        remote_addr: addr,
        asset,
        system_user: su,
        operate,
        filename: `${file} (sample)`,
        is_success: ok ? 1 : 0,
        date_start: isoAt(nowMs - ago),
        org_id: org,
      });
  }
}

function seedCommandExecutions(db: DB, nowMs: number, eng: string, ops: string): void {
  // Samples (is_sample): the first real batch command removes them (ops/command-executions.ts).
  const runs: [string, string, string, Record<string, unknown>, number][] = [
    [
      eng,
      'orgadmin',
      'uptime',
      { ok: { 'web-01': ' 10:02:11 up 31 days,  2 users,  load average: 0.08, 0.03, 0.01' } },
      3 * DAY,
    ],
    [ops, 'wangfang', 'df -h /data', { error: 'Permission denied on one host' }, DAY + 6 * HOUR],
  ];
  for (const [org, username, command, result, ago] of runs) {
    const runAs = idNamedInOrg(db, 'system_users', 'ops', org);
    const user = userIdOf(db, username);
    const hosts = sshAssetsOf(db, org, 3);
    if (!runAs || !user || !hosts.length) continue;
    const id = uuid();
    const start = nowMs - ago;
    insertSampleExecution(
      db,
      {
        id,
        run_as: runAs,
        user,
        command,
        is_finished: 1,
        result: JSON.stringify(result),
        date_created: isoAt(start),
        date_start: isoAt(start),
        date_finished: isoAt(start + 4_000),
        org_id: org,
      },
      hosts.map((host) => host.id),
    );
  }
}

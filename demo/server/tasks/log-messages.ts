// What the task runner writes to a task log, in the language of the request that started the task
// (the console's: cookie django_language, then Accept-Language), so a Chinese console reads a Chinese
// log. Task results (`result.failed`, `result.skipped`) stay in English: they are data for programs,
// as 2.3's Ansible results are.
import { L, pick, type Lang, type Localized } from '../core/lib/i18n.ts';
import { TargetRefusedError } from '../../shared/allowed-targets.ts';
import { TASK_TEXT } from './messages.ts';
import { SshStepError } from './ssh/connect.ts';

export const TASK_LOG = {
  testStart: L('测试 {count} 个资产的可连接性', 'Test connectivity of {count} asset(s)'),
  refreshStart: L('更新 {count} 个资产的硬件信息', 'Refresh hardware info of {count} asset(s)'),
  connecting: L('{name}: 正在以 {user} 连接 {host}:{port}{via}', '{name}: Connecting to {host}:{port} as {user}{via}'),
  via: L('（经网关 {gateway}，{host}:{port}）', ' via gateway {gateway} ({host}:{port})'),
  authenticated: L('{name}: 认证成功', '{name}: Authenticated'),
  unreachable: L('{name}: 不可连接：{reason}', '{name}: Unreachable: {reason}'),
  refused: L('{name}: {reason}', '{name}: {reason}'),
  skipped: L('{name}: {reason}', '{name}: {reason}'),
  hardwareUpdated: L(
    '{name}: 硬件信息已更新（{os} {arch}，{cpus} 个 vCPU，内存 {memory}）',
    '{name}: Hardware info updated ({os} {arch}, {cpus} vCPU, {memory})',
  ),
  testSummary: L(
    '汇总：{ok} 个可连接，{failed} 个不可连接，{skipped} 个跳过',
    'Summary: {ok} reachable, {failed} unreachable, {skipped} skipped',
  ),
  refreshSummary: L(
    '汇总：{ok} 个已更新，{failed} 个失败，{skipped} 个跳过',
    'Summary: {ok} refreshed, {failed} failed, {skipped} skipped',
  ),
  notChecked: L(
    '另有 {count} 个新资产未自动检查：请在其节点上测试',
    '{count} more new asset(s) are not checked automatically: test them from their node',
  ),
  taskFailed: L('任务失败：{reason}', 'Task failed: {reason}'),
} satisfies Record<string, Localized>;

/** Why an asset was not tried; `result.skipped` gets the English text, the log the starter's language. */
export const SKIP_REASONS = {
  disabled: L('资产已禁用，跳过', 'Asset is disabled, skipped'),
  noSsh: L('资产没有 SSH 协议，跳过', 'Asset has no SSH protocol, skipped'),
  noAdminUser: L('资产没有管理用户，跳过', 'Asset has no admin user, skipped'),
  adminNoUsername: L('管理用户没有用户名，跳过', 'The admin user has no username, skipped'),
  adminNoSecret: L('管理用户没有密码或私钥，跳过', 'The admin user has no password or private key, skipped'),
  systemUserNoUsername: L('系统用户没有用户名，跳过', 'The system user has no username, skipped'),
  systemUserNoSecret: L('系统用户没有密码或私钥，跳过', 'The system user has no password or private key, skipped'),
} satisfies Record<string, Localized>;

export type SkipReason = keyof typeof SKIP_REASONS;

// The SSH layer's short English reasons (ssh/errors.ts), as a reader of the log sees them.
const REASONS: Record<string, Localized> = {
  'Authentication failed': TASK_TEXT.authenticationFailed,
  'Connection refused': L('连接被拒绝', 'Connection refused'),
  'No route to host': L('没有到主机的路由', 'No route to host'),
  'Network is unreachable': L('网络不可达', 'Network is unreachable'),
  'Host name could not be resolved': L('无法解析主机名', 'Host name could not be resolved'),
  'Connection reset by peer': L('连接被对方重置', 'Connection reset by peer'),
  'Connect failed': TASK_TEXT.connectFailed,
  Cancelled: L('已取消', 'Cancelled'),
};

function reasonText(lang: Lang, reason: string): string {
  const timedOut = /^Timed out after (\d+) ms$/.exec(reason);
  if (timedOut) return pick(lang, TASK_TEXT.gatewayTimeout, { ms: timedOut[1] });
  const known = REASONS[reason];
  return known ? pick(lang, known) : reason;
}

/** An SSH failure for the log: the refusal or the reason, with the failing step, in `lang`. */
export function failureText(lang: Lang, error: unknown, fallback: string): string {
  if (error instanceof SshStepError) {
    const cause = error.cause;
    // The English refusal is the error's own message (it also names what a host name resolved to).
    const reason =
      cause instanceof TargetRefusedError
        ? lang === 'en'
          ? cause.message
          : pick(lang, TASK_TEXT.targetRefused, { host: cause.host, networks: cause.networks.join(', ') })
        : reasonText(lang, error.reason);
    if (error.step === 'target') return reason;
    return `${pick(lang, error.step === 'gateway' ? L('网关', 'Gateway') : L('网关通道', 'Gateway channel'))}: ${reason}`;
  }
  return reasonText(lang, fallback);
}

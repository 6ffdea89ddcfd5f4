// What a push task writes to its log (zh default, en); results keep the English text (see log-messages.ts).
import { L, type Localized } from '../core/lib/i18n.ts';
import type { PushStep } from './push-script.ts';

export const PUSH_LOG = {
  start: L('推送账号 {accounts} 到 {count} 个资产', 'Push account(s) {accounts} to {count} asset(s)'),
  summary: L(
    '汇总：{ok} 个已推送，{failed} 个失败，{skipped} 个跳过',
    'Summary: {ok} pushed, {failed} failed, {skipped} skipped',
  ),
  pushed: L('{name}: 账号 {user} 推送完成', '{name}: Account {user} pushed'),
  failed: L('{name}: 推送 {user} 失败：{reason}', '{name}: Pushing {user} failed: {reason}'),
  noSudo: L(
    '管理用户既不是 root，也无法使用 sudo 成为 root',
    'The admin user is not root and cannot become root with sudo',
  ),
  noAccounts: L(
    '动态系统用户没有关联的用户，没有可推送的账号',
    'The dynamic system user has no users: no account to push',
  ),
  windows: L(
    'Windows 资产不支持推送（仅支持 SSH），跳过',
    'Pushing to Windows assets is not supported (SSH only), skipped',
  ),
  steps: {
    'user-created': L('{name}: 已创建用户 {user}', '{name}: User {user} created'),
    'user-updated': L(
      '{name}: 用户 {user} 已存在，已更新 shell/主目录/用户组',
      '{name}: User {user} exists; shell, home and groups updated',
    ),
    'password-set': L('{name}: 已设置 {user} 的密码', '{name}: Password of {user} set'),
    'key-added': L('{name}: 已添加 {user} 的公钥', '{name}: Public key of {user} added'),
    'key-present': L('{name}: {user} 的公钥已存在', '{name}: Public key of {user} already present'),
    'sudo-set': L('{name}: 已设置 {user} 的 sudo 规则', '{name}: Sudo rule of {user} set'),
    'sudo-removed': L('{name}: 已删除 {user} 的 sudo 规则', '{name}: Sudo rule of {user} removed'),
  } satisfies Record<PushStep, Localized>,
};

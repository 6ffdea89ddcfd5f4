// The system-user rules of §2.3: priority 1–100, username required for automatic login (except vnc
// and "same as user"), one "same as user" system user per protocol, auto_push off for manual login or
// telnet/vnc, credentials required on create in automatic mode, auto_generate_key → password + RSA pair.
import type { HookArgs, Row } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { L, message, mergeErrors, unknownIds, writeOrg } from '../engine/field-kit.ts';
import { keepStoredSecrets, privateKeyErrors } from './secrets.ts';
import { generateCredentials } from './ssh-keys.ts';
import { sameWithUserTaken } from './system-user-store.ts';

const PRIORITY_MIN = 1;
const PRIORITY_MAX = 100;
const NO_AUTO_PUSH_PROTOCOLS = ['telnet', 'vnc'];
const KEY_PROTOCOLS = ['ssh', 'rdp'];

export const SYSTEM_USER_MESSAGES = {
  usernameRequired: L('* 自动登录模式，必须填写用户名', '* Automatic login mode must fill in the username.'),
  sameWithUser: L(
    '协议 {protocol} 只允许一个与用户名相同的系统用户',
    'Username same with user with protocol {protocol} only allow 1',
  ),
  credentialsRequired: L('密码或密钥密码需要填写一个', 'Password or private key required'),
  sftpRoot: L('SFTP根目录只能是 tmp、home 或以 / 开头的绝对路径', 'SFTP root must be tmp, home or an absolute path'),
};

export function priorityErrors(args: HookArgs, value: unknown): Record<string, string[]> | null {
  if (typeof value !== 'number') return null;
  if (value < PRIORITY_MIN) return { priority: [t(args.ctx.lang, 'field.min_value', { min: PRIORITY_MIN })] };
  if (value > PRIORITY_MAX) return { priority: [t(args.ctx.lang, 'field.max_value', { max: PRIORITY_MAX })] };
  return null;
}

export function validateSystemUser(args: HookArgs, data: Row, existing: Row | null): Record<string, string[]> | null {
  const merged = { ...(existing ?? {}), ...data };
  const protocol = String(merged.protocol ?? 'ssh');
  const auto = merged.login_mode !== 'manual';
  const sameWithUser = Boolean(merged.username_same_with_user);
  const errors: Record<string, string[]> = {};
  if (sameWithUser) {
    data.username = '';
    const orgId = existing ? String(existing.org_id) : writeOrg(args);
    const exceptId = existing ? String(existing.id) : null;
    if (sameWithUserTaken(args.db, protocol, orgId, exceptId))
      errors.username_same_with_user = [message(args, SYSTEM_USER_MESSAGES.sameWithUser, { protocol })];
  } else if (auto && protocol !== 'vnc' && !merged.username) {
    errors.username = [message(args, SYSTEM_USER_MESSAGES.usernameRequired)];
  }
  if (!auto || NO_AUTO_PUSH_PROTOCOLS.includes(protocol)) data.auto_push = false;
  if (
    typeof data.sftp_root === 'string' &&
    !['tmp', 'home'].includes(data.sftp_root) &&
    !data.sftp_root.startsWith('/')
  ) {
    errors.sftp_root = [message(args, SYSTEM_USER_MESSAGES.sftpRoot)];
  }
  keepStoredSecrets(data, existing, ['password', 'private_key', 'public_key', 'token']);
  if (!existing) {
    if (data.auto_generate_key === true && auto && KEY_PROTOCOLS.includes(protocol))
      Object.assign(data, generateCredentials(String(data.name ?? '')));
    const hasCredential = data.password || data.private_key || (protocol === 'k8s' && data.token);
    if (auto && !hasCredential && protocol !== 'vnc')
      errors.password = [message(args, SYSTEM_USER_MESSAGES.credentialsRequired)];
  }
  delete data.auto_generate_key;
  return mergeErrors(
    errors,
    priorityErrors(args, data.priority),
    privateKeyErrors(args, data),
    unknownIds(args, 'cmd_filters', 'cmd_filters', data.cmd_filters),
  );
}

// Texts the task endpoints answer with (zh default, en), in JumpServer's wording where it has one.
import type { Localized } from '../core/lib/i18n.ts';

export const TASK_TEXT = {
  waiting: { en: 'Waiting task start', zh: '等待任务开始' },
  numberRequired: { en: 'Number required', zh: '需要为数字' },
  passwordSpecialChars: { en: 'Password should not contain special characters', zh: '密码不能包含特殊字符' },
  authenticationFailed: { en: 'Authentication failed', zh: '认证失败' },
  connectFailed: { en: 'Connect failed', zh: '连接失败' },
  unableToConnect: { en: 'Unable to connect to port {port} on {ip}', zh: '无法连接到 {ip} 上的端口 {port}' },
  gatewayTimeout: { en: 'Timed out after {ms} ms', zh: '连接超时（{ms} 毫秒）' },
  targetRefused: {
    en: 'Refused by the allow-list: {host} is outside the allowed target networks ({networks})',
    zh: '被允许列表拒绝：{host} 不在允许连接的网络内（{networks}）',
  },
} satisfies Record<string, Localized>;

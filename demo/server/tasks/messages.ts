// Texts the task endpoints answer with (zh default, en), in JumpServer's wording where it has one.
import type { Localized } from '../lib/i18n.ts';

export const TASK_TEXT = {
  waiting: { zh: '等待任务开始', en: 'Waiting task start' },
  numberRequired: { zh: '需要为数字', en: 'Number required' },
  passwordSpecialChars: { zh: '密码不能包含特殊字符', en: 'Password should not contain special characters' },
  authenticationFailed: { zh: '认证失败', en: 'Authentication failed' },
  connectFailed: { zh: '连接失败', en: 'Connect failed' },
  unableToConnect: { zh: '无法连接到 {ip} 上的端口 {port}', en: 'Unable to connect to port {port} on {ip}' },
  gatewayTimeout: { zh: '连接超时（{ms} 毫秒）', en: 'Timed out after {ms} ms' },
  targetRefused: {
    zh: '被允许列表拒绝：{host} 不在允许连接的网络内（{networks}）',
    en: 'Refused by the allow-list: {host} is outside the allowed target networks ({networks})',
  },
} satisfies Record<string, Localized>;

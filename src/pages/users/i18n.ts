import { registerMessages } from '../../core/i18n/index.ts';

// Wording of the Users section beyond the route titles (core) and the spec §8 catalogue (core `message.*`).
export const zh = {
  users: {
    list: { activate: '批量激活', deactivate: '批量禁用' },
    quick: {
      active: '激活中',
      resetMfa: '重置多因子认证',
      resetPassword: '发送重置密码邮件',
      resetPublicKey: '发送重置SSH密钥邮件',
      unblock: '解除登录限制',
      reset: '重置',
      send: '发送',
      unblockButton: '解除',
    },
    confirm: {
      resetPassword: '这将会重置用户 "{{name}}" 的密码并发送重置邮件，确定继续吗？',
      resetPublicKey: '这将会清除用户 "{{name}}" 的SSH密钥并发送重置邮件，确定继续吗？',
    },
    mail: { sent: '一封邮件已经发送到用户的邮箱 {{email}}' },
    relation: { groups: '用户组', members: '成员', reviewers: '登录复核审批人' },
    form: { account: '账户', authentication: '认证', security: '安全', other: '其它' },
  },
};

registerMessages({ zh, en: () => import('./i18n.en.ts') });

import { registerMessages } from '../../core/i18n/index.ts';

export const zh = {
  profile: {
    tabs: { info: '个人信息', password: '修改密码', mfa: '多因子认证', publicKey: 'SSH 公钥' },
    field: {
      name: '名称',
      username: '用户名',
      email: '邮箱',
      role: '角色',
      orgRoles: '组织角色',
      groups: '用户组',
      phone: '手机',
      wechat: '微信',
      mfa: '多因子认证',
      source: '用户来源',
      dateJoined: '创建日期',
      lastLogin: '最后登录',
      passwordUpdated: '最后更新密码日期',
      dateExpired: '失效日期',
      comment: '备注',
      publicKeyFingerprint: '公钥指纹',
      publicKeyComment: '公钥备注',
    },
    password: {
      old: '原密码',
      new: '新密码',
      again: '确认密码',
      mismatch: '两次密码不一致',
      success: '密码修改成功',
      rule: {
        minLength: '密码长度至少为 {{min}} 位',
        upper: '必须包含大写字母',
        lower: '必须包含小写字母',
        number: '必须包含数字',
        special: '必须包含特殊字符',
      },
    },
    mfa: {
      level: '多因子认证',
      disable: '禁用',
      enable: '启用',
      update: '更换验证器',
      success: '更新成功',
      state: { disabled: '未启用', enabled: '已启用', forced: '强制启用' },
      helpDisabled: '启用后，登录时除密码外还需输入验证器应用（如 Google Authenticator）显示的 6 位验证码。',
      helpEnabled: '登录时需输入验证器应用显示的 6 位验证码；更换或禁用前需先输入当前验证码。',
    },
    publicKey: { label: 'SSH 公钥', help: '格式如 ssh-rsa AAAA... user@host', success: '更新成功' },
    passwordExpiry: { notice: '您的密码将于 {{date}} 过期（剩余 {{days}} 天），请及时修改。', change: '修改密码' },
    save: '提交',
  },
};

registerMessages({ zh, en: () => import('./i18n.en.ts') });

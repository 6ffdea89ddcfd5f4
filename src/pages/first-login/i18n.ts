import { registerMessages } from '../../core/i18n/index.ts';

export const zh = {
  firstLogin: {
    info: { title: '完善个人信息', intro: '首次登录，请确认并完善您的个人信息。', next: '下一步' },
    guide: {
      title: '用户向导',
      steps: {
        assets: '在“我的资产”中查看被授权的资产，通过 Web 终端连接。',
        profile: '在右上角账号菜单的“个人信息”中修改密码、多因子认证和 SSH 公钥。',
        apiKey: '需要调用接口时，在账号菜单的“API Key”中创建访问密钥。',
      },
      continue: '继续',
    },
  },
};

registerMessages({ zh, en: () => import('./i18n.en.ts') });

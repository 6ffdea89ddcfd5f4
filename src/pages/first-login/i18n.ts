import { registerMessages } from '../../core/i18n/index.ts'

registerMessages({
  zh: {
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
  },
  en: {
    firstLogin: {
      info: {
        title: 'Personal information improvement',
        intro: 'This is your first login: please check and complete your personal information.',
        next: 'Next',
      },
      guide: {
        title: 'User guide',
        steps: {
          assets: 'Your granted assets are listed under "My assets"; connect to them through the web terminal.',
          profile: 'Change your password, MFA and SSH public key from "Profile" in the account menu (top right).',
          apiKey: 'To call the API, create an access key from "API Key" in the account menu.',
        },
        continue: 'Continue',
      },
    },
  },
})

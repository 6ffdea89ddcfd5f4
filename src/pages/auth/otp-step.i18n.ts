import { registerMessages } from '../../core/i18n/index.ts';

export const zh = {
  auth: {
    otp: {
      title: '两步验证',
      code: '多因子认证验证码',
      help: '请输入验证器应用当前显示的 6 位数字。',
      submit: '验证',
      invalid: '验证码无效',
      expired: '验证已超时，请重新登录',
      failed: '验证失败，请稍后重试',
      back: '返回登录',
    },
  },
};

registerMessages({ zh, en: () => import('./otp-step.i18n.en.ts') });

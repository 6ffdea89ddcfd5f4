import { registerMessages } from '../../core/i18n/index.ts';

export const zh = {
  auth: {
    login: {
      title: '登录',
      username: '用户名',
      password: '密码',
      submit: '登录',
      invalid: '用户名或密码无效',
      failed: '登录失败，请稍后重试',
      captcha: '验证码',
      captchaRefresh: '换一张',
      captchaInvalid: '验证码错误',
    },
  },
};

registerMessages({ zh, en: () => import('./i18n.en.ts') });

import type { Translation } from '../../core/i18n/index.ts';
import type { zh } from './i18n.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  auth: {
    login: {
      title: 'Login',
      username: 'Username',
      password: 'Password',
      submit: 'Login',
      invalid: 'Invalid username or password',
      failed: 'Login failed, please try again later',
      captcha: 'Captcha',
      captchaRefresh: 'Another picture',
      captchaInvalid: 'Captcha invalid',
    },
  },
};

export default en;

import type { Translation } from '../../core/i18n/index.ts';
import type { zh } from './i18n.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
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
};

export default en;

import type { Translation } from '../../core/i18n/index.ts';
import type { zh } from './otp-step.i18n.ts';

const en: Translation<typeof zh> = {
  auth: {
    otp: {
      title: 'Two-step verification',
      code: 'MFA code',
      help: 'Enter the 6-digit code your authenticator app shows now.',
      submit: 'Verify',
      invalid: 'The code is not valid',
      expired: 'The verification timed out, please sign in again',
      failed: 'Verification failed, please try again later',
      back: 'Back to login',
    },
  },
};

export default en;

import type { Translation } from '../../core/i18n/index.ts';
import type { zh } from './i18n.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  users: {
    list: { activate: 'Activate selected', deactivate: 'Disable selected' },
    quick: {
      active: 'Active',
      resetMfa: 'Reset MFA',
      resetPassword: 'Send reset password mail',
      resetPublicKey: 'Send reset SSH key mail',
      unblock: 'Unblock user',
      reset: 'Reset',
      send: 'Send',
      unblockButton: 'Unblock',
    },
    confirm: {
      resetPassword: 'This will reset the password of "{{name}}" and send a reset mail. Continue?',
      resetPublicKey: 'This will clear the SSH key of "{{name}}" and send a reset mail. Continue?',
    },
    mail: { sent: 'An e-mail has been sent to the user at {{email}}' },
    relation: { groups: 'User groups', members: 'Members', reviewers: 'Login confirm reviewers' },
    form: { account: 'Account', authentication: 'Authentication', security: 'Security', other: 'Other' },
  },
};

export default en;

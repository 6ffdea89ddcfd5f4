import type { Translation } from '../../core/i18n/index.ts';
import type { zh } from './i18n.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  profile: {
    tabs: { info: 'Profile', password: 'Change password', mfa: 'MFA', publicKey: 'SSH public key' },
    field: {
      name: 'Name',
      username: 'Username',
      email: 'Email',
      role: 'Role',
      orgRoles: 'Organization roles',
      groups: 'User groups',
      phone: 'Phone',
      wechat: 'WeChat',
      mfa: 'MFA',
      source: 'Source',
      dateJoined: 'Date joined',
      lastLogin: 'Last login',
      passwordUpdated: 'Password last updated',
      dateExpired: 'Date expired',
      comment: 'Comment',
      publicKeyFingerprint: 'Public key fingerprint',
      publicKeyComment: 'Public key comment',
    },
    password: {
      old: 'Old password',
      new: 'New password',
      again: 'Confirm password',
      mismatch: 'The newly set password is inconsistent',
      success: 'Password changed',
      rule: {
        minLength: 'Password length must be at least {{min}} characters',
        upper: 'Must contain an uppercase letter',
        lower: 'Must contain a lowercase letter',
        number: 'Must contain a digit',
        special: 'Must contain a special character',
      },
    },
    mfa: {
      level: 'MFA',
      disable: 'Disable',
      enable: 'Enable',
      update: 'Change authenticator',
      success: 'Update success',
      state: { disabled: 'Disabled', enabled: 'Enabled', forced: 'Force enabled' },
      helpDisabled:
        'Once enabled, signing in also asks for the 6-digit code of an authenticator app (such as Google Authenticator).',
      helpEnabled:
        'Signing in asks for the 6-digit code of your authenticator app; changing or disabling it asks a current code first.',
    },
    publicKey: { label: 'SSH public key', help: 'e.g. ssh-rsa AAAA... user@host', success: 'Update success' },
    passwordExpiry: {
      notice: 'Your password will expire at {{date}} ({{days}} days left). Please change it in time.',
      change: 'Change password',
    },
    save: 'Submit',
  },
};

export default en;

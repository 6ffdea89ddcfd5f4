import type { Translation } from '../../core/i18n/index.ts';
import type { zh } from './i18n.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  settings: {
    tabs: {
      basic: 'Basic',
      email: 'Email',
      emailContent: 'Email content',
      ldap: 'LDAP',
      terminal: 'Terminal',
      security: 'Security',
      license: 'Licence',
    },
    sections: {
      basicInfo: 'Basic info',
      createUser: 'New user e-mail',
      basicSetting: 'Basic setting',
      security: 'Security setting',
      passwordRules: 'Password check rule',
    },
    mailTest: 'Test connection',
    invalidJson: 'Enter a valid JSON object',
    ldap: {
      testConnection: 'Test connection',
      testLogin: 'Test login',
      bulkImport: 'Bulk import',
      loginTitle: 'Test LDAP user login',
      loginTip: 'Please submit the LDAP configuration before testing the login',
      username: 'Username',
      password: 'Password',
      usernamePlaceholder: 'Please enter the username',
      passwordPlaceholder: 'Please enter the password',
      importTitle: 'LDAP user list',
      importTip: 'Please submit the LDAP configuration before import',
      refreshCache: 'Refresh cache',
      refreshing: 'Refreshing Ldap cache, please wait',
      syncing: 'Synchronizing users from LDAP, please wait…',
      loading: 'Loading…',
      import: 'Import',
      unselected: 'Unselected user',
      columns: { username: 'Username', name: 'Name', email: 'Email', existing: 'Existing' },
    },
    license: {
      corporation: 'Corporation',
      edition: 'Edition',
      subscription_id: 'Subscription ID',
      asset_count: 'Asset count',
      date_expired: 'Expired date',
      is_valid: 'Status',
      valid: 'Valid',
      invalid: 'Invalid',
      none: 'No licence imported',
      file: 'Licence file',
      import: 'Import licence',
    },
  },
};

export default en;

import type { Translation } from '../../core/i18n/index.ts';
import type { zh } from './i18n.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  applications: {
    groups: { basic: 'Basic', type: 'Type parameters', other: 'Other' },
    params: {
      chrome_target: 'Target URL',
      chrome_username: 'Username',
      chrome_password: 'Password',
      mysql_workbench_ip: 'Database IP',
      mysql_workbench_port: 'Port',
      mysql_workbench_name: 'Database name',
      mysql_workbench_username: 'Username',
      mysql_workbench_password: 'Password',
      vmware_target: 'Target address',
      vmware_username: 'Username',
      vmware_password: 'Password',
      custom_cmdline: 'Command line',
      custom_target: 'Target address',
      custom_username: 'Username',
      custom_password: 'Password',
    },
    help: {
      password: 'Leave blank to keep the current password',
      cluster: 'The API server address, starting with http:// or https://',
    },
    invalidUrl: 'Enter an address starting with http:// or https://',
  },
};

export default en;

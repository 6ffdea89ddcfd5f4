import type { Translation } from '../i18n/index.ts';
import type { zh } from './i18n.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  ui: {
    loading: 'Loading…',
    error: { crashed: 'Something went wrong on this page' },
    logoText: 'Bastion',
    logoMark: 'B',
    org: { label: 'Organization' },
    navbar: { toggle: 'Toggle sidebar', menu: 'Menu' },
    help: { title: 'Help', docs: 'Documentation', support: 'Support', enterprise: 'Enterprise edition' },
    lang: { title: 'Language' },
    tags: { label: 'Open pages' },
    account: {
      profile: 'Profile',
      adminPage: 'Admin page',
      userPage: 'User page',
      apiKey: 'API Key',
      logout: 'Logout',
    },
    apiKey: {
      title: 'API Key',
      id: 'ID',
      secret: 'Secret',
      active: 'Active',
      created: 'Date created',
      show: 'Show',
      on: 'On',
      off: 'Off',
      yes: 'Yes',
      no: 'No',
      empty: 'No data',
      searchPlaceholder: 'Search',
      total: 'Total {{count}}',
      prev: 'Previous',
      next: 'Next',
    },
    footer: { license: 'Bastion Console is licensed under GPLv2', copyright: 'Copyright © {{years}}' },
  },
};

export default en;

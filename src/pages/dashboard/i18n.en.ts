import type { Translation } from '../../core/i18n/index.ts';
import type { zh } from './i18n.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  dashboard: {
    orgs: { title: 'Organizations I administer or audit', empty: 'None' },
    roles: {
      title: 'Role summary',
      system: 'System role',
      currentOrg: 'Current organization',
      orgRoles: 'Roles in the current organization',
    },
    orgRole: { Admin: 'Admin', Auditor: 'Auditor', User: 'User' },
    range: { label: 'Period', week: 'Last 7 days', month: 'Last 30 days' },
    cards: { users: 'Users', assets: 'Assets', onlineUsers: 'Online users', onlineSessions: 'Online sessions' },
    chart: {
      title: 'Logins per day',
      day: 'Date',
      login: 'Asset logins',
      activeUsers: 'Active users',
      activeAssets: 'Active assets',
      signIn: 'Sign-ins',
    },
    ring: {
      users: 'Active users ratio',
      assets: 'Active assets ratio',
      active: 'Active',
      inactive: 'Inactive',
      disabled: 'Disabled',
    },
    top: {
      users: 'Top 10 users by logins',
      assets: 'Top 10 assets by logins',
      user: 'User',
      asset: 'Asset',
      total: 'Logins',
      last: 'Last login',
    },
    latest: {
      title: 'Latest 10 sessions',
      user: 'User',
      asset: 'Asset',
      started: 'Started',
      since: 'Ago',
      state: 'State',
      online: 'Online',
      finished: 'Finished',
      detail: 'Detail',
    },
    storage: {
      title: 'Storage',
      where: 'Where',
      state: 'State',
      lastFault: 'Last fault',
      server: "Server's data folder",
      terminal: 'Terminal',
      offline: 'offline',
    },
    empty: 'No data',
  },
};

export default en;

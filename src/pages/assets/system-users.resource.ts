import { defineResource } from '../../core/resource/define.ts';
import { SYSTEM_USER_ROUTES } from './section.ts';
import { API, PRIORITY, help, picker } from './field-helpers.ts';
import { systemUserRelationTabs } from './system-user-tabs.ts';
import { systemUserCmdFilters, systemUserQuickActions } from './system-user-cards.ts';
import {
  canPush,
  credentialNeeded,
  hasCredentials,
  isSsh,
  protocolOf,
  pushesSsh,
  usernameNeeded,
  usesKey,
} from './system-user-rules.ts';
import './i18n.ts';

export const systemUsers = defineResource({
  ...SYSTEM_USER_ROUTES,
  list: {
    columns: ['name', 'username', 'protocol', 'login_mode', 'priority', 'assets_amount', 'comment', 'actions'],
    importExport: true,
    bulkUpdate: ['priority', 'comment'],
  },
  form: {
    groups: [
      {
        title: 'assets.groups.basic',
        items: ['name', 'login_mode', 'username', 'username_same_with_user', 'priority', 'protocol'],
      },
      { title: 'assets.groups.auth', items: ['auto_generate_key', 'password', 'private_key', 'token', 'auto_push'] },
      { title: 'assets.groups.command', items: ['cmd_filters', 'sudo', 'shell', 'home', 'system_groups', 'sftp_root'] },
      { title: 'assets.groups.other', items: ['comment'] },
    ],
    initial: {
      login_mode: 'auto',
      protocol: 'ssh',
      priority: 20,
      auto_push: true,
      sudo: '/bin/whoami',
      shell: '/bin/bash',
      sftp_root: 'tmp',
    },
    overrides: {
      username: { requiredWhen: usernameNeeded, ...help('assets.help.usernameRequired') },
      priority: PRIORITY,
      auto_generate_key: { widget: 'switch', enableWhen: usesKey, ...help('assets.help.autoGenerateKey') },
      password: {
        widget: 'password',
        enableWhen: (v) => hasCredentials(v) && !v.auto_generate_key,
        requiredWhen: credentialNeeded,
        ...help('assets.help.password'),
      },
      private_key: { widget: 'textarea', rows: 4, enableWhen: usesKey, ...help('assets.help.privateKey') },
      token: { widget: 'textarea', rows: 3, enableWhen: (v) => protocolOf(v) === 'k8s' },
      auto_push: { enableWhen: canPush, ...help('assets.help.autoPush') },
      cmd_filters: { ...picker(API.cmdFilters), multiple: true, enableWhen: isSsh },
      sudo: { widget: 'textarea', rows: 2, enableWhen: pushesSsh, ...help('assets.help.sudo') },
      shell: { enableWhen: pushesSsh, ...help('assets.help.shell') },
      home: { enableWhen: pushesSsh, ...help('assets.help.home') },
      system_groups: { enableWhen: pushesSsh, ...help('assets.help.groups') },
      sftp_root: { enableWhen: isSsh, ...help('assets.help.sftpRoot') },
    },
  },
  detail: {
    fields: [
      'name',
      'username',
      'protocol',
      'login_mode_display',
      'priority',
      'auto_push',
      'sudo',
      'shell',
      'home',
      'system_groups',
      'sftp_root',
      'assets_amount',
      'created_by',
      'date_created',
      'comment',
    ],
    quickActions: systemUserQuickActions,
    relations: [systemUserCmdFilters],
    tabs: systemUserRelationTabs,
  },
});

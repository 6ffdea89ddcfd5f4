import { PERM, SUPER_ADMIN_ONLY } from '../../core/permissions.ts';
import type { ResourceRoutesStub } from '../../core/resource/route-stub.ts';

// What the route table needs of the section's resources, and nothing more: names, paths, permissions.
// The definitions (columns, forms, actions, their messages) extend these and load with the section's
// first page, so the console's first load only carries this file and routes.ts.

export const API = {
  sessions: '/api/v1/terminal/sessions/',
  commands: '/api/v1/terminal/commands/',
  terminals: '/api/v1/terminal/terminals/',
  replayStorages: '/api/v1/terminal/replay-storages/',
  commandStorages: '/api/v1/terminal/command-storages/',
  killSession: '/api/v1/terminal/tasks/kill-session/',
} as const;

export const COMMAND_ROUTES = {
  name: 'Command',
  url: API.commands,
  path: '/terminal/command',
  perm: [PERM.AUDIT],
  icon: 'terminal',
  routes: ['list'],
} satisfies ResourceRoutesStub;

export const TERMINAL_ROUTES = {
  name: 'Terminal',
  url: API.terminals,
  path: '/terminal/terminal',
  perm: SUPER_ADMIN_ONLY,
  icon: 'hdd-network',
  routes: ['list', 'update', 'detail'],
} satisfies ResourceRoutesStub;

export const REPLAY_STORAGE_ROUTES = {
  name: 'ReplayStorage',
  url: API.replayStorages,
  path: '/terminal/replay-storage',
  perm: SUPER_ADMIN_ONLY,
  routes: ['list', 'create', 'update'],
  paths: { list: '/terminal/storages?activeTab=replay' },
  title: { create: 'route.CreateReplayStorage', update: 'route.ReplayStorageUpdate' },
} satisfies ResourceRoutesStub;

export const COMMAND_STORAGE_ROUTES = {
  name: 'CommandStorage',
  url: API.commandStorages,
  path: '/terminal/command-storage',
  perm: SUPER_ADMIN_ONLY,
  routes: ['list', 'create', 'update'],
  paths: { list: '/terminal/storages?activeTab=command' },
  title: { create: 'route.CreateCommandStorage', update: 'route.CommandStorageUpdate' },
} satisfies ResourceRoutesStub;

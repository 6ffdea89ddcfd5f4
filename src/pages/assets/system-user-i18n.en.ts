import type { Translation } from '../../core/i18n/index.ts';
import type { zh } from './system-user-i18n.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  assets: {
    systemUserTabs: { assets: 'Assets', nodes: 'Nodes', users: 'Users' },
    systemUser: { autoPush: 'Auto push', cmdFilters: 'Command filters' },
  },
};

export default en;

import { registerMessages } from '../../core/i18n/index.ts';

// The system user detail's relation tabs (jumpserver-api.md §2.3 system-users-{assets,nodes,users}-relations)
// and side cards (auto push, command filters).
export const zh = {
  assets: {
    systemUserTabs: { assets: '资产列表', nodes: '节点列表', users: '用户列表' },
    systemUser: { autoPush: '自动推送', cmdFilters: '命令过滤器' },
  },
};

registerMessages({ zh, en: () => import('./system-user-i18n.en.ts') });

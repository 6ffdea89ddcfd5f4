import { registerMessages } from '../../core/i18n/index.ts'

// The system user detail's relation tabs (jumpserver-api.md §2.3 system-users-{assets,nodes}-relations).
registerMessages({
  zh: { assets: { systemUserTabs: { assets: '资产列表', nodes: '节点列表' } } },
  en: { assets: { systemUserTabs: { assets: 'Assets', nodes: 'Nodes' } } },
})

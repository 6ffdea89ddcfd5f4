import { registerMessages } from '../../core/i18n/index.ts'

export const zh = {
    dashboard: {
      orgs: { title: '我管理或审计的组织', empty: '无' },
      roles: { title: '角色概览', system: '系统角色', currentOrg: '当前组织', orgRoles: '当前组织角色' },
      orgRole: { Admin: '管理员', Auditor: '审计员', User: '用户' },
    },
  }

registerMessages({ zh, en: () => import('./i18n.en.ts') })

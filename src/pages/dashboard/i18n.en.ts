import type { Translation } from '../../core/i18n/index.ts'
import type { zh } from './i18n.ts'

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
    dashboard: {
      orgs: { title: 'Organizations I administer or audit', empty: 'None' },
      roles: { title: 'Role summary', system: 'System role', currentOrg: 'Current organization', orgRoles: 'Roles in the current organization' },
      orgRole: { Admin: 'Admin', Auditor: 'Auditor', User: 'User' },
    },
  }

export default en

import type { Translation } from '../../core/i18n/index.ts'
import type { zh } from './i18n.ts'

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  settings: {
    tabs: { basic: 'Basic', email: 'Email', emailContent: 'Email content', ldap: 'LDAP', terminal: 'Terminal', security: 'Security', license: 'Licence' },
    mailTest: 'Test connection',
    invalidJson: 'Enter a valid JSON object',
    license: {
      corporation: 'Corporation', edition: 'Edition', subscription_id: 'Subscription ID', asset_count: 'Asset count', date_expired: 'Expired date',
      is_valid: 'Status', valid: 'Valid', invalid: 'Invalid', none: 'No licence imported', file: 'Licence file', import: 'Import licence',
    },
  },
}

export default en

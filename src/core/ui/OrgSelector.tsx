import { useStore } from '@nanostores/react'
import './i18n.ts'
import { useT } from '../i18n/index.ts'
import { isAdminPageRole } from '../permissions.ts'
import { $currentOrg, $currentRole, $orgs, setCurrentOrg } from '../stores/session.ts'
import { SlOption, SlSelect } from './shoelace.ts'

// Option values are indexes: the global organisation's id is '' and Shoelace reads '' as "no value".
const valueOf = (index: number) => `org-${index}`

/** Only for admin-page users who administer or audit more than one organisation (spec §2). */
export function OrgSelector() {
  const orgs = useStore($orgs)
  const current = useStore($currentOrg)
  const role = useStore($currentRole)
  const t = useT()
  if (orgs.length <= 1 || !isAdminPageRole(role)) return null
  const currentIndex = orgs.findIndex((org) => org.id === current?.id)
  return (
    <div className="org-selector">
      <SlSelect
        size="small"
        aria-label={t('ui.org.label')}
        value={currentIndex >= 0 ? valueOf(currentIndex) : ''}
        onSlChange={(event) => {
          const value = (event.target as HTMLElement & { value: string }).value
          const org = orgs.find((_, index) => valueOf(index) === value)
          if (org && org.id !== current?.id) setCurrentOrg(org)
        }}
      >
        {orgs.map((org, index) => (
          <SlOption key={org.id} value={valueOf(index)}>
            {org.name}
          </SlOption>
        ))}
      </SlSelect>
    </div>
  )
}

import { useStore } from '@nanostores/react'
import { useT } from '../../core/i18n/index.ts'
import { $currentOrg, $orgs, $profile } from '../../core/stores/session.ts'
import './i18n.ts'

/** Until the statistics dashboard lands: who the user is here, from the session's real data. */
export function DashboardPage() {
  const t = useT()
  const profile = useStore($profile)
  const orgs = useStore($orgs)
  const currentOrg = useStore($currentOrg)
  const orgRoles = (profile?.current_org_roles ?? []).map((role) => t(`dashboard.orgRole.${role}`, { defaultValue: role }))
  return (
    <div className="dashboard">
      <section className="panel role-summary">
        <h3>{t('dashboard.roles.title')}</h3>
        <table className="info-table">
          <tbody>
            <tr data-field="role">
              <th>{t('dashboard.roles.system')}</th>
              <td>{String(profile?.role_display ?? profile?.role ?? '')}</td>
            </tr>
            <tr data-field="current-org">
              <th>{t('dashboard.roles.currentOrg')}</th>
              <td>{currentOrg?.name ?? ''}</td>
            </tr>
            <tr data-field="org-roles">
              <th>{t('dashboard.roles.orgRoles')}</th>
              <td>{orgRoles.join(', ')}</td>
            </tr>
          </tbody>
        </table>
      </section>
      <section className="panel org-list">
        <h3>{t('dashboard.orgs.title')}</h3>
        {orgs.length === 0 ? (
          <p>{t('dashboard.orgs.empty')}</p>
        ) : (
          <ul>
            {orgs.map((org) => (
              <li key={org.id}>{org.name}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

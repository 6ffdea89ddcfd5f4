import { useStore } from '@nanostores/react';
import './i18n.ts';
import { useT } from '../i18n/index.ts';
import { isAdminPageRole } from '../permissions.ts';
import { $currentOrg, $currentRole, $orgs, setCurrentOrg } from '../stores/session.ts';

// Option values are indexes: the global organisation's id is '' and a select reads '' as "no value".
// A native select: Shoelace's cost tens of milliseconds on every first render for one short list.
const valueOf = (index: number) => `org-${index}`;

/** Only for admin-page users who administer or audit more than one organisation (spec §2). */
export function OrgSelector() {
  const orgs = useStore($orgs);
  const current = useStore($currentOrg);
  const role = useStore($currentRole);
  const t = useT();
  if (orgs.length <= 1 || !isAdminPageRole(role)) return null;
  const currentIndex = orgs.findIndex((org) => org.id === current?.id);
  return (
    <div className="org-selector">
      <select
        aria-label={t('ui.org.label')}
        value={currentIndex >= 0 ? valueOf(currentIndex) : ''}
        onChange={(event) => {
          const org = orgs.find((_, index) => valueOf(index) === event.target.value);
          if (org && org.id !== current?.id) setCurrentOrg(org);
        }}
      >
        {orgs.map((org, index) => (
          <option key={org.id} value={valueOf(index)}>
            {org.name}
          </option>
        ))}
      </select>
    </div>
  );
}

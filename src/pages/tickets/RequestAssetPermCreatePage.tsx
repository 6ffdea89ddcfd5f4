import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { EngineStyle } from '../../core/engine/EngineStyle.tsx';
import { ResourceForm } from '../../core/engine/form/ResourceForm.tsx';
import { useT } from '../../core/i18n/index.ts';
import { $currentOrg, $profile } from '../../core/stores/session.ts';
import { CREATE_REDIRECT_DELAY } from '../../core/config.ts';
import { navigateHash } from '../../core/ui/hash-location.ts';
import { requestForm, type OrgChoice } from './request-form.ts';
import { API, PATHS } from './section.ts';
import './i18n.ts';

/**
 * RequestAssetPermTicketCreateUpdate (`/tickets/tickets/request-asset-perm/create`): the request form
 * on the engine's form, starting in the org the console is in when the caller belongs to it.
 */
export function RequestAssetPermCreatePage() {
  const t = useT();
  const profile = useStore($profile);
  const current = useStore($currentOrg);
  const form = useMemo(() => {
    const orgs = (Array.isArray(profile?.user_all_orgs) ? profile.user_all_orgs : []) as OrgChoice[];
    const start = orgs.find((org) => org.value === current?.id)?.value ?? orgs[0]?.value ?? 'DEFAULT';
    return requestForm(orgs, start);
  }, [profile, current]);
  const back = () => navigateHash(PATHS.list);
  // The form has said it was saved; the list then shows the new ticket under My tickets.
  const done = () => setTimeout(back, CREATE_REDIRECT_DELAY);
  return (
    <section className="engine-page form-page request-asset-perm-page">
      <EngineStyle />
      <h2>{t('route.RequestAssetPermTicketCreateUpdate')}</h2>
      <ResourceForm url={API.requests} form={form} onSuccess={done} onCancel={back} />
    </section>
  );
}

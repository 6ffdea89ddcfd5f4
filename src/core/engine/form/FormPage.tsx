import '../i18n.ts';
import { CREATE_REDIRECT_DELAY } from '../../config.ts';
import { useT } from '../../i18n/index.ts';
import type { ResourceDefinition } from '../../resource/define.ts';
import { pageTitle } from '../../resource/names.ts';
import type { PageProps } from '../../routes.ts';
import { useQuery } from '../../ui/hash-location.ts';
import { EngineStyle } from '../EngineStyle.tsx';
import { goTo } from '../navigate.ts';
import { ResourceForm } from './ResourceForm.tsx';

/**
 * Create (no id) or update page of a resource; both return to the list. The id is the `:id` route
 * param, or `?id=` on an update route that has none (ResourceDefinition.paths).
 */
export function FormPage({ resource, params, route }: PageProps & { resource: ResourceDefinition }) {
  const t = useT();
  const query = useQuery();
  const isUpdate = !route?.name || route.name.endsWith('Update');
  const id = params.id ?? (isUpdate ? query.id : undefined);
  const back = () => goTo(resource, 'list');
  const done = () => (id ? back() : setTimeout(back, CREATE_REDIRECT_DELAY));
  return (
    <section className="engine-page form-page">
      <EngineStyle />
      <h2>{t(pageTitle(resource, id ? 'update' : 'create'))}</h2>
      <ResourceForm
        key={id ?? 'new'}
        url={resource.url}
        id={id}
        form={resource.form}
        onSuccess={done}
        onCancel={back}
      />
    </section>
  );
}

import '../i18n.ts'
import { CREATE_REDIRECT_DELAY } from '../../config.ts'
import { useT } from '../../i18n/index.ts'
import type { ResourceDefinition } from '../../resource/define.ts'
import { pageTitle } from '../../resource/names.ts'
import type { PageProps } from '../../routes.ts'
import { EngineStyle } from '../EngineStyle.tsx'
import { goTo } from '../navigate.ts'
import { ResourceForm } from './ResourceForm.tsx'

/** Create (no id) or update (`:id` route param) page of a resource; both return to the list. */
export function FormPage({ resource, params }: PageProps & { resource: ResourceDefinition }) {
  const t = useT()
  const id = params.id
  const back = () => goTo(resource, 'list')
  const done = () => (id ? back() : setTimeout(back, CREATE_REDIRECT_DELAY))
  return (
    <section className="engine-page form-page">
      <EngineStyle />
      <h2>{t(pageTitle(resource, id ? 'update' : 'create'))}</h2>
      <ResourceForm key={id ?? 'new'} url={resource.url} id={id} form={resource.form} onSuccess={done} onCancel={back} />
    </section>
  )
}

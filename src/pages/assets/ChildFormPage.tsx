import { useMemo } from 'react';
import { CREATE_REDIRECT_DELAY } from '../../core/config.ts';
import { EngineStyle } from '../../core/engine/EngineStyle.tsx';
import { ResourceForm } from '../../core/engine/form/ResourceForm.tsx';
import { useT } from '../../core/i18n/index.ts';
import type { FormDefinition, ResourceDefinition } from '../../core/resource/define.ts';
import { pageTitle } from '../../core/resource/names.ts';
import type { PageProps } from '../../core/routes.ts';
import { RemoteSelect } from '../../core/engine/form/RemoteSelect.tsx';
import { currentFullPath } from '../../core/navigation.ts';
import { navigateHash, useQuery } from '../../core/ui/hash-location.ts';

export interface ChildFormOptions {
  /** Query key naming the parent object (`?filter=<id>`, `?domain=<id>`). */
  parentKey: string;
  /** The API list URL for this parent. */
  url: (parentId: string) => string;
  /** Where the page returns: the parent's detail page, on the tab listing the children. */
  back: (parentId: string) => string;
  /** Field that holds the parent id in the body, when the API wants it there (create and update alike). */
  parentField?: string;
  /**
   * The parent's list, when the form cannot be without one (a rule lives under its filter's URL): a
   * page opened by its address without `?<parentKey>=` asks for it (its i18n keys: the why, the label)
   * instead of drawing an empty form.
   */
  parentList?: { url: string; why: string; label: string };
}

/**
 * The parent id starts the form (a gateway's domain picker) and goes into every body the form
 * sends, also when it is not one of the form's fields (2.3 requires a rule's `filter` in the body).
 * A value the user picked in the form wins.
 */
function withParent(form: FormDefinition | undefined, field: string, parent: string): FormDefinition | undefined {
  if (!parent) return form;
  return {
    ...form,
    initial: { ...form?.initial, [field]: parent },
    beforeSubmit: (values, method) => {
      const body = form?.beforeSubmit ? form.beforeSubmit(values, method) : values;
      return body[field] == null || body[field] === '' ? { ...body, [field]: parent } : body;
    },
  };
}

/**
 * Create/update page of an object listed on its parent's detail page (gateways of a domain, rules
 * of a command filter): the parent comes from the address, the page returns to the parent.
 */
export function childFormPage(resource: ResourceDefinition, options: ChildFormOptions) {
  function ChildForm({ params }: PageProps) {
    const t = useT();
    const parent = useQuery()[options.parentKey] ?? '';
    const id = params.id;
    const back = () => navigateHash(options.back(parent));
    // Stable per parent: a new form object would make the engine start the values over.
    const form = useMemo(
      () => (options.parentField ? withParent(resource.form, options.parentField, parent) : resource.form),
      [parent],
    );
    const list = options.parentList;
    if (list && !parent) {
      const choose = (value: unknown) => {
        if (!value) return;
        const [path, query = ''] = currentFullPath().split('?');
        const search = new URLSearchParams(query);
        search.set(options.parentKey, String(value));
        navigateHash(`${path}?${search.toString()}`, { replace: true });
      };
      return (
        <section className="engine-page form-page child-form-parent">
          <EngineStyle />
          <h2>{t(pageTitle(resource, id ? 'update' : 'create'))}</h2>
          <p className="parent-why" id="parent-why">
            {t(list.why)}
          </p>
          <div className="form-item" data-field={options.parentKey}>
            <label>{t(list.label)}</label>
            <RemoteSelect remote={{ url: list.url }} value={null} label={t(list.label)} onChange={choose} />
          </div>
        </section>
      );
    }
    return (
      <section className="engine-page form-page">
        <EngineStyle />
        <h2>{t(pageTitle(resource, id ? 'update' : 'create'))}</h2>
        <ResourceForm
          key={id ?? 'new'}
          url={options.url(parent)}
          id={id}
          form={form}
          onCancel={back}
          onSuccess={() => (id ? back() : setTimeout(back, CREATE_REDIRECT_DELAY))}
        />
      </section>
    );
  }
  ChildForm.displayName = `${resource.name}FormPage`;
  return ChildForm;
}

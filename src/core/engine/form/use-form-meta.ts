import { useEffect, useState } from 'react';
import { http } from '../../http.ts';
import type { FormDefinition } from '../../resource/define.ts';
import { metaToFields, type FieldSpec } from '../../resource/fields.ts';
import type { FieldsMeta } from '../../resource/metadata.ts';
import { loadFormMeta } from '../api.ts';
import type { Values } from './validate.ts';

export interface FormSource {
  /** API list URL; the object lives at `<url><id>/`. */
  url: string;
  id?: string;
  form?: FormDefinition;
}

/** Field ids in definition order: the groups' items, else `fields`, else every writable field. */
export function formFieldIds(form: FormDefinition | undefined, meta: FieldsMeta | undefined): string[] {
  if (form?.groups) return form.groups.flatMap((group) => group.items);
  if (form?.fields) return form.fields;
  return Object.entries(meta ?? {})
    .filter(([, m]) => !m.read_only)
    .map(([id]) => id);
}

const TEXT_WIDGETS = new Set(['input', 'textarea', 'email', 'password']);

/** What an untouched field holds: '' for text (DRF refuses null there), [] for lists, false for switches. */
function emptyValue(field: FieldSpec): unknown {
  if (field.multiple || field.widget === 'tags' || field.widget === 'bits') return [];
  if (field.widget === 'switch') return false;
  return TEXT_WIDGETS.has(field.widget) ? '' : null;
}

/**
 * Update: the object's values. Create: the definition's `initial`, else the field's default (the
 * server's OPTIONS `default`), else empty. Defaults never fill an update form: a field the object
 * lacks stays empty and is not sent, rather than overwriting what the server holds.
 */
function startValues(fields: FieldSpec[], form: FormDefinition | undefined, loaded: Values | undefined): Values {
  const values: Values = {};
  const object = loaded && form?.fromObject ? form.fromObject(loaded) : loaded;
  // An update form keeps the object's id among its values (never sent unless a field): rules that
  // differ between creating and updating (a credential needed only on create) read it.
  if (loaded?.id !== undefined) values.id = loaded.id;
  for (const field of fields) {
    if (object) values[field.id] = field.id in object ? object[field.id] : emptyValue(field);
    else if (form?.initial && field.id in form.initial) values[field.id] = form.initial[field.id];
    else if (field.default !== undefined) values[field.id] = field.default;
    else values[field.id] = emptyValue(field);
  }
  return values;
}

/**
 * OPTIONS metadata (PUT when updating, POST when creating) and, when updating, the object itself
 * (GET `<url><id>/`), turned into fields and their starting values.
 */
export function useFormMeta({ url, id, form }: FormSource) {
  const [state, setState] = useState<{ fields: FieldSpec[]; values: Values; loaded: boolean; failed?: unknown }>({
    fields: [],
    values: {},
    loaded: false,
  });
  useEffect(() => {
    let live = true;
    const object = id ? http.get<Values>(`${url}${id}/`) : Promise.resolve(undefined);
    Promise.all([loadFormMeta(url), object]).then(
      ([meta, current]) => {
        const action = (id ? meta.actions?.PUT : meta.actions?.POST) ?? meta.actions?.POST ?? meta.actions?.PUT;
        const fields = metaToFields(action, formFieldIds(form, action), form?.overrides);
        if (live) setState({ fields, values: startValues(fields, form, current), loaded: true });
      },
      (failed: unknown) => live && setState({ fields: [], values: {}, loaded: true, failed }),
    );
    return () => {
      live = false;
    };
  }, [url, id]);
  return state;
}

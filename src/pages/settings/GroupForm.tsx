import { useRef, useState, type ReactNode } from 'react';
import { FieldControl } from '../../core/engine/form/FieldControl.tsx';
import { trimmed, validateAll, type Values } from '../../core/engine/form/validate.ts';
import { HttpError } from '../../core/http.ts';
import { useT } from '../../core/i18n/index.ts';
import { fieldErrors } from '../../core/resource/errors.ts';
import { metaToFields, type FieldOverride, type FieldSpec } from '../../core/resource/fields.ts';
import { toast } from '../../core/stores/notify.ts';
import { SlButton } from '../../core/ui/shoelace.ts';
import './i18n.ts';
import { saveGroup, type GroupMeta, type SettingsValues } from './settings-api.ts';

/** Long texts the server describes as plain strings. */
const TEXTAREAS = new Set(['EMAIL_CUSTOM_USER_CREATED_BODY']);

/**
 * How a setting differs from the engine's reading of its metadata: write-only secrets are password
 * inputs (they start empty and are never read back), dicts are edited as JSON, strings are one line.
 */
function overridesOf(meta: GroupMeta): Record<string, FieldOverride> {
  return Object.fromEntries(
    Object.entries(meta.children).map(([id, field]): [string, FieldOverride] => {
      if (field.write_only) return [id, { widget: 'password' }];
      if (field.type === 'nested object') return [id, { widget: 'textarea', rows: 4 }];
      if (TEXTAREAS.has(id)) return [id, { widget: 'textarea', rows: 6 }];
      if (field.type === 'string' || field.type === 'url') return [id, { widget: 'input' }];
      return [id, {}];
    }),
  );
}

const isDict = (meta: GroupMeta, id: string) => meta.children[id]?.type === 'nested object';

function startValues(meta: GroupMeta, fields: FieldSpec[], current: Record<string, unknown>): Values {
  return Object.fromEntries(
    fields.map((field) => {
      if (meta.children[field.id]?.write_only) return [field.id, ''];
      const value = current[field.id];
      if (isDict(meta, field.id)) return [field.id, JSON.stringify(value ?? {}, null, 2)];
      if (field.widget === 'switch') return [field.id, Boolean(value)];
      return [field.id, value ?? (field.widget === 'number' ? null : '')];
    }),
  );
}

/** A heading over some of the group's fields (Lina's 基本信息, 密码校验规则); `fields` picks them, else the rest. */
export interface FormSection {
  title: string;
  fields?: (id: string) => boolean;
}

export interface GroupFormProps {
  group: string;
  /** The form's headed sections, in order (i18n keys); a form without any is one section of the group's fields. */
  sections?: FormSection[];
  meta: GroupMeta;
  current: Record<string, unknown>;
  onSaved: (values: SettingsValues) => void;
  /** More buttons beside Submit, given the values being edited (the Email tab's test button). */
  extraButtons?: (values: Values, fields: FieldSpec[]) => ReactNode;
}

/** The fields of each section, in the metadata's order; a section's predicate picks, the last without one takes the rest. */
function sectioned(fields: FieldSpec[], sections: FormSection[]): { title?: string; fields: FieldSpec[] }[] {
  if (!sections.length) return [{ fields }];
  const taken = new Set<string>();
  return sections
    .map((section) => {
      const mine = fields.filter((field) => !taken.has(field.id) && (!section.fields || section.fields(field.id)));
      for (const field of mine) taken.add(field.id);
      return { title: section.title, fields: mine };
    })
    .filter((section) => section.fields.length > 0);
}

/**
 * One settings group as a form built from the OPTIONS metadata with the engine's field controls.
 * Submit PATCHes this group only; a refusal shows the server's messages under the fields and keeps
 * every typed value. Reset puts back the stored values, as Lina's 重置.
 */
export function GroupForm({ group, sections = [], meta, current, onSaved, extraButtons }: GroupFormProps) {
  const t = useT();
  const [fields] = useState(() => metaToFields(meta.children, Object.keys(meta.children), overridesOf(meta)));
  const [values, setValues] = useState<Values>(() => startValues(meta, fields, current));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [sending, setSending] = useState(false);
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const change = (field: FieldSpec, raw: unknown, commit: boolean) => {
    const next = { ...valuesRef.current, [field.id]: commit ? trimmed(field, raw) : raw };
    valuesRef.current = next;
    setValues(next);
  };

  const reset = () => {
    const stored = startValues(meta, fields, current);
    valuesRef.current = stored;
    setValues(stored);
    setErrors({});
    setFormError('');
  };

  const submit = async () => {
    const typed = valuesRef.current;
    const invalid = validateAll(fields, typed);
    const body: Values = {};
    for (const field of fields) {
      const value = typed[field.id];
      // A blank secret is not sent: the server keeps the stored one.
      if (value == null || (meta.children[field.id]?.write_only && value === '')) continue;
      if (isDict(meta, field.id)) {
        try {
          body[field.id] = JSON.parse(String(value));
        } catch {
          invalid[field.id] = t('settings.invalidJson');
        }
        continue;
      }
      body[field.id] = value;
    }
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setSending(true);
    setFormError('');
    try {
      const saved = await saveGroup(group, body);
      toast.success(t('message.updateSuccess'));
      // Secrets are never read back: their inputs empty again once stored.
      setValues((old) => ({
        ...old,
        ...Object.fromEntries(fields.filter((f) => meta.children[f.id]?.write_only).map((f) => [f.id, ''])),
      }));
      onSaved(saved);
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) {
        const data = error.data as Record<string, unknown> | null;
        const byField = fieldErrors(data && typeof data === 'object' ? (data[group] ?? data) : data);
        const known = new Set(fields.map((f) => f.id));
        setErrors(Object.fromEntries(Object.entries(byField).filter(([id]) => known.has(id))));
        setFormError(
          Object.entries(byField)
            .filter(([id]) => !known.has(id))
            .map(([, m]) => m)
            .join('; '),
        );
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="engine-form settings-form"
      data-group={group}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {sectioned(fields, sections).map((section, index) => (
        <fieldset key={section.title ?? index} className="settings-section">
          {section.title && <legend>{t(section.title)}</legend>}
          {section.fields.map((field) => (
            <div key={field.id} className={`form-item${field.required ? ' required' : ''}`} data-field={field.id}>
              <label>{field.label}</label>
              <FieldControl
                field={field}
                value={values[field.id]}
                disabled={sending}
                onChange={(v, commit) => change(field, v, commit)}
                onBlur={() => undefined}
              />
              {errors[field.id] && <div className="field-error">{errors[field.id]}</div>}
              {field.helpText && <div className="help">{field.helpText}</div>}
            </div>
          ))}
        </fieldset>
      ))}
      {formError && <div className="form-error">{formError}</div>}
      <div className="form-buttons">
        {/* Lina's order: the tab's own buttons, Reset, Submit. */}
        {extraButtons?.(values, fields)}
        <SlButton className="reset" disabled={sending} onClick={reset}>
          {t('common.reset')}
        </SlButton>
        <SlButton variant="primary" className="submit" loading={sending} onClick={() => void submit()}>
          {t('common.submit')}
        </SlButton>
      </div>
    </form>
  );
}

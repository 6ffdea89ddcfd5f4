import '../i18n.ts';
import { useRef, useState, type MutableRefObject } from 'react';
import { HttpError, http } from '../../http.ts';
import { useT } from '../../i18n/index.ts';
import { fieldErrors } from '../../resource/errors.ts';
import { validationTrigger, type FieldSpec } from '../../resource/fields.ts';
import { toast } from '../../stores/notify.ts';
import { SlButton, SlSpinner } from '../shoelace.ts';
import { FieldControl } from './FieldControl.tsx';
import { useFormMeta, type FormSource } from './use-form-meta.ts';
import { isEnabled, trimmed, validateAll, validateField, type Values } from './validate.ts';

export interface ResourceFormProps extends FormSource {
  onSuccess?: (body: unknown, method: 'post' | 'put') => void;
  onInvalid?: (errors: Record<string, string>) => void;
  onCancel?: () => void;
  /** Dialogs submit from their own buttons through this. */
  submitRef?: MutableRefObject<(() => Promise<boolean>) | null>;
  hideButtons?: boolean;
  readOnly?: boolean;
}

/** Metadata-driven form: POST `<url>` to create, PUT `<url><id>/` to update (spec §5, §7). */
export function ResourceForm(props: ResourceFormProps) {
  const t = useT();
  const { fields, values: start, loaded } = useFormMeta(props);
  const [values, setValues] = useState<Values>(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [sending, setSending] = useState(false);
  const valuesRef = useRef(values);
  const formRef = useRef<HTMLFormElement>(null);
  // New starting values (metadata or the object loaded) are taken during render, not in an effect:
  // the controls must never show, even for one frame, with values about to be replaced (typing
  // in that frame would be lost).
  const [startSeen, setStartSeen] = useState(start);
  if (startSeen !== start) {
    setStartSeen(start);
    setValues(start);
    valuesRef.current = start;
  } else {
    valuesRef.current = values;
  }

  const check = (field: FieldSpec, value: unknown) => {
    const message = validateField(field, value, valuesRef.current);
    setErrors((old) => ({ ...old, [field.id]: message ?? '' }));
  };
  const change = (field: FieldSpec, raw: unknown, commit: boolean) => {
    const value = commit ? trimmed(field, raw) : raw;
    const next = { ...valuesRef.current, [field.id]: value };
    valuesRef.current = commit && props.form?.derive ? props.form.derive(field.id, next) : next;
    setValues(valuesRef.current);
    const trigger = validationTrigger(field);
    if (trigger === 'input' || (commit && trigger === 'change')) check(field, value);
  };

  const submit = async (): Promise<boolean> => {
    const current = valuesRef.current;
    const invalid = validateAll(fields, current);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) {
      // A message beside a field far up a long form is easily missed: say so where the eye is, and
      // bring the first field at fault into view, or the Submit button looks dead.
      toast.error(t('engine.form.invalid'));
      formRef.current
        ?.querySelector(`[data-field="${CSS.escape(Object.keys(invalid)[0])}"]`)
        ?.scrollIntoView({ block: 'center' });
      props.onInvalid?.(invalid);
      formRef.current?.dispatchEvent(new CustomEvent('invalid', { detail: invalid, bubbles: true, composed: true }));
      return false;
    }
    let body: Values = {};
    // A field left without a value is not sent: the server keeps its default (or the current value).
    for (const field of fields) {
      if (isEnabled(field, current) && current[field.id] != null) body[field.id] = current[field.id];
    }
    const method = props.id ? 'put' : 'post';
    if (props.form?.beforeSubmit) body = props.form.beforeSubmit(body, method);
    setSending(true);
    setFormError('');
    try {
      const saved =
        method === 'put' ? await http.put(`${props.url}${props.id}/`, body) : await http.post(props.url, body);
      toast.success(t(method === 'put' ? 'message.updateSuccess' : 'message.createSuccess'));
      props.form?.afterSubmit?.(saved, method);
      props.onSuccess?.(saved, method);
      return true;
    } catch (error) {
      // Every typed value stays; only the messages change.
      if (error instanceof HttpError && error.status === 400) {
        const byField = fieldErrors(error.data);
        const known = new Set(fields.map((f) => f.id));
        setErrors(Object.fromEntries(Object.entries(byField).filter(([id]) => known.has(id))));
        setFormError(
          Object.entries(byField)
            .filter(([id]) => !known.has(id))
            .map(([, m]) => m)
            .join('; '),
        );
      }
      return false;
    } finally {
      setSending(false);
    }
  };
  if (props.submitRef) props.submitRef.current = submit;

  if (!loaded) return <SlSpinner />;
  const groups = props.form?.groups ?? [{ title: '', items: fields.map((f) => f.id) }];
  const byId = new Map(fields.map((f) => [f.id, f]));
  return (
    <form
      ref={formRef}
      className="engine-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {groups.map((group) => {
        const shown = group.items
          .map((id) => byId.get(id))
          .filter((f): f is FieldSpec => !!f && !f.hidden && isEnabled(f, values));
        if (shown.length === 0) return null;
        const items = shown.map((field) => {
          const note = field.note?.(values);
          return (
            <div key={field.id} className={`form-item${field.required ? ' required' : ''}`} data-field={field.id}>
              <label>{field.label}</label>
              <FieldControl
                field={field.remoteFor ? { ...field, remote: field.remoteFor(values) } : field}
                value={values[field.id]}
                disabled={props.readOnly || sending}
                onChange={(v, commit) => change(field, v, commit)}
                onBlur={() => validationTrigger(field) === 'blur' && check(field, valuesRef.current[field.id])}
              />
              {errors[field.id] && <div className="field-error">{errors[field.id]}</div>}
              {field.helpText && <div className="help">{field.helpText}</div>}
              {note && (
                <div className="field-note" role="note">
                  {note}
                </div>
              )}
            </div>
          );
        });
        return group.title ? (
          <fieldset key={group.title}>
            <legend>{t(group.title)}</legend>
            {items}
          </fieldset>
        ) : (
          <div key="fields" className="engine-form">
            {items}
          </div>
        );
      })}
      {formError && <div className="form-error">{formError}</div>}
      {!props.hideButtons && !props.readOnly && (
        <div className="form-buttons">
          {props.onCancel && <SlButton onClick={props.onCancel}>{t('common.cancel')}</SlButton>}
          <SlButton variant="primary" className="submit" loading={sending} onClick={() => void submit()}>
            {t('common.submit')}
          </SlButton>
        </div>
      )}
    </form>
  );
}

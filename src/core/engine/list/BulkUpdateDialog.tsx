import '../i18n.ts';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { metaToFields, type FieldOverride, type FieldSpec } from '../../resource/fields.ts';
import { toast } from '../../stores/notify.ts';
import { SlButton, SlDialog } from '../shoelace.ts';
import { bulkPatch, loadFormMeta } from '../api.ts';
import { FieldControl } from '../form/FieldControl.tsx';
import { trimmed, validateField } from '../form/validate.ts';

export interface BulkUpdateDialogProps {
  url: string;
  fieldIds: string[];
  ids: string[];
  /** The form's per-field overrides (a relation needs its remote URL here too). */
  overrides?: Record<string, FieldOverride>;
  onClose: () => void;
  onUpdated: () => void;
}

/** The multiple-update dialog: tick the fields to change, then PATCH `[{id, ...changed}]`. */
export function BulkUpdateDialog({ url, fieldIds, ids, overrides, onClose, onUpdated }: BulkUpdateDialogProps) {
  const t = useT();
  const [fields, setFields] = useState<FieldSpec[]>([]);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    loadFormMeta(url).then(
      (meta) => setFields(metaToFields(meta.actions?.PUT ?? meta.actions?.POST, fieldIds, overrides)),
      () => undefined,
    );
  }, [url]);

  const tick = (id: string) =>
    setTicked((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = async () => {
    const chosen = fields.filter((f) => ticked.has(f.id));
    const found = Object.fromEntries(
      chosen.map((f) => [f.id, validateField(f, values[f.id], values) ?? '']).filter(([, m]) => m),
    );
    setErrors(found);
    if (chosen.length === 0) return toast.warning(t('engine.bulkUpdate.nothing'));
    if (Object.keys(found).length > 0) return;
    const changed = Object.fromEntries(chosen.map((f) => [f.id, values[f.id] ?? null]));
    try {
      await bulkPatch(
        url,
        ids.map((id) => ({ id, ...changed })),
      );
      toast.success(t('message.updateSuccess'));
      onUpdated();
      onClose();
    } catch {
      // http.ts has said why
    }
  };
  return (
    <SlDialog
      open
      label={t('engine.bulkUpdate.title', { count: ids.length })}
      className="engine-dialog bulk-update-dialog"
      onSlAfterHide={(e) => e.target === e.currentTarget && onClose()}
    >
      <p>{t('engine.bulkUpdate.pick')}</p>
      {fields.map((field) => (
        <div key={field.id} className="bulk-field" data-field={field.id}>
          <input
            type="checkbox"
            className="tick"
            aria-label={field.label}
            checked={ticked.has(field.id)}
            onChange={() => tick(field.id)}
          />
          <div>
            <label>{field.label}</label>
            <FieldControl
              field={field}
              value={values[field.id]}
              disabled={!ticked.has(field.id)}
              onChange={(v, commit) => setValues((old) => ({ ...old, [field.id]: commit ? trimmed(field, v) : v }))}
              onBlur={() => undefined}
            />
            {errors[field.id] && <div className="field-error">{errors[field.id]}</div>}
          </div>
        </div>
      ))}
      <SlButton slot="footer" onClick={onClose}>
        {t('common.cancel')}
      </SlButton>
      <SlButton slot="footer" variant="primary" className="confirm" onClick={() => void submit()}>
        {t('common.confirm')}
      </SlButton>
    </SlDialog>
  );
}

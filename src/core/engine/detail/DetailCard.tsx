import '../i18n.ts';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/index.ts';
import type { Row } from '../../resource/adapters.ts';
import { choiceLabel, fieldLabel, metaOf, type FieldsMeta } from '../../resource/metadata.ts';

function shown(value: unknown): string {
  if (value == null) return '';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  if (typeof value === 'object') {
    const named = value as { name?: unknown; display_name?: unknown };
    return String(named.display_name ?? named.name ?? JSON.stringify(value));
  }
  return String(value);
}

/** Key/value card: labels from the metadata, values as text (`_display` and choices preferred). */
export interface DetailCardProps {
  title: string;
  object: Row;
  fields: string[];
  meta?: FieldsMeta;
  /** Values the page draws itself, by field. */
  render?: Record<string, (object: Row) => ReactNode>;
}

export function DetailCard({ title, object, fields, meta, render }: DetailCardProps) {
  const t = useT();
  const value = (field: string): ReactNode => {
    if (render?.[field]) return render[field](object);
    const raw = object[field];
    const display = object[`${field}_display`];
    if (display != null) return shown(display);
    if (typeof raw === 'boolean') return raw ? t('engine.list.yes') : t('engine.list.no');
    if (meta?.[field]?.choices) return choiceLabel(meta[field], raw);
    return shown(raw);
  };
  // A field the server neither describes nor sends is one it does not have (a 2.3 core lacks this
  // project's extensions): no row of blanks. Rows the page draws itself are its own to judge.
  const shownHere = (field: string) =>
    !meta || Boolean(render?.[field]) || field in object || Boolean(metaOf(meta, field));
  return (
    <div className="card detail-card">
      <h3>{title}</h3>
      <div className="body">
        <table className="kv">
          <tbody>
            {fields
              .filter((field) => shownHere(field))
              .map((field) => (
                <tr key={field} data-field={field}>
                  <th>{fieldLabel(field, metaOf(meta, field))}</th>
                  <td>{value(field)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

import '../i18n.ts';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { choiceLabel, fieldLabel, type FieldsMeta } from '../../resource/metadata.ts';

export interface SearchBarProps {
  /** Fields offered as tag filters (metadata `filter: true`, optionally narrowed by the definition). */
  fields: string[];
  meta?: FieldsMeta;
  value: Record<string, string>;
  onChange: (value: Record<string, string>) => void;
}

/** The values a filter field offers: its choices, yes/no for booleans, else free text. */
function valueOptions(meta: FieldsMeta | undefined, field: string, yes: string, no: string) {
  const fieldMeta = meta?.[field];
  if (fieldMeta?.type === 'boolean')
    return [
      { value: 'true', label: yes },
      { value: 'false', label: no },
    ];
  return fieldMeta?.choices?.map((c) => ({ value: String(c.value), label: c.display_name }));
}

/**
 * Free text becomes `search=`; picking a field, then a value, adds an exact-match tag filter.
 * Every applied filter shows as a removable tag.
 */
export function SearchBar({ fields, meta, value, onChange }: SearchBarProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [field, setField] = useState('');
  const options = field ? valueOptions(meta, field, t('engine.list.yes'), t('engine.list.no')) : undefined;
  const label = (name: string) => (name === 'search' ? t('engine.list.search') : fieldLabel(name, meta?.[name]));
  const display = (name: string, raw: string) => {
    if (meta?.[name]?.type === 'boolean') return raw === 'true' ? t('engine.list.yes') : t('engine.list.no');
    return choiceLabel(meta?.[name], raw);
  };

  const apply = (raw: string) => {
    const trimmed = raw.trim();
    if (!trimmed) return;
    onChange({ ...value, [field || 'search']: trimmed });
    setText('');
    setField('');
  };
  const remove = (name: string) => {
    const next = { ...value };
    delete next[name];
    onChange(next);
  };

  return (
    <div className="search-bar">
      {Object.entries(value).map(([name, raw]) => (
        <span key={name} className="filter-tag" data-field={name}>
          {label(name)}: {display(name, raw)}
          <button
            type="button"
            className="remove"
            aria-label={t('engine.list.removeFilter', { name: label(name) })}
            onClick={() => remove(name)}
          >
            ×
          </button>
        </span>
      ))}
      {fields.length > 0 && (
        <select
          className="filter-field"
          aria-label={t('engine.list.filterBy')}
          value={field}
          onChange={(e) => setField(e.target.value)}
        >
          <option value="">{t('engine.list.filterBy')}</option>
          {fields.map((name) => (
            <option key={name} value={name}>
              {label(name)}
            </option>
          ))}
        </select>
      )}
      {options ? (
        <select
          className="filter-value"
          aria-label={t('engine.list.filterValue')}
          value=""
          onChange={(e) => apply(e.target.value)}
        >
          <option value="">{label(field)}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          className="search-input"
          type="search"
          value={text}
          placeholder={field ? label(field) : t('engine.list.search')}
          aria-label={field ? label(field) : t('engine.list.search')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && apply(text)}
        />
      )}
    </div>
  );
}

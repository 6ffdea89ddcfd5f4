import '../i18n.ts';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';

/** A list of strings: Enter adds the trimmed text, × removes an item. */
export function TagsInput({
  value,
  onChange,
  label,
  disabled,
}: {
  value: unknown;
  onChange: (value: string[]) => void;
  label: string;
  disabled?: boolean;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const items = Array.isArray(value) ? value.map(String) : [];
  const add = () => {
    const item = text.trim();
    if (item && !items.includes(item)) onChange([...items, item]);
    setText('');
  };
  return (
    <div className="combo tags-input">
      {items.length > 0 && (
        <div className="chosen">
          {items.map((item) => (
            <span key={item} className="chip">
              {item}
              {!disabled && (
                <button
                  type="button"
                  className="remove"
                  aria-label={t('engine.form.remove', { name: item })}
                  onClick={() => onChange(items.filter((i) => i !== item))}
                >
                  ×
                </button>
              )}
            </span>
          ))}
        </div>
      )}
      <input
        type="text"
        aria-label={label}
        disabled={disabled}
        value={text}
        placeholder={t('engine.form.addTag')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          add();
        }}
      />
    </div>
  );
}

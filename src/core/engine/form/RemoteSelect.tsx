import { useEffect, useRef, useState } from 'react';
import type { RemoteOptions } from '../../resource/fields.ts';
import { Combo, type ComboOption } from './Combo.tsx';
import { loadChosenLabels, loadRemotePage } from './remote-options.ts';

export interface RemoteSelectProps {
  remote: RemoteOptions;
  value: unknown;
  multiple?: boolean;
  disabled?: boolean;
  label: string;
  onChange: (value: unknown) => void;
}

/** A select whose options page in from the server as the user types or scrolls. */
export function RemoteSelect({ remote, value, multiple, disabled, label, onChange }: RemoteSelectProps) {
  const [options, setOptions] = useState<ComboOption[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState(() => new Map<string, string>());
  const loading = useRef(false);
  // Typing sends one search per keystroke; only the answer to the latest may be drawn (a short
  // word's scan can come back after the full word's indexed answer).
  const latest = useRef(0);

  const load = (text: string, offset: number) => {
    loading.current = true;
    const asked = ++latest.current;
    loadRemotePage(remote, text, offset)
      .then(
        (page) => {
          if (asked !== latest.current) return;
          setOptions((old) => {
            if (offset === 0) return page.options;
            const seen = new Set(old.map((o) => String(o.value)));
            return [...old, ...page.options.filter((o) => !seen.has(String(o.value)))];
          });
          setHasMore(page.hasMore);
        },
        () => undefined,
      )
      .finally(() => {
        if (asked === latest.current) loading.current = false;
      });
  };
  useEffect(() => load(search, 0), [remote.url, search]);

  // Chosen values that came with the object need their labels once.
  const chosen = multiple ? (Array.isArray(value) ? value : []) : value == null || value === '' ? [] : [value];
  const missing = chosen.filter((v) => !known.has(String(v)) && !options.some((o) => String(o.value) === String(v)));
  const missingKey = missing.map(String).join(',');
  useEffect(() => {
    if (!missingKey) return;
    loadChosenLabels(remote, missingKey.split(',')).then(
      (found) => {
        setKnown((old) => new Map([...old, ...found.map((o) => [String(o.value), o.label] as [string, string])]));
      },
      () => undefined,
    );
  }, [missingKey, remote.url]);

  return (
    <Combo
      options={options}
      value={value}
      multiple={multiple}
      disabled={disabled}
      label={label}
      knownLabels={known}
      hasMore={hasMore}
      onChange={onChange}
      onSearch={setSearch}
      onMore={() => !loading.current && load(search, options.length)}
    />
  );
}

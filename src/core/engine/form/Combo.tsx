import '../i18n.ts';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type UIEvent } from 'react';
import { useT } from '../../i18n/index.ts';

export interface ComboOption {
  value: unknown;
  label: string;
}

export interface ComboProps {
  options: ComboOption[];
  value: unknown;
  multiple?: boolean;
  disabled?: boolean;
  /** Remote mode: the caller filters; local mode filters the options by label. */
  onSearch?: (text: string) => void;
  onMore?: () => void;
  hasMore?: boolean;
  /** Labels of chosen values that are not among the loaded options. */
  knownLabels?: Map<string, string>;
  onChange: (value: unknown) => void;
  label: string;
}

const key = (value: unknown) => String(value);

/**
 * A filtering select (single or multiple), an ARIA combobox: type to narrow, click or ↑/↓ and Enter to
 * choose, Escape to close, × to drop a chosen value. A choice closes the list and clears the typed
 * text (in both modes: a list left open covered what came after it, a relation card's Add button);
 * the input keeps focus, so typing, ↓ or a click opens it again for the next one.
 */
export function Combo(props: ComboProps) {
  const t = useT();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const list = useRef<HTMLUListElement>(null);
  // The option ↑/↓ reached stays in sight in a list that scrolls.
  useEffect(() => {
    if (active >= 0) list.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const chosen: unknown[] = props.multiple
    ? Array.isArray(props.value)
      ? props.value
      : []
    : props.value == null || props.value === ''
      ? []
      : [props.value];
  const labelOf = (value: unknown) =>
    props.options.find((o) => key(o.value) === key(value))?.label ?? props.knownLabels?.get(key(value)) ?? key(value);
  const shown = props.onSearch
    ? props.options
    : props.options.filter((o) => o.label.toLowerCase().includes(text.toLowerCase()));
  const isChosen = (value: unknown) => chosen.some((c) => key(c) === key(value));
  const expanded = open && !props.disabled;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const search = (value: string) => {
    setText(value);
    props.onSearch?.(value);
  };
  const pick = (value: unknown) => {
    if (!props.multiple) props.onChange(value);
    else props.onChange(isChosen(value) ? chosen.filter((c) => key(c) !== key(value)) : [...chosen, value]);
    close();
    if (text) search('');
  };
  const drop = (value: unknown) => props.onChange(props.multiple ? chosen.filter((c) => key(c) !== key(value)) : null);
  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const list = event.currentTarget;
    if (props.hasMore && list.scrollTop + list.clientHeight >= list.scrollHeight - 8) props.onMore?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at) => (last < 0 ? -1 : at < 0 ? (step > 0 ? 0 : last) : Math.min(last, Math.max(0, at + step))));
    } else if (event.key === 'Enter' && expanded && shown[active]) {
      event.preventDefault();
      pick(shown[active].value);
    } else if (event.key === 'Escape' && (expanded || text)) {
      // Only this list closes; a dialog around it stays open.
      event.preventDefault();
      event.stopPropagation();
      close();
      if (text) search('');
    }
  };
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <div className="combo" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node) && close()}>
      {chosen.length > 0 && (
        <div className="chosen">
          {chosen.map((value) => (
            <span key={key(value)} className="chip" data-value={key(value)}>
              {labelOf(value)}
              {!props.disabled && (
                <button
                  type="button"
                  className="remove"
                  aria-label={t('engine.form.remove', { name: labelOf(value) })}
                  onClick={() => drop(value)}
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
        className="combo-input"
        role="combobox"
        aria-label={props.label}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && shown[active] ? optionId(active) : undefined}
        disabled={props.disabled}
        value={text}
        placeholder={t('engine.form.placeholder')}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onChange={(e) => {
          search(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
      />
      {expanded && (
        <ul
          ref={list}
          role="listbox"
          id={listId}
          aria-label={props.label}
          aria-multiselectable={props.multiple || undefined}
          onScroll={onScroll}
        >
          {shown.map((option, index) => (
            <li
              key={key(option.value)}
              id={optionId(index)}
              role="option"
              aria-selected={isChosen(option.value)}
              className={
                [isChosen(option.value) ? 'selected' : '', index === active ? 'highlighted' : ''].join(' ').trim() ||
                undefined
              }
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(option.value)}
            >
              {option.label}
            </li>
          ))}
          {shown.length === 0 && (
            <li className="muted" role="presentation">
              {t('engine.form.noMatch')}
            </li>
          )}
          {props.hasMore && (
            <li
              className="more"
              role="presentation"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => props.onMore?.()}
            >
              {t('engine.form.more')}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

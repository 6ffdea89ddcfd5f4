import '../i18n.ts';
import { useRef, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { DATETIME_FORMAT } from '../../resource/datetime.ts';
import { DATE_SHORTCUTS, readBound, shortcutRange, type DateRange, type RangeBound } from '../../resource/dates.ts';
import { IconButton } from '../../ui/IconButton.tsx';
import { MenuButton } from '../../ui/MenuButton.tsx';

interface BoundProps {
  bound: RangeBound;
  value: string;
  label: string;
  pickLabel: string;
  onCommit: (value: string) => void;
}

/**
 * One bound as text in the spec's `YYYY-MM-DD HH:MM:SS` (a native datetime input shows the browser's
 * locale format instead, e.g. "11/25/2026, 12:00:01 AM"). A typed day alone takes the bound's default
 * time; text that is no real date is marked and ignored, the range keeping its last bound. The
 * calendar button opens the native day picker.
 */
function BoundInput({ bound, value, label, pickLabel, onCommit }: BoundProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const invalid = typed !== null && readBound(typed, bound) === null;
  const commit = (text: string) => {
    const next = readBound(text, bound);
    if (next === null) return;
    setTyped(null);
    if (next !== value) onCommit(next);
  };
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    input.value = value.slice(0, 10);
    try {
      input.showPicker();
    } catch {
      input.focus(); // showPicker needs a user gesture; a scripted click still reaches the input
    }
  };
  return (
    <span className={`date-bound${invalid ? ' invalid' : ''}`}>
      <input
        type="text"
        className={`date-${bound}`}
        aria-label={label}
        aria-invalid={invalid || undefined}
        placeholder={DATETIME_FORMAT}
        autoComplete="off"
        spellCheck={false}
        value={typed ?? value}
        onChange={(e) => setTyped(e.target.value)}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && commit(e.currentTarget.value)}
      />
      <IconButton name="calendar3" className="date-pick" label={pickLabel} onClick={openPicker} />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className="date-picker"
        onChange={(e) => e.target.value && commit(e.target.value)}
      />
    </span>
  );
}

/** The list's date range (spec §9): two bounds and the shortcuts (last 24 hours, week, 30 and 90 days). */
export function DateRangePicker({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const t = useT();
  const set = (bound: RangeBound) => (next: string) => onChange({ ...value, [bound]: next });
  return (
    <div className="date-range" role="group" aria-label={t('engine.list.dateRange')}>
      <BoundInput
        bound="from"
        value={value.from}
        label={t('engine.list.dateFrom')}
        pickLabel={t('engine.list.pickDay')}
        onCommit={set('from')}
      />
      <span className="date-range-to">{t('engine.list.dateRangeTo')}</span>
      <BoundInput
        bound="to"
        value={value.to}
        label={t('engine.list.dateTo')}
        pickLabel={t('engine.list.pickDay')}
        onCommit={set('to')}
      />
      <MenuButton
        className="date-shortcut"
        size="small"
        label={t('engine.list.quickRange')}
        align="end"
        items={DATE_SHORTCUTS.map((s) => ({
          value: s.key,
          label: t(`engine.list.shortcut.${s.key}`),
          className: `shortcut-${s.key}`,
        }))}
        onSelect={(key) => onChange(shortcutRange(key as (typeof DATE_SHORTCUTS)[number]['key']))}
      />
    </div>
  );
}

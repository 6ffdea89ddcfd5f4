import '../i18n.ts';
import { useRef } from 'react';
import { useT } from '../../i18n/index.ts';
import {
  DATETIME_FORMAT,
  commitDateTime,
  displayDateTime,
  parseDateTime,
  formatServer,
  toPickerValue,
} from '../../resource/datetime.ts';
import { SlInput } from '../../ui/shoelace-inputs.ts';
import { SlIconButton } from '../shoelace.ts';

export interface DateTimeInputProps {
  name: string;
  label: string;
  value: unknown;
  disabled?: boolean;
  onChange: (value: unknown, commit: boolean) => void;
  onBlur: () => void;
}

type Target = { value: string };
const text = (event: Event) => (event.target as unknown as Target).value;

/**
 * A date-time as text in the spec's `YYYY-MM-DD HH:MM:SS` (the browser's own datetime-local shows its
 * locale's `mm/dd/yyyy`), with a calendar button opening the native picker. The field holds the
 * server's `... +ZZZZ` form once a readable value is committed; unreadable text stays as typed.
 */
export function DateTimeInput({ name, label, value, disabled, onChange, onBlur }: DateTimeInputProps) {
  const t = useT();
  const picker = useRef<HTMLInputElement>(null);
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    input.value = toPickerValue(value);
    try {
      input.showPicker();
    } catch {
      input.focus(); // showPicker needs a user gesture; a scripted click still reaches the input
    }
  };
  return (
    <div className="datetime-input">
      <SlInput
        name={name}
        label={label}
        className="sr-label"
        disabled={disabled}
        value={displayDateTime(value)}
        placeholder={DATETIME_FORMAT}
        autocomplete="off"
        onSlInput={(e) => onChange(text(e), false)}
        onSlChange={(e) => onChange(commitDateTime(text(e)), true)}
        onSlBlur={onBlur}
      >
        <SlIconButton
          slot="suffix"
          name="calendar3"
          label={t('engine.form.pickDate')}
          disabled={disabled}
          onClick={openPicker}
        />
      </SlInput>
      <input
        ref={picker}
        type="datetime-local"
        step={1}
        tabIndex={-1}
        aria-hidden="true"
        className="datetime-picker"
        onChange={(e) => {
          const date = parseDateTime(e.target.value);
          if (date) onChange(formatServer(date), true);
        }}
      />
    </div>
  );
}

import { maskOf, toggleName, type BitNames } from '../../resource/bits.ts';
import type { Choice } from '../../resource/metadata.ts';

export interface BitsCheckboxesProps {
  name: string;
  /** The group's accessible name (the field's label). */
  label?: string;
  /** The choices to show (labels from the metadata), in order. */
  options: Choice[];
  bits: BitNames;
  value: unknown;
  disabled?: boolean;
  onChange: (names: string[]) => void;
}

/** A checkbox group over named bit flags (resource/bits.ts): ticking `all` ticks everything. */
export function BitsCheckboxes({ name, label, options, bits, value, disabled, onChange }: BitsCheckboxesProps) {
  const mask = maskOf(value, bits);
  return (
    <div className="bits-checkboxes" role="group" aria-label={label}>
      {options.map((option) => {
        const bit = bits[String(option.value)] ?? 0;
        return (
          <label key={String(option.value)} className="bit-option">
            <input
              type="checkbox"
              name={name}
              value={String(option.value)}
              disabled={disabled}
              checked={bit !== 0 && (mask & bit) === bit}
              onChange={(event) => onChange(toggleName(value, String(option.value), event.target.checked, bits))}
            />
            {option.display_name}
          </label>
        );
      })}
    </div>
  );
}

import { RADIO_MAX_CHOICES, type FieldSpec } from '../../resource/fields.ts';
import { SlInput, SlSwitch } from '../../ui/shoelace-inputs.ts';
import { SlRadio, SlRadioGroup, SlTextarea } from '../shoelace.ts';
import { BitsCheckboxes } from './BitsCheckboxes.tsx';
import { Combo } from './Combo.tsx';
import { DateTimeInput } from './DateTimeInput.tsx';
import { RemoteSelect } from './RemoteSelect.tsx';
import { TagsInput } from './TagsInput.tsx';

export interface FieldControlProps {
  field: FieldSpec;
  value: unknown;
  disabled?: boolean;
  /** Every edit; `commit` marks a change event (validation and trimming happen then). */
  onChange: (value: unknown, commit: boolean) => void;
  onBlur: () => void;
}

type Target = { value: string; checked?: boolean };
const text = (event: Event) => (event.target as unknown as Target).value;
const asString = (value: unknown) => (value == null ? '' : String(value));

/** The widget of one field, chosen by FieldSpec.widget (spec §5). */
export function FieldControl({ field, value, disabled, onChange, onBlur }: FieldControlProps) {
  // The form row shows the label; Shoelace's own copy is the one the inner control is named by
  // (an aria-label on the host never reaches it), kept for screen readers only (styles.ts `.sr-label`).
  const common = { name: field.id, label: field.label, disabled, className: 'sr-label' };
  const options = (field.options ?? []).map((o) => ({ value: o.value, label: o.display_name }));
  switch (field.widget) {
    case 'switch':
      return (
        <SlSwitch
          name={field.id}
          disabled={disabled}
          checked={Boolean(value)}
          onSlChange={(e) => onChange((e.target as unknown as Target).checked, true)}
        >
          <span className="sr-only">{field.label}</span>
        </SlSwitch>
      );
    case 'radio':
      return (
        <SlRadioGroup
          {...common}
          className={options.length <= RADIO_MAX_CHOICES ? 'sr-label inline' : 'sr-label'}
          value={asString(value)}
          onSlChange={(e) => onChange(field.options?.find((o) => String(o.value) === text(e))?.value ?? text(e), true)}
        >
          {options.map((o) => (
            <SlRadio key={String(o.value)} value={String(o.value)}>
              {o.label}
            </SlRadio>
          ))}
        </SlRadioGroup>
      );
    case 'select':
      return (
        <Combo
          options={options}
          value={value}
          multiple={field.multiple}
          disabled={disabled}
          label={field.label}
          onChange={(v) => onChange(v, true)}
        />
      );
    case 'remote-select':
      if (field.remote) {
        return (
          <RemoteSelect
            remote={field.remote}
            value={value}
            multiple={field.multiple}
            disabled={disabled}
            label={field.label}
            onChange={(v) => onChange(v, true)}
          />
        );
      }
      break;
    case 'bits':
      return (
        <BitsCheckboxes
          name={field.id}
          label={field.label}
          options={field.options ?? []}
          bits={field.bits ?? {}}
          value={value}
          disabled={disabled}
          onChange={(v) => onChange(v, true)}
        />
      );
    case 'tags':
      return <TagsInput value={value} label={field.label} disabled={disabled} onChange={(v) => onChange(v, true)} />;
    case 'textarea':
      return (
        <SlTextarea
          {...common}
          rows={field.rows ?? 3}
          value={asString(value)}
          maxlength={field.maxLength}
          onSlInput={(e) => onChange(text(e), false)}
          onSlChange={(e) => onChange(text(e), true)}
          onSlBlur={onBlur}
        />
      );
    case 'datetime':
      return (
        <DateTimeInput
          name={field.id}
          label={field.label}
          value={value}
          disabled={disabled}
          onChange={onChange}
          onBlur={onBlur}
        />
      );
    case 'number':
      return (
        <SlInput
          {...common}
          type="number"
          min={field.min}
          max={field.max}
          value={asString(value)}
          onSlInput={(e) => onChange(text(e) === '' ? null : Number(text(e)), false)}
          onSlChange={(e) => onChange(text(e) === '' ? null : Number(text(e)), true)}
          onSlBlur={onBlur}
        />
      );
  }
  const type = field.widget === 'email' ? 'email' : field.widget === 'password' ? 'password' : 'text';
  return (
    <SlInput
      {...common}
      type={type}
      value={asString(value)}
      maxlength={field.maxLength}
      passwordToggle={type === 'password'}
      autocomplete={type === 'password' ? 'new-password' : 'off'}
      onSlInput={(e) => onChange(text(e), false)}
      onSlChange={(e) => onChange(text(e), true)}
      onSlBlur={onBlur}
    />
  );
}

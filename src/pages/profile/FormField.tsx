import { SlInput } from '../../core/ui/shoelace-inputs.ts';

interface FormFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'password';
  disabled?: boolean;
}

/** A labelled input with the error a check or the server gave for it underneath. */
export function FormField(props: FormFieldProps) {
  return (
    <div className="form-field" data-field={props.name}>
      <SlInput
        name={props.name}
        type={props.type ?? 'text'}
        label={props.label}
        value={props.value}
        disabled={props.disabled}
        passwordToggle={props.type === 'password'}
        onSlInput={(event) => props.onChange((event.target as HTMLInputElement).value)}
      />
      {props.error && <div className="field-error">{props.error}</div>}
    </div>
  );
}

import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { HttpError } from '../../core/http.ts';
import { useT } from '../../core/i18n/index.ts';
import { fieldErrors } from '../../core/resource/errors.ts';
import { toast } from '../../core/stores/notify.ts';
import { $publicSettings } from '../../core/stores/settings.ts';
import { SlButton } from '../../core/ui/shoelace.ts';
import { FormField } from './FormField.tsx';
import { passwordRules } from './password-rules.ts';
import { changePassword } from './profile-api.ts';

const EMPTY = { old_password: '', new_password: '', new_password_again: '' };
type Values = typeof EMPTY;

export function ChangePasswordForm() {
  const t = useT();
  const rules = passwordRules(useStore($publicSettings));
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof Values) => (value: string) => setValues({ ...values, [name]: value });

  const validate = (): Record<string, string> => {
    const found: Record<string, string> = {};
    for (const name of Object.keys(EMPTY) as (keyof Values)[]) {
      if (!values[name]) found[name] = t('message.required');
    }
    const broken = rules.filter((rule) => !rule.test(values.new_password));
    if (values.new_password && broken.length) found.new_password = broken.map((r) => t(r.key, r.params)).join('; ');
    if (values.new_password_again && values.new_password !== values.new_password_again) {
      found.new_password_again = t('profile.password.mismatch');
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await changePassword(values);
      setValues(EMPTY);
      toast.success(t('profile.password.success'));
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) setErrors(fieldErrors(error.data));
    }
  };

  return (
    <form className="form change-password" onSubmit={submit} noValidate>
      <FormField
        name="old_password"
        type="password"
        label={t('profile.password.old')}
        value={values.old_password}
        onChange={set('old_password')}
        error={errors.old_password}
      />
      <FormField
        name="new_password"
        type="password"
        label={t('profile.password.new')}
        value={values.new_password}
        onChange={set('new_password')}
        error={errors.new_password}
      />
      <ul className="hint-list password-rules">
        {rules.map((rule) => (
          <li key={rule.key} className={rule.test(values.new_password) ? 'ok' : ''}>
            {t(rule.key, rule.params)}
          </li>
        ))}
      </ul>
      <FormField
        name="new_password_again"
        type="password"
        label={t('profile.password.again')}
        value={values.new_password_again}
        onChange={set('new_password_again')}
        error={errors.new_password_again}
      />
      <div className="actions">
        <SlButton type="submit" variant="primary">
          {t('profile.save')}
        </SlButton>
      </div>
    </form>
  );
}

import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { HttpError } from '../../core/http.ts';
import { useT } from '../../core/i18n/index.ts';
import { fieldErrors } from '../../core/resource/errors.ts';
import { $profile } from '../../core/stores/session.ts';
import { SlButton, SlTextarea } from '../../core/ui/shoelace.ts';
import '../profile/i18n.ts';
import { FormField } from '../profile/FormField.tsx';
import { MfaLevelField } from '../profile/MfaLevelField.tsx';
import { patchProfile } from '../profile/profile-api.ts';
import './i18n.ts';

export const GUIDE_PATH = '/users/first-login/guide/';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** First login: confirm the profile, then `is_first_login` is cleared and the guide follows. */
export function PersonalInfoPage() {
  const t = useT();
  const profile = useStore($profile);
  const [, navigate] = useLocation();
  const [values, setValues] = useState(() => ({
    phone: text(profile?.phone),
    wechat: text(profile?.wechat),
    mfa_level: String(profile?.mfa_level ?? 0),
    public_key: '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof typeof values) => (value: string) => setValues({ ...values, [name]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { public_key: publicKey, mfa_level: mfaLevel, ...rest } = values;
    const changes = { ...rest, mfa_level: Number(mfaLevel), is_first_login: false };
    try {
      await patchProfile(publicKey.trim() ? { ...changes, public_key: publicKey.trim() } : changes);
      navigate(GUIDE_PATH);
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) setErrors(fieldErrors(error.data));
    }
  };

  return (
    <div className="panel first-login">
      <h2>{t('firstLogin.info.title')}</h2>
      <p>{t('firstLogin.info.intro')}</p>
      <form className="form" onSubmit={submit}>
        <FormField
          name="name"
          label={t('profile.field.name')}
          value={text(profile?.name)}
          onChange={() => undefined}
          disabled
        />
        <FormField
          name="phone"
          label={t('profile.field.phone')}
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
        />
        <FormField
          name="wechat"
          label={t('profile.field.wechat')}
          value={values.wechat}
          onChange={set('wechat')}
          error={errors.wechat}
        />
        <MfaLevelField value={values.mfa_level} onChange={set('mfa_level')} />
        <div className="form-field" data-field="public_key">
          <SlTextarea
            name="public_key"
            label={t('profile.publicKey.label')}
            helpText={t('profile.publicKey.help')}
            rows={3}
            value={values.public_key}
            onSlInput={(event) => set('public_key')((event.target as HTMLTextAreaElement).value)}
          />
          {errors.public_key && <div className="field-error">{errors.public_key}</div>}
        </div>
        <div className="actions">
          <SlButton type="submit" variant="primary">
            {t('firstLogin.info.next')}
          </SlButton>
        </div>
      </form>
    </div>
  );
}

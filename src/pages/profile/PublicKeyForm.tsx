import { useEffect, useState, type FormEvent } from 'react';
import { HttpError } from '../../core/http.ts';
import { useT } from '../../core/i18n/index.ts';
import { fieldErrors } from '../../core/resource/errors.ts';
import { toast } from '../../core/stores/notify.ts';
import { SlButton, SlTextarea } from '../../core/ui/shoelace.ts';
import { getPublicKey, putPublicKey, type PublicKeyInfo } from './profile-api.ts';

export function PublicKeyForm() {
  const t = useT();
  const [info, setInfo] = useState<PublicKeyInfo>({});
  const [value, setValue] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    getPublicKey().then(setInfo, () => undefined);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setError(t('message.required'));
    setError('');
    try {
      setInfo(await putPublicKey(value.trim()));
      setValue('');
      toast.success(t('profile.publicKey.success'));
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 400) setError(fieldErrors(failure.data).public_key ?? '');
    }
  };

  return (
    <form className="form public-key-form" onSubmit={submit}>
      <table className="info-table">
        <tbody>
          <tr data-field="public_key_hash_md5">
            <th>{t('profile.field.publicKeyFingerprint')}</th>
            <td>{info.public_key_hash_md5 ?? ''}</td>
          </tr>
          <tr data-field="public_key_comment">
            <th>{t('profile.field.publicKeyComment')}</th>
            <td>{info.public_key_comment ?? ''}</td>
          </tr>
        </tbody>
      </table>
      <div className="form-field" data-field="public_key">
        <SlTextarea
          name="public_key"
          label={t('profile.publicKey.label')}
          helpText={t('profile.publicKey.help')}
          rows={4}
          value={value}
          onSlInput={(event) => setValue((event.target as HTMLTextAreaElement).value)}
        />
        {error && <div className="field-error">{error}</div>}
      </div>
      <div className="actions">
        <SlButton type="submit" variant="primary">
          {t('profile.save')}
        </SlButton>
      </div>
    </form>
  );
}

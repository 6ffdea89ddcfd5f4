import { useState, type FormEvent } from 'react';
import { useT } from '../../core/i18n/index.ts';
import { reloadPage } from '../../core/navigation.ts';
import { SlInput } from '../../core/ui/shoelace-inputs.ts';
import { SlButton } from '../../core/ui/shoelace.ts';
import './otp-step.i18n.ts';
import { submitOtpCode } from './otp-login.ts';
import { SignInError, type SignInProblem } from './SignInError.tsx';

const valueOf = (event: Event | { target: EventTarget | null }) => (event.target as HTMLInputElement).value;

/** The MFA step after a correct password: the code of the user's authenticator app, then the console. */
export function OtpStep({ next, onRestart }: { next: string; onRestart: () => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<SignInProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const outcome = await submitOtpCode(code);
      if (outcome.ok) return reloadPage(next);
      if (outcome.expired) return onRestart();
      setError({ message: t('auth.otp.invalid'), detail: outcome.serverMessage });
    } catch {
      setError({ message: t('auth.otp.failed'), detail: '' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login otp-step panel">
      <h2>{t('auth.otp.title')}</h2>
      <form className="form" onSubmit={submit}>
        <div data-field="otp_code">
          <SlInput
            name="otp_code"
            label={t('auth.otp.code')}
            helpText={t('auth.otp.help')}
            value={code}
            required
            autocomplete="one-time-code"
            inputmode="numeric"
            maxlength={6}
            onSlInput={(event) => setCode(valueOf(event))}
          />
        </div>
        <SignInError error={error} />
        <div className="actions">
          <SlButton type="submit" variant="primary" loading={busy}>
            {t('auth.otp.submit')}
          </SlButton>
          <SlButton variant="text" onClick={onRestart}>
            {t('auth.otp.back')}
          </SlButton>
        </div>
      </form>
    </div>
  );
}

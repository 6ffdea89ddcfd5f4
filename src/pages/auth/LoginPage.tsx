import { useEffect, useState, type FormEvent } from 'react';
import { PROFILE_URL } from '../../core/config.ts';
import { COOKIE, getCookie } from '../../core/cookies.ts';
import { http } from '../../core/http.ts';
import { useT } from '../../core/i18n/index.ts';
import { hardNavigate, reloadPage } from '../../core/navigation.ts';
import { useQuery } from '../../core/ui/hash-location.ts';
import { SlInput } from '../../core/ui/shoelace-inputs.ts';
import { SlButton } from '../../core/ui/shoelace.ts';
import './i18n.ts';
import { loadLoginForm, safeNext, submitLogin, type LoginForm } from './login.ts';
import { preloadEncryption } from './rsa-password.ts';
import { OtpStep } from './OtpStep.tsx';
import { SignInError, type SignInProblem } from './SignInError.tsx';

const valueOf = (event: Event | { target: EventTarget | null }) => (event.target as HTMLInputElement).value;

// The server names a captcha refusal only in its message (2.3's 'Captcha invalid', ours too).
const CAPTCHA_REFUSAL = /captcha|验证码/i;

export function LoginPage() {
  const t = useT();
  const next = safeNext(useQuery().next);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  // The server's form as last shown: whether it asks for a captcha, and which one.
  const [form, setForm] = useState<LoginForm | null>(null);
  const [error, setError] = useState<SignInProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [otpStep, setOtpStep] = useState(false);

  const showForm = (shown: LoginForm) => {
    setForm(shown);
    setCaptcha('');
  };
  const refreshCaptcha = () => loadLoginForm().then(showForm, () => undefined);
  // An address that failed lately is asked for a captcha from the start.
  useEffect(() => {
    void refreshCaptcha();
    preloadEncryption();
  }, []);
  // Signed in already (a bookmark, Back after signing in): the console, not a second sign-in form.
  useEffect(() => {
    if (!getCookie(COOKIE.csrftoken)) return undefined;
    let live = true;
    http.get(PROFILE_URL, { quiet: true }).then(
      () => {
        if (live) reloadPage(next);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [next]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const outcome = await submitLogin({ username, password, next, captcha }, form ?? undefined);
      // A fresh start runs the guard with the new session.
      if (outcome.ok) return reloadPage(next);
      // MFA: the code step here; a forced binding on the server's own page.
      if (outcome.step === 'otp') return setOtpStep(true);
      if (outcome.step === 'bind') return hardNavigate(outcome.url);
      showForm(outcome.form);
      const message = CAPTCHA_REFUSAL.test(outcome.serverMessage)
        ? t('auth.login.captchaInvalid')
        : t('auth.login.invalid');
      setError({ message, detail: outcome.serverMessage });
    } catch {
      setError({ message: t('auth.login.failed'), detail: '' });
    } finally {
      setBusy(false);
    }
  };

  if (otpStep)
    return (
      <div className="login-page">
        <OtpStep next={next} onRestart={() => setOtpStep(false)} />
      </div>
    );

  return (
    <div className="login-page">
      <div className="login panel">
        <h2>{t('auth.login.title')}</h2>
        {/* data-ready: the server's form has been read (whether it asks for a captcha is known). */}
        <form className="form" onSubmit={submit} data-ready={form ? '' : undefined}>
          <div data-field="username">
            <SlInput
              name="username"
              label={t('auth.login.username')}
              value={username}
              required
              autocomplete="username"
              onSlInput={(event) => setUsername(valueOf(event))}
            />
          </div>
          <div data-field="password">
            <SlInput
              name="password"
              type="password"
              label={t('auth.login.password')}
              value={password}
              required
              autocomplete="current-password"
              onSlInput={(event) => setPassword(valueOf(event))}
            />
          </div>
          {form?.captcha && (
            <div data-field="captcha" className="login-captcha">
              <SlInput
                name="captcha"
                label={t('auth.login.captcha')}
                value={captcha}
                required
                autocomplete="off"
                onSlInput={(event) => setCaptcha(valueOf(event))}
              />
              <div className="captcha-picture">
                <img src={form.captcha.image} alt={t('auth.login.captcha')} width={120} height={40} />
                <SlButton size="small" variant="text" className="captcha-refresh" onClick={refreshCaptcha}>
                  {t('auth.login.captchaRefresh')}
                </SlButton>
              </div>
            </div>
          )}
          <SignInError error={error} />
          <div className="actions">
            <SlButton type="submit" variant="primary" loading={busy}>
              {t('auth.login.submit')}
            </SlButton>
          </div>
        </form>
      </div>
    </div>
  );
}

import { useState, type FormEvent } from 'react'
import { useT } from '../../core/i18n/index.ts'
import { hardNavigate, reloadPage } from '../../core/navigation.ts'
import { useQuery } from '../../core/ui/hash-location.ts'
import { SlInput } from '../../core/ui/shoelace-inputs.ts'
import { SlButton } from '../../core/ui/shoelace.ts'
import './i18n.ts'
import { safeNext, submitLogin } from './login.ts'
import { OtpStep } from './OtpStep.tsx'

const valueOf = (event: Event | { target: EventTarget | null }) => (event.target as HTMLInputElement).value

export function LoginPage() {
  const t = useT()
  const next = safeNext(useQuery().next)
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<{ message: string; detail: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [otpStep, setOtpStep] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const outcome = await submitLogin(username, password, next)
      // A fresh start runs the guard with the new session.
      if (outcome.ok) return reloadPage(next)
      // MFA: the code step here; a forced binding on the server's own page.
      if (outcome.step === 'otp') return setOtpStep(true)
      if (outcome.step === 'bind') return hardNavigate(outcome.url)
      setError({ message: t('auth.login.invalid'), detail: outcome.serverMessage })
    } catch {
      setError({ message: t('auth.login.failed'), detail: '' })
    } finally {
      setBusy(false)
    }
  }

  if (otpStep) return <OtpStep next={next} onRestart={() => setOtpStep(false)} />

  return (
    <div className="login panel">
      <h2>{t('auth.login.title')}</h2>
      <form className="form" onSubmit={submit}>
        <div data-field="username">
          <SlInput
            name="username" label={t('auth.login.username')} value={username} required autocomplete="username"
            onSlInput={(event) => setUsername(valueOf(event))}
          />
        </div>
        <div data-field="password">
          <SlInput
            name="password" type="password" label={t('auth.login.password')} value={password} required
            autocomplete="current-password" onSlInput={(event) => setPassword(valueOf(event))}
          />
        </div>
        {error && (
          <div className="form-error" role="alert">
            <div className="login-error">{error.message}</div>
            {error.detail && <div className="login-detail">{error.detail}</div>}
          </div>
        )}
        <div className="actions">
          <SlButton type="submit" variant="primary" loading={busy}>
            {t('auth.login.submit')}
          </SlButton>
        </div>
      </form>
    </div>
  )
}

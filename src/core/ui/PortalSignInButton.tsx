import { useState } from 'react'
import { useT } from '../i18n/index.ts'
import { popupSignIn, PortalSignInError } from '../portal-sign-in.ts'

/**
 * The sign-in of an element on a portal with a `client-id`: a button opening the popup sign-in (a
 * link to the login form would leave the portal, and its session cookie would not reach the portal's
 * elements anyway). Says why when the popup is blocked, closed or refused; the prompt stays.
 */
export function PortalSignInButton({ label }: { label: string }) {
  const t = useT()
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const signIn = () => {
    setProblem(null)
    setBusy(true)
    popupSignIn().catch((error: unknown) => {
      const reason = error instanceof PortalSignInError ? error.reason : 'failed'
      setProblem(reason === 'blocked' || reason === 'closed' ? t(`element.popup.${reason}`) : t('element.popup.failed', { message: error instanceof Error ? error.message : String(error) }))
    }).finally(() => setBusy(false))
  }
  return (
    <>
      <button type="button" className="sign-in-link sign-in-button" onClick={signIn} disabled={busy}>{label}</button>
      {problem && <p className="sign-in-problem" role="status">{problem}</p>}
    </>
  )
}

import { useEffect, useState } from 'react';
import { useT } from '../i18n/index.ts';

type SignIn = typeof import('../portal-sign-in.ts');

// The popup's code (PKCE, the code exchange) loads with the first button drawn, which only a portal
// with a `client-id` draws: the console's first load never needs it. Loaded by then, a click opens
// the window within the click itself, as popup blockers require.
let loaded: SignIn | undefined;
const loadSignIn = (): Promise<SignIn> => import('../portal-sign-in.ts').then((module) => (loaded = module));

/**
 * The sign-in of an element on a portal with a `client-id`: a button opening the popup sign-in (a
 * link to the login form would leave the portal, and its session cookie would not reach the portal's
 * elements anyway). Says why when the popup is blocked, closed or refused; the prompt stays.
 */
export function PortalSignInButton({ label }: { label: string }) {
  const t = useT();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadSignIn().catch(() => undefined);
  }, []);
  const signIn = () => {
    setProblem(null);
    setBusy(true);
    const run = (module: SignIn) =>
      module.popupSignIn().catch((error: unknown) => {
        const reason = error instanceof module.PortalSignInError ? error.reason : 'failed';
        setProblem(
          reason === 'blocked' || reason === 'closed'
            ? t(`element.popup.${reason}`)
            : t('element.popup.failed', { message: error instanceof Error ? error.message : String(error) }),
        );
      });
    void (loaded ? run(loaded) : loadSignIn().then(run))
      .catch((error: unknown) => {
        setProblem(t('element.popup.failed', { message: error instanceof Error ? error.message : String(error) }));
      })
      .finally(() => setBusy(false));
  };
  return (
    <>
      <button type="button" className="sign-in-link sign-in-button" onClick={signIn} disabled={busy}>
        {label}
      </button>
      {problem && (
        <p className="sign-in-problem" role="status">
          {problem}
        </p>
      )}
    </>
  );
}

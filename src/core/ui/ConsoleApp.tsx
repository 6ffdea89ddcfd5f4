import { useEffect, useState } from 'react'
import { Router } from 'wouter'
import { runGuard } from '../guard.ts'
import { normalizePath, sendPageCallsEarly } from '../routes.ts'
import { watchDevice } from '../stores/app.ts'
import { ConfirmHost } from './ConfirmHost.tsx'
import { hashPath, hashSearch, navigateHash, useConsoleLocation, useConsoleSearch } from './hash-location.ts'
import { RouteView } from './RouteView.tsx'
import { SlSpinner } from './shoelace.ts'
import { Toasts } from './Toasts.tsx'

/** Console paths usable without a session: the guard would send the visitor away from them. */
export const PUBLIC_PATHS = ['/login']

export interface ConsoleAppProps {
  /** True when the console is the whole page (/ui/): it then sets the title and favicon. */
  ownsPage?: boolean
}

type GuardState = 'pending' | 'done' | 'redirect'

export function ConsoleApp({ ownsPage = false }: ConsoleAppProps) {
  const [state, setState] = useState<GuardState>('pending')

  useEffect(() => watchDevice(), [])

  useEffect(() => {
    const path = hashPath()
    if (PUBLIC_PATHS.includes(normalizePath(path))) {
      setState('done')
      return
    }
    let alive = true
    void runGuard({ path, ownsPage }).then((result) => {
      if (!alive) return
      if (result.status === 'redirect') return setState('redirect')
      if (result.status === 'first-login' && result.path) navigateHash(result.path, { replace: true })
      // The server works on the page's first calls while the shell renders.
      else sendPageCallsEarly(path, hashSearch())
      setState('done')
    })
    return () => {
      alive = false
    }
  }, [ownsPage])

  return (
    <>
      {state === 'done' ? (
        <Router hook={useConsoleLocation} searchHook={useConsoleSearch} hrefs={useConsoleLocation.hrefs}>
          <RouteView ownsPage={ownsPage} />
        </Router>
      ) : (
        // While checking the session, and while the browser leaves for the login page.
        <div className="console-loading">
          <SlSpinner />
        </div>
      )}
      <Toasts />
      <ConfirmHost />
    </>
  )
}

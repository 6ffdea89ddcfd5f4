import { useEffect, useMemo, useRef, useState } from 'react'
import { UserManager } from 'oidc-client-ts'
import 'bastion-console/bastion-asset-list'
import 'bastion-console/bastion-session-replay'
import type { BastionAsset, BastionAssetListElement } from 'bastion-console'
import type {} from 'bastion-console/jsx'

export interface PortalConfig {
  /** The bastion's origin. */
  bastion: string
  /** This portal's OAuth client at the bastion. */
  clientId: string
  /** A recorded session to replay. */
  session?: string
}

/** The portal: sign in with the bastion (popup) or take a token from the portal's back end; then the user's servers and a replay. */
export function App({ config }: { config: PortalConfig }) {
  const [token, setToken] = useState<string>()
  const [who, setWho] = useState('Not signed in')
  const [events, setEvents] = useState<string[]>([])
  const list = useRef<BastionAssetListElement>(null)
  const manager = useMemo(() => new UserManager({
    authority: `${config.bastion}/oidc`, client_id: config.clientId,
    redirect_uri: `${window.location.origin}/oidc-callback.html`, scope: 'openid profile',
  }), [config])
  const note = (line: string) => setEvents((shown) => [line, ...shown])

  // ?via=backend: the portal's server asks the bastion for a token for its user (portal-tokens).
  const viaBackend = new URLSearchParams(window.location.search).get('via') === 'backend'
  const fromBackend = () => fetch('/portal-token', { cache: 'no-store' })
    .then((response) => response.json() as Promise<{ access_token: string; username: string }>)
    .then((answer) => { setToken(answer.access_token); setWho(`Signed in as ${answer.username}`) })
  useEffect(() => { if (viaBackend) void fromBackend() }, [viaBackend])

  const signIn = async () => {
    const user = await manager.signinPopup()
    setToken(user.access_token)
    setWho(`Signed in as ${user.profile.preferred_username ?? '?'}`)
  }

  return (
    <main>
      <header>
        <h1>Team portal</h1>
        <p id="who">{who}</p>
        {!viaBackend && <button id="sign-in" type="button" onClick={() => void signIn()}>Sign in with the bastion</button>}
      </header>
      <section>
        <h2>My servers</h2>
        <bastion-asset-list
          ref={list}
          apiBase={config.bastion}
          pageSize={10}
          token={token}
          onbastion-asset-open={(event) => note(`open ${(event.detail as BastionAsset).hostname}`)}
          onbastion-token-expired={() => (viaBackend ? void fromBackend() : setWho('Sign in again'))}
          onbastion-error={(event) => note(`error ${event.detail.status} ${event.detail.message}`)}
        />
      </section>
      <section>
        <h2>Last session</h2>
        <div className="replay-box">
          <bastion-session-replay apiBase={config.bastion} session={config.session} token={token} autoplay fit="both"
            onbastion-replay-ready={(event) => note(`replay ready ${event.detail.session}`)} />
        </div>
      </section>
      <footer>
        <ol id="events">{events.map((line, i) => <li key={i}>{line}</li>)}</ol>
      </footer>
    </main>
  )
}

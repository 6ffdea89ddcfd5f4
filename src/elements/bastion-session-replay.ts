import { createElement, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react'
import { setApiBase } from '../core/http.ts'
import { languageReady, registerMessages, useT } from '../core/i18n/index.ts'
import { requestOrgId } from '../core/stores/org.ts'
import { signInPrompt } from '../core/ui/sign-in-prompt.ts'
import { useEmbeddedSession, type EmbeddedSession } from '../pages/assets/browser/embedded-session.ts'
import type { ReplayPlayerProps } from '../pages/terminal/replay/ReplayPlayer.tsx'
import { ReplaySource } from '../pages/terminal/replay/replay-source.ts'
import { defineElement, emit } from './define.ts'

export interface BastionSessionReplayProps {
  /** The session id. */
  session?: string
  /** Where the API lives when not on this origin (default: same origin). */
  apiBase?: string
  /** Seconds from the start, or a command id of the session. */
  start?: string
  /** Playback speed, 0.5 to 8. */
  speed?: number
}

type Player = ComponentType<ReplayPlayerProps>

// The player (and the terminal it draws with) loads on first use: this file stays small. First use is
// the element's first render, while it still checks the sign-in, not after that answer. Not through
// React.lazy: React 19 holds a suspended boundary's content back for up to 300 ms once its fallback
// showed, a third of the first frame's budget.
let loadedPlayer: Player | undefined
let playerLoad: Promise<Player> | undefined
function loadPlayer(): Promise<Player> {
  playerLoad ??= import('../pages/terminal/replay/ReplayPlayer.tsx').then(async (module) => {
    await languageReady() // the player's own English texts, when the page is in English
    loadedPlayer = module.ReplayPlayer
    return loadedPlayer
  })
  return playerLoad
}

function usePlayer(): Player | undefined {
  const [player, setPlayer] = useState(() => loadedPlayer)
  useEffect(() => {
    if (player) return
    // A chunk that cannot load is thrown from the next render, to the element's error boundary.
    loadPlayer().then((loaded) => setPlayer(() => loaded), (error: unknown) => setPlayer(() => { throw error }))
  }, [player])
  return player
}

interface Asked { id: number; source: ReplaySource; status: 'asking' | 'ok' | 'failed' | 'refused' }
let asks = 0

/**
 * The session's data (replay-source.ts), asked as soon as the session is known, beside the sign-in
 * check: a 401 there means signed out as well. Asked in the saved org; when the check then picks
 * another org and the ask had failed, it is asked again there.
 */
function useReplaySource(session: string | undefined, signedIn: EmbeddedSession): Asked | null {
  const [asked, setAsked] = useState<Asked | null>(null)
  const [round, setRound] = useState(0)
  // In the commit itself, not after the browser's next paint (a passive effect may wait for it).
  useLayoutEffect(() => {
    if (!session) return undefined
    const source = new ReplaySource(session)
    const id = (asks += 1)
    const settle = (status: Asked['status']) => setAsked((now) => (now?.source === source ? { ...now, status } : now))
    setAsked({ id, source, status: 'asking' })
    source.replay.then(() => settle('ok'), (error: unknown) => settle(ReplaySource.unauthorized(error) ? 'refused' : 'failed'))
    return () => source.abort()
  }, [session, round])
  const otherOrg = signedIn === 'ready' && asked?.status === 'failed' && asked.source.orgId !== requestOrgId()
  useEffect(() => { if (otherOrg) setRound((n) => n + 1) }, [otherOrg])
  return otherOrg ? null : asked
}

// The sign-in texts are needed before the player's chunk (which holds its other texts) loads.
registerMessages({
  zh: { replayElement: { signIn: { prompt: '登录后查看会话录像。', link: '登录' } } },
  en: { replayElement: { signIn: { prompt: 'Sign in to watch the session replay.', link: 'Sign in' } } },
})

function BastionSessionReplay({ session, apiBase, start, speed }: BastionSessionReplayProps) {
  if (apiBase !== undefined) setApiBase(apiBase)
  const t = useT()
  const root = useRef<HTMLDivElement>(null)
  const signedIn = useEmbeddedSession(undefined)
  const Player = usePlayer()
  const asked = useReplaySource(session, signedIn)
  const send = (type: string, detail: unknown) => root.current && emit(root.current, type, detail)

  if (signedIn === 'anonymous' || asked?.status === 'refused') {
    return signInPrompt({ prompt: t('replayElement.signIn.prompt'), link: t('replayElement.signIn.link') }, { ref: root })
  }
  // The player starts once the recording answered, or once the sign-in check did (to report a failure).
  const show = Player && session && asked && (asked.status === 'ok' || signedIn === 'ready')
  return createElement('div', { ref: root, className: 'bastion-session-replay' }, show && createElement(Player, {
    key: asked.id, sessionId: session, start, speed, source: asked.source,
    onReady: (detail) => send('replay-ready', detail),
    onEnded: () => send('replay-ended', { session }),
    onError: (message) => send('replay-error', { session, message }),
  }))
}

defineElement('bastion-session-replay', BastionSessionReplay, {
  props: { session: 'string', apiBase: 'string', start: 'string', speed: 'number' },
})

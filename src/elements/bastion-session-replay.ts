import { createElement, useEffect, useRef } from 'react'
import { setApiBase } from '../core/http.ts'
import { registerMessages, useT } from '../core/i18n/index.ts'
import { lazyComponent } from '../core/ui/lazy-component.ts'
import { signInPrompt } from '../core/ui/sign-in-prompt.ts'
import { useEmbeddedSession } from '../pages/assets/browser/embedded-session.ts'
import type { ReplayPlayerProps } from '../pages/terminal/replay/ReplayPlayer.tsx'
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

// The player (and the terminal it draws with) loads on first use: this file stays small. First use is
// the element's first render, while it still checks the sign-in, not after that answer.
const loadPlayer = () => import('../pages/terminal/replay/ReplayPlayer.tsx')
const ReplayPlayer = lazyComponent<ReplayPlayerProps>(() => loadPlayer().then((m) => m.ReplayPlayer), 'ReplayPlayer')

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
  useEffect(() => { void loadPlayer() }, [])
  const send = (type: string, detail: unknown) => root.current && emit(root.current, type, detail)

  if (signedIn === 'anonymous') {
    return signInPrompt({ prompt: t('replayElement.signIn.prompt'), link: t('replayElement.signIn.link') }, { ref: root })
  }
  return createElement('div', { ref: root, className: 'bastion-session-replay' }, signedIn === 'ready' && session && createElement(ReplayPlayer, {
    key: session, sessionId: session, start, speed,
    onReady: (detail) => send('replay-ready', detail),
    onEnded: () => send('replay-ended', { session }),
    onError: (message) => send('replay-error', { session, message }),
  }))
}

defineElement('bastion-session-replay', BastionSessionReplay, {
  props: { session: 'string', apiBase: 'string', start: 'string', speed: 'number' },
})

import { useStore } from '@nanostores/react'
import { createElement, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react'
import type {
  BastionAuthRequiredDetail, BastionErrorDetail, BastionTokenExpiredDetail, BastionReplayEndedDetail, BastionReplayErrorDetail, BastionReplayReadyDetail, BastionTheme,
} from '../core/element-types.ts'
import { $signInRequired } from '../core/embedding.ts'
import { setApiBase } from '../core/http.ts'
import { $portalToken, usePortalAuth } from '../core/portal-auth.ts'
import { languageReady, registerMessages, useT } from '../core/i18n/index.ts'
import { requestOrgId } from '../core/stores/org.ts'
import { failureText, reportFailure } from '../core/ui/element-failure.ts'
import { emit } from '../core/ui/host-events.ts'
import { callHostApi } from '../core/ui/host-api.ts'
import { embeddedLoginHref, failureNotice, signInPrompt } from '../core/ui/sign-in-prompt.ts'
import { useEmbeddedSession, type EmbeddedSession } from '../pages/assets/browser/embedded-session.ts'
import type { ReplayPlayerProps } from '../pages/terminal/replay/ReplayPlayer.tsx'
import { ReplaySource } from '../pages/terminal/replay/replay-source.ts'
import { defineElement, elementClass, type CommonProps } from './define.ts'

export interface BastionSessionReplayProps extends CommonProps {
  session?: string
  apiBase?: string
  start?: string
  speed?: number
  token?: string
  clientId?: string
  redirectUri?: string
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
  // A portal's new token (after one was refused) asks again.
  const token = useStore($portalToken)
  // In the commit itself, not after the browser's next paint (a passive effect may wait for it).
  useLayoutEffect(() => {
    if (!session) return undefined
    const source = new ReplaySource(session)
    const id = (asks += 1)
    const settle = (status: Asked['status']) => setAsked((now) => (now?.source === source ? { ...now, status } : now))
    setAsked({ id, source, status: 'asking' })
    source.replay.then(() => settle('ok'), (error: unknown) => settle(ReplaySource.unauthorized(error) ? 'refused' : 'failed'))
    return () => source.abort()
  }, [session, round, token])
  const otherOrg = signedIn === 'ready' && asked?.status === 'failed' && asked.source.orgId !== requestOrgId()
  useEffect(() => { if (otherOrg) setRound((n) => n + 1) }, [otherOrg])
  return otherOrg ? null : asked
}

// The sign-in texts are needed before the player's chunk (which holds its other texts) loads.
registerMessages({
  zh: { replayElement: { signIn: { prompt: '登录后查看会话录像。', link: '登录' } } },
  en: { replayElement: { signIn: { prompt: 'Sign in to watch the session replay.', link: 'Sign in' } } },
})

function BastionSessionReplay({ session, apiBase, start, speed, token, clientId, redirectUri }: BastionSessionReplayProps) {
  if (apiBase !== undefined) setApiBase(apiBase)
  const t = useT()
  const root = useRef<HTMLDivElement>(null)
  // Before the session check below: its first call already carries the token.
  usePortalAuth({ token, clientId, redirectUri }, () => emit<BastionTokenExpiredDetail>(root.current, 'bastion-token-expired', { reason: 'expired' }))
  const signedIn = useEmbeddedSession(undefined)
  const reason = useStore($signInRequired)
  const Player = usePlayer()
  const asked = useReplaySource(session, signedIn)
  const [refused, setRefused] = useState<BastionErrorDetail | null>(null)
  // One replay-error per session, however often the recording is asked for (the saved org, then the chosen one).
  const reported = useRef<string | null>(null)
  useEffect(() => {
    setRefused(null)
    reported.current = null
  }, [session])
  const send = (type: string, detail: unknown) => emit(root.current, type, detail)
  const anonymous = signedIn === 'anonymous' || asked?.status === 'refused'
  useEffect(() => {
    if (anonymous) emit<BastionAuthRequiredDetail>(root.current, 'bastion-auth-required', { reason: reason ?? 'no-session', loginUrl: embeddedLoginHref() })
  }, [anonymous, reason])
  const onError = (message: string, error: unknown) => {
    if (!session || reported.current === session) return
    reported.current = session
    const status = ReplaySource.status(error)
    send('bastion-replay-error', { session, message, ...(status ? { status } : {}) } satisfies BastionReplayErrorDetail)
    const detail = reportFailure(root.current, error)
    if (detail?.status === 403) setRefused(detail)
  }

  if (anonymous) {
    return signInPrompt({ prompt: t('replayElement.signIn.prompt'), link: t('replayElement.signIn.link') }, { ref: root })
  }
  if (refused) return failureNotice(failureText(t, refused), { ref: root })
  // The player starts once the recording answered, or once the sign-in check did (to report a failure).
  const show = Player && session && asked && (asked.status === 'ok' || signedIn === 'ready')
  return createElement('div', { ref: root, className: 'bastion-session-replay' }, show && createElement(Player, {
    key: asked.id, sessionId: session, start, speed, source: asked.source,
    onReady: (detail) => send('bastion-replay-ready', detail satisfies BastionReplayReadyDetail),
    onEnded: () => send('bastion-replay-ended', { session } satisfies BastionReplayEndedDetail),
    onError,
  }))
}

/**
 * The player of a recorded terminal session: the screen with play/pause, speed, a scrubber and the
 * time, and the session's commands beside it (a click jumps to one). Keys: space plays or pauses, ←/→
 * move 5 s, ↑/↓ change the speed; Tab goes through the controls and the commands. It shares the
 * page's session; signed out it shows a sign-in link, refused it says "not allowed".
 *
 * @tag bastion-session-replay
 * @summary A session replay player, embeddable in any page.
 *
 * @fires {CustomEvent<BastionReplayReadyDetail>} bastion-replay-ready - The first frame is drawn.
 * @fires {CustomEvent<BastionReplayEndedDetail>} bastion-replay-ended - Playing reached the end.
 * @fires {CustomEvent<BastionReplayErrorDetail>} bastion-replay-error - The recording cannot be played (once per session).
 * @fires {CustomEvent<BastionAuthRequiredDetail>} bastion-auth-required - Nobody is signed in (any more); the player shows a sign-in link.
 * @fires {CustomEvent<BastionTokenExpiredDetail>} bastion-token-expired - The `token` ran out, or the server refused it (revoked); set a fresh one.
 * @fires {CustomEvent<BastionErrorDetail>} bastion-error - A call failed (403: not allowed); the player says so.
 * @fires {CustomEvent<BastionReplayReadyDetail>} replay-ready - Deprecated: use `bastion-replay-ready`.
 * @fires {CustomEvent<BastionReplayEndedDetail>} replay-ended - Deprecated: use `bastion-replay-ended`.
 * @fires {CustomEvent<BastionReplayErrorDetail>} replay-error - Deprecated: use `bastion-replay-error`.
 *
 * @slot controls - Controls of the host's own, placed after the player's (speed, time).
 *
 * @csspart screen - The terminal screen.
 * @csspart controls - Play/pause, scrubber, time and speed.
 * @csspart command-list - The session's commands beside the screen.
 */
export class BastionSessionReplayElement extends elementClass(BastionSessionReplay, {
  props: { session: 'string', apiBase: 'string', start: 'string', speed: 'number', token: 'secret', clientId: 'string', redirectUri: 'string' },
}) {
  /**
   * The session's id; a new one loads that session.
   * @attr session
   */
  declare session: string | undefined

  /**
   * Where the API lives when not on this origin (default: same origin).
   * @attr api-base
   */
  declare apiBase: string | undefined

  /**
   * Where to start: seconds from the start, or the id of one of the session's commands; set later, it seeks there.
   * @attr start
   */
  declare start: string | undefined

  /**
   * Playback speed, 0.5 to 8 (default 1).
   * @attr speed
   */
  declare speed: number | undefined

  /**
   * An access token for a portal on another origin (from its back end, or the popup sign-in): sent as
   * `Authorization: Bearer`, shared by every element of the page. Set it as a property (an attribute
   * shows it to every script and selector of the page); set a fresh one on `bastion-token-expired`.
   * @attr token
   */
  declare token: string | undefined

  /**
   * The portal's OAuth client id (registered on the server): signed out, the element offers a popup
   * sign-in (authorization code + PKCE) instead of a link to the login form.
   * @attr client-id
   */
  declare clientId: string | undefined

  /**
   * Where the popup sign-in comes back: a page of the portal registered with its client (default: this page's URL).
   * @attr redirect-uri
   */
  declare redirectUri: string | undefined

  /**
   * The language (`zh`, `en`, or a tag such as `zh-CN`); default: the host page's `<html lang>`.
   * @attr lang
   */
  declare lang: string

  /**
   * `light`, `dark`, or `auto` (default: the system's `prefers-color-scheme`).
   * @attr theme
   */
  declare theme: BastionTheme | undefined

  /** Plays from where the screen is (from the start once it has ended). Waits for the recording to open. */
  play(): Promise<void> {
    return callHostApi(this, 'play').then(() => undefined)
  }

  /** Pauses. */
  pause(): Promise<void> {
    return callHostApi(this, 'pause').then(() => undefined)
  }

  /**
   * Shows the screen at `to`: seconds from the start, or the id of one of the session's commands.
   * Resolves once that screen is drawn; rejects for a command id the session does not have.
   */
  seek(to: number | string): Promise<void> {
    return callHostApi(this, 'seek', [to]).then(() => undefined)
  }
}

defineElement('bastion-session-replay', BastionSessionReplayElement)

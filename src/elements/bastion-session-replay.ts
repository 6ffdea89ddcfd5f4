import { useStore } from '@nanostores/react';
import { createElement, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import type {
  BastionAuthRequiredDetail,
  BastionErrorDetail,
  BastionTokenExpiredDetail,
  BastionReplayEndedDetail,
  BastionReplayErrorDetail,
  BastionReplayFit,
  BastionReplayMarker,
  BastionReplayMarkerDetail,
  BastionReplayReadyDetail,
  BastionReplaySeekTarget,
  BastionReplayTimeDetail,
  BastionTheme,
} from '../core/element-types.ts';
import { $signInRequired } from '../core/embedding.ts';
import { apiIsCrossOrigin, setApiBase } from '../core/http.ts';
import { $portalToken, usePortalAuth } from '../core/portal-auth.ts';
import { languageReady, registerMessages, useT } from '../core/i18n/index.ts';
import { requestOrgId } from '../core/stores/org.ts';
import { failureText, reportFailure } from '../core/ui/element-failure.ts';
import { emit } from '../core/ui/host-events.ts';
import { callHostApi, peekHostApi } from '../core/ui/host-api.ts';
import { embeddedLoginHref, failureNotice, signInPrompt } from '../core/ui/sign-in-prompt.ts';
import { useEmbeddedSession, type EmbeddedSession } from '../pages/assets/browser/embedded-session.ts';
import type { ReplayPlayerProps } from '../pages/terminal/replay/ReplayPlayer.tsx';
import { ReplaySource } from '../pages/terminal/replay/replay-source.ts';
import { defineElement, elementClass, type CommonProps } from './define.ts';

export interface BastionSessionReplayProps extends CommonProps {
  session?: string;
  apiBase?: string;
  start?: string;
  speed?: number;
  token?: string;
  clientId?: string;
  redirectUri?: string;
  autoplay?: boolean;
  loop?: boolean | number;
  idleTimeLimit?: number;
  poster?: string;
  fit?: string;
  terminalFontSize?: string;
  markers?: unknown;
  pauseOnMarkers?: boolean;
}

type Player = ComponentType<ReplayPlayerProps>;

// The player (and the terminal it draws with) loads on first use: this file stays small. First use is
// the element's first render, while it still checks the sign-in, not after that answer. Not through
// React.lazy: React 19 holds a suspended boundary's content back for up to 300 ms once its fallback
// showed, a third of the first frame's budget.
let loadedPlayer: Player | undefined;
let playerLoad: Promise<Player> | undefined;
function loadPlayer(): Promise<Player> {
  playerLoad ??= import('../pages/terminal/replay/ReplayPlayer.tsx').then(async (module) => {
    await languageReady(); // the player's own English texts, when the page is in English
    loadedPlayer = module.ReplayPlayer;
    return loadedPlayer;
  });
  return playerLoad;
}

function usePlayer(): Player | undefined {
  const [player, setPlayer] = useState(() => loadedPlayer);
  useEffect(() => {
    if (player) return;
    // A chunk that cannot load is thrown from the next render, to the element's error boundary.
    loadPlayer().then(
      (loaded) => setPlayer(() => loaded),
      (error: unknown) =>
        setPlayer(() => {
          throw error;
        }),
    );
  }, [player]);
  return player;
}

interface Asked {
  id: number;
  source: ReplaySource;
  status: 'asking' | 'ok' | 'failed' | 'refused';
}
let asks = 0;

/**
 * The session's data (replay-source.ts), asked as soon as the session is known, beside the sign-in
 * check: a 401 there means signed out as well. Asked in the saved org; when the check then picks
 * another org and the ask had failed, it is asked again there.
 */
function useReplaySource(
  session: string | undefined,
  signedIn: EmbeddedSession,
  idleTimeLimit: number | undefined,
): Asked | null {
  const [asked, setAsked] = useState<Asked | null>(null);
  const [round, setRound] = useState(0);
  // A portal's new token (after one was refused) asks again.
  const token = useStore($portalToken);
  // In the commit itself, not after the browser's next paint (a passive effect may wait for it).
  useLayoutEffect(() => {
    // Across origins only a token signs in: without one the ask would only be refused (a CORS error in
    // the host's console). It waits for the token.
    if (!session || (!token && apiIsCrossOrigin())) return undefined;
    const source = new ReplaySource(session, idleTimeLimit);
    const id = (asks += 1);
    const settle = (status: Asked['status']) => setAsked((now) => (now?.source === source ? { ...now, status } : now));
    setAsked({ id, source, status: 'asking' });
    source.replay.then(
      () => settle('ok'),
      (error: unknown) => settle(ReplaySource.unauthorized(error) ? 'refused' : 'failed'),
    );
    return () => source.abort();
  }, [session, round, token, idleTimeLimit]);
  const otherOrg = signedIn === 'ready' && asked?.status === 'failed' && asked.source.orgId !== requestOrgId();
  useEffect(() => {
    if (otherOrg) setRound((n) => n + 1);
  }, [otherOrg]);
  return otherOrg ? null : asked;
}

// The element takes its host's box: the height the host gives (or its max-height) is the player's.
const HOST_CSS =
  '.bastion-root, .bastion-session-replay { max-height: inherit } .bastion-session-replay { height: 100% }';

// The sign-in texts are needed before the player's chunk (which holds its other texts) loads.
registerMessages({
  zh: { replayElement: { signIn: { prompt: '登录后查看会话录像。', link: '登录' } } },
  en: { replayElement: { signIn: { prompt: 'Sign in to watch the session replay.', link: 'Sign in' } } },
});

function BastionSessionReplay(props: BastionSessionReplayProps) {
  const { session, apiBase, start, speed, token, clientId, redirectUri, idleTimeLimit, ...options } = props;
  if (apiBase !== undefined) setApiBase(apiBase);
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  // Before the session check below: its first call already carries the token.
  usePortalAuth({ token, clientId, redirectUri }, () =>
    emit<BastionTokenExpiredDetail>(root.current, 'bastion-token-expired', { reason: 'expired' }),
  );
  const signedIn = useEmbeddedSession(undefined);
  const reason = useStore($signInRequired);
  const Player = usePlayer();
  const asked = useReplaySource(session, signedIn, idleTimeLimit);
  const [refused, setRefused] = useState<BastionErrorDetail | null>(null);
  // One replay-error per session, however often the recording is asked for (the saved org, then the chosen one).
  const reported = useRef<string | null>(null);
  useEffect(() => {
    setRefused(null);
    reported.current = null;
  }, [session]);
  const send = (type: string, detail: unknown) => emit(root.current, type, detail);
  const anonymous = signedIn === 'anonymous' || asked?.status === 'refused';
  useEffect(() => {
    if (anonymous)
      emit<BastionAuthRequiredDetail>(root.current, 'bastion-auth-required', {
        reason: reason ?? 'no-session',
        loginUrl: embeddedLoginHref(),
      });
  }, [anonymous, reason]);
  const onError = (message: string, error: unknown) => {
    if (!session || reported.current === session) return;
    reported.current = session;
    const status = ReplaySource.status(error);
    send('bastion-replay-error', {
      session,
      message,
      ...(status ? { status } : {}),
    } satisfies BastionReplayErrorDetail);
    const detail = reportFailure(root.current, error);
    if (detail?.status === 403) setRefused(detail);
  };

  if (anonymous) {
    return signInPrompt(
      { prompt: t('replayElement.signIn.prompt'), link: t('replayElement.signIn.link') },
      { ref: root },
    );
  }
  if (refused) return failureNotice(failureText(t, refused), { ref: root });
  // The player starts once the recording answered, or once the sign-in check did (to report a failure).
  const show = Player && session && asked && (asked.status === 'ok' || signedIn === 'ready');
  return createElement(
    'div',
    { ref: root, className: 'bastion-session-replay' },
    createElement('style', null, HOST_CSS),
    show &&
      createElement(Player, {
        key: asked.id,
        sessionId: session,
        start,
        speed,
        source: asked.source,
        ...options,
        onReady: (detail) => send('bastion-replay-ready', detail satisfies BastionReplayReadyDetail),
        onEnded: () => send('bastion-replay-ended', { session } satisfies BastionReplayEndedDetail),
        onError,
        onPlay: (time) => send('bastion-replay-play', time satisfies BastionReplayTimeDetail),
        onPause: (time) => send('bastion-replay-pause', time satisfies BastionReplayTimeDetail),
        onTimeUpdate: (time) => send('bastion-replay-timeupdate', time satisfies BastionReplayTimeDetail),
        onMarker: (marker) => send('bastion-replay-marker', marker satisfies BastionReplayMarkerDetail),
      }),
  );
}

/**
 * The player of a recorded terminal session: the screen with play/pause, a progress bar with the
 * markers on it, the time, speed and fullscreen, and the session's commands beside it (a click jumps to
 * one). It follows asciinema-player 3's options, methods and keys. It takes its box: the host's width,
 * the terminal scaled to it (`fit`), and the height the host gives, if any, which it never leaves (the
 * screen makes room for the controls). Keys, with the player focused: space plays or pauses, ←/→ move
 * 5 s, Shift+←/→ a tenth of the recording, 0–9 jump to 0 %–90 %, `.` and `,` step one frame on or back
 * (pausing), `[` and `]` go to the previous or next marker, ↑/↓ change the speed, f toggles
 * fullscreen; Tab goes through the controls and the commands. It shares the page's session; signed out
 * it shows a sign-in link, refused it says "not allowed".
 *
 * @tag bastion-session-replay
 * @summary A session replay player, embeddable in any page.
 *
 * @fires {CustomEvent<BastionReplayReadyDetail>} bastion-replay-ready - The first frame (or the poster) is drawn.
 * @fires {CustomEvent<BastionReplayTimeDetail>} bastion-replay-play - Playing started (a click, a key, `play()`, `autoplay`).
 * @fires {CustomEvent<BastionReplayTimeDetail>} bastion-replay-pause - Playing stopped before the end (a click, a key, `pause()`, a marker with `pause-on-markers`).
 * @fires {CustomEvent<BastionReplayTimeDetail>} bastion-replay-timeupdate - The screen shows another time (playing, or a seek); at most four times a second, and always the last one.
 * @fires {CustomEvent<BastionReplayMarkerDetail>} bastion-replay-marker - Playing reached a marker.
 * @fires {CustomEvent<BastionReplayEndedDetail>} bastion-replay-ended - Playing reached the end (after the last `loop`).
 * @fires {CustomEvent<BastionReplayErrorDetail>} bastion-replay-error - The recording cannot be played (once per session).
 * @fires {CustomEvent<BastionAuthRequiredDetail>} bastion-auth-required - Nobody is signed in (any more); the player shows a sign-in link.
 * @fires {CustomEvent<BastionTokenExpiredDetail>} bastion-token-expired - The `token` ran out, or the server refused it (revoked); set a fresh one.
 * @fires {CustomEvent<BastionErrorDetail>} bastion-error - A call failed (403: not allowed); the player says so.
 * @fires {CustomEvent<BastionReplayReadyDetail>} replay-ready - Deprecated: use `bastion-replay-ready`.
 * @fires {CustomEvent<BastionReplayEndedDetail>} replay-ended - Deprecated: use `bastion-replay-ended`.
 * @fires {CustomEvent<BastionReplayErrorDetail>} replay-error - Deprecated: use `bastion-replay-error`.
 *
 * @slot controls - Controls of the host's own, placed after the player's (speed, fullscreen).
 *
 * @csspart screen - The terminal screen.
 * @csspart controls - Play/pause, progress bar, time, speed and fullscreen.
 * @csspart command-list - The session's commands beside the screen.
 */
export class BastionSessionReplayElement extends elementClass(BastionSessionReplay, {
  props: {
    session: 'string',
    apiBase: 'string',
    start: 'string',
    speed: 'number',
    token: 'secret',
    clientId: 'string',
    redirectUri: 'string',
    autoplay: 'boolean',
    loop: 'boolean-or-number',
    idleTimeLimit: 'number',
    poster: 'string',
    fit: 'string',
    terminalFontSize: 'string',
    markers: 'json',
    pauseOnMarkers: 'boolean',
  },
}) {
  /**
   * The session's id; a new one loads that session.
   * @attr session
   */
  declare session: string | undefined;

  /**
   * Where the API lives when not on this origin (default: same origin).
   * @attr api-base
   */
  declare apiBase: string | undefined;

  /**
   * Where to start: seconds from the start, or the id of one of the session's commands; set later, it seeks there.
   * @attr start
   */
  declare start: string | undefined;

  /**
   * Playback speed, 0.5 to 8 (default 1).
   * @attr speed
   */
  declare speed: number | undefined;

  /**
   * Plays as soon as the recording has opened (a `poster` is then not shown).
   * @attr autoplay
   */
  declare autoplay: boolean;

  /**
   * Plays again from the start on reaching the end: `loop` (or `true`) always, `loop="3"` three more times.
   * @attr loop
   */
  declare loop: boolean | number;

  /**
   * Seconds: every pause of the recording longer than this is cut to it (default: the recording's own
   * `idle_time_limit`, if any). Times, markers and `seek()` then count on that shorter clock; `start`
   * stays seconds of the session. The whole recording is read before the first frame.
   * @attr idle-time-limit
   */
  declare idleTimeLimit: number | undefined;

  /**
   * What the screen shows before playing starts: `npt:1:23` (or `npt:83`) the frame at that time,
   * `data:text/plain,<text>` that text (escape sequences colour it). The clock stays at `start`.
   * @attr poster
   */
  declare poster: string | undefined;

  /**
   * How the terminal fills the element: `width` (default) scaled to its width, the height following;
   * `height` to the height the host gives it; `both` inside both; `none` (or `false`) at
   * `terminal-font-size`, the screen scrolling. Fullscreen fits both.
   * @attr fit
   */
  declare fit: BastionReplayFit | undefined;

  /**
   * The terminal's font with `fit="none"`: `small` (12px, the default), `medium` (18px), `big` (24px) or
   * any CSS size (`15px`, `1.2em`).
   * @attr terminal-font-size
   */
  declare terminalFontSize: string | undefined;

  /**
   * Points to jump between (`[`/`]`, `seek({ marker })`, dots on the progress bar), in seconds of the
   * player's clock: JSON such as `[[5, "Install"], 30]` or `30`, or a list set as a property. Default:
   * the recording's own markers, else the session's commands (labelled with their text).
   * @attr markers
   */
  declare markers: BastionReplayMarker[] | number | undefined;

  /**
   * Playing stops at each marker it reaches (after `bastion-replay-marker`).
   * @attr pause-on-markers
   */
  declare pauseOnMarkers: boolean;

  /**
   * An access token for a portal on another origin (from its back end, or the popup sign-in): sent as
   * `Authorization: Bearer`, shared by every element of the page. Set it as a property (an attribute
   * shows it to every script and selector of the page); set a fresh one on `bastion-token-expired`.
   * @attr token
   */
  declare token: string | undefined;

  /**
   * The portal's OAuth client id (registered on the server): signed out, the element offers a popup
   * sign-in (authorization code + PKCE) instead of a link to the login form.
   * @attr client-id
   */
  declare clientId: string | undefined;

  /**
   * Where the popup sign-in comes back: a page of the portal registered with its client (default: this page's URL).
   * @attr redirect-uri
   */
  declare redirectUri: string | undefined;

  /**
   * The language (`zh`, `en`, or a tag such as `zh-CN`); default: the host page's `<html lang>`.
   * @attr lang
   */
  declare lang: string;

  /**
   * `light`, `dark`, or `auto` (default: the system's `prefers-color-scheme`).
   * @attr theme
   */
  declare theme: BastionTheme | undefined;

  /** Plays from where the screen is (from the start once it has ended). Waits for the recording to open. */
  play(): Promise<void> {
    return callHostApi(this, 'play').then(() => undefined);
  }

  /** Pauses. */
  pause(): Promise<void> {
    return callHostApi(this, 'pause').then(() => undefined);
  }

  /**
   * Shows the screen at `to`: seconds, `"50%"` of the recording, `"<<"`/`">>"` 5 s back or on,
   * `"<<<"`/`">>>"` a tenth, `{ marker: 2 }` (an index), `{ marker: "prev" }`/`{ marker: "next" }`, or
   * the id of one of the session's commands. Resolves once that screen is drawn; rejects (RangeError)
   * for a command or marker the session does not have.
   */
  seek(to: BastionReplaySeekTarget): Promise<void> {
    return callHostApi(this, 'seek', [to]).then(() => undefined);
  }

  /** Seconds of the player's clock the screen shows (0 until the recording has opened). */
  getCurrentTime(): number {
    return (peekHostApi(this, 'getCurrentTime') as number | undefined) ?? 0;
  }

  /** The recording's length in seconds (growing while a long one still arrives); undefined until it has opened. */
  getDuration(): number | undefined {
    return peekHostApi(this, 'getDuration') as number | undefined;
  }
}

defineElement('bastion-session-replay', BastionSessionReplayElement);

import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react'
import { useT } from '../../../core/i18n/index.ts'
import { useHostApi } from '../../../core/ui/host-api.ts'
import { clockText } from './clock-text.ts'
import { CommandList } from './CommandList.tsx'
import { SPEEDS, type EngineState, type ReplayEngine } from './engine.ts'
import './i18n.ts'
import { openReplay, type OpenedReplay } from './load-replay.ts'
import { currentCommand, startSeconds, type PlacedCommand } from './replay-data.ts'
import type { ReplaySource } from './replay-source.ts'
import { loadTerminal } from './screen.ts'
import { REPLAY_CSS } from './styles.ts'

/** `duration`: the session's length as the server recorded it (null while it runs), the same on every load. */
export interface ReplayReadyDetail { session: string; duration: number | null; start: number; commands: number }

export interface ReplayPlayerProps {
  sessionId: string
  /** Seconds from the recording's start, or the id of one of the session's commands. */
  start?: number | string
  /** 0.5 to 8. */
  speed?: number
  /** The session's data, already being asked (the element starts it beside its sign-in check). */
  source?: ReplaySource
  onReady?: (detail: ReplayReadyDetail) => void
  onEnded?: () => void
  onError?: (message: string, error: unknown) => void
}

// The terminal's chunk is only needed by the player: fetch it while the player renders and asks the API.
void loadTerminal()

const STEP_SECONDS = 5
const IDLE: EngineState = { playing: false, position: 0, speed: 1, duration: 0, seeking: false, ended: false, indexed: 0, indexComplete: false }
const noEngine = { subscribe: () => () => {}, getState: () => IDLE }

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Plays a session's recording (asciicast v2) beside its command list; see engine.ts and keyframes.ts. */
export function ReplayPlayer({ sessionId, start, speed, source, onReady, onEnded, onError }: ReplayPlayerProps) {
  const t = useT()
  const screenHost = useRef<HTMLDivElement>(null)
  const [opened, setOpened] = useState<OpenedReplay | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [commands, setCommands] = useState<PlacedCommand[]>([])
  // Callbacks by ref: a parent passing new functions each render must not reopen the recording.
  const handlers = useRef({ onReady, onEnded, onError })
  handlers.current = { onReady, onEnded, onError }

  useEffect(() => {
    const host = screenHost.current
    if (!host || !sessionId) return undefined
    const controller = new AbortController()
    let engine: ReplayEngine | null = null
    const fail = (error: unknown) => {
      if (controller.signal.aborted) return
      setFailure(message(error))
      handlers.current.onError?.(message(error), error)
    }
    setOpened(null)
    setFailure(null)
    setCommands([])
    openReplay({ sessionId, start, speed, host, source, signal: controller.signal, onLateError: fail, onCommands: setCommands }).then((result) => {
      if (controller.signal.aborted) return result.engine.dispose()
      engine = result.engine
      engine.onEnded = () => handlers.current.onEnded?.()
      setOpened(result)
    }, fail)
    return () => {
      controller.abort()
      engine?.dispose()
      host.replaceChildren()
    }
    // `start` and `speed` are read when a recording opens; a new start or speed alone does not reload it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId, source])

  const engine = opened?.engine
  // Ready once the controls and the command list are drawn, not merely loaded; the rest of the
  // recording and the seek snapshots once that frame has shown.
  useEffect(() => {
    if (!opened) return undefined
    handlers.current.onReady?.({ session: sessionId, duration: opened.length, start: opened.start, commands: opened.commands.length })
    let frame = requestAnimationFrame(() => { frame = 0; setTimeout(opened.background, 0) })
    return () => cancelAnimationFrame(frame)
  }, [opened, sessionId])
  useEffect(() => { if (engine && speed !== undefined) engine.setSpeed(speed) }, [engine, speed])
  // A `start` given after the recording opened moves there (the first one was where it opened).
  const openedStart = useRef(start)
  useEffect(() => {
    if (!opened || start === openedStart.current) return
    openedStart.current = start
    void opened.engine.seek(startSeconds(start, opened.commands))
  }, [opened, start])
  const state = useSyncExternalStore((engine ?? noEngine).subscribe, (engine ?? noEngine).getState)
  const current = currentCommand(commands, state.position)
  const jump = useCallback((command: PlacedCommand) => { void engine?.seek(command.offset) }, [engine])
  const root = useRef<HTMLDivElement>(null)
  // The element's play(), pause() and seek(seconds | command id), once the recording is open.
  useHostApi(root, {
    play: () => engine?.play(),
    pause: () => engine?.pause(),
    seek: (to: number | string) => {
      const known = opened?.commands ?? commands
      if (typeof to === 'string' && !Number.isFinite(Number(to)) && !known.some((command) => command.id === to)) {
        return Promise.reject(new RangeError(`no command ${to} in this session`))
      }
      return engine?.seek(startSeconds(to, known))
    },
  }, Boolean(engine))

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!engine) return
    const target = event.target as HTMLElement
    // The scrubber and the speed list already answer arrows themselves.
    if (target.tagName === 'INPUT' || target.tagName === 'SELECT') return
    const speedAt = SPEEDS.indexOf(state.speed)
    switch (event.key) {
      case ' ': engine.toggle(); break
      case 'ArrowLeft': void engine.seek(state.position - STEP_SECONDS); break
      case 'ArrowRight': void engine.seek(state.position + STEP_SECONDS); break
      case 'ArrowUp': engine.setSpeed(SPEEDS[Math.min(SPEEDS.length - 1, speedAt + 1)] ?? state.speed); break
      case 'ArrowDown': engine.setSpeed(SPEEDS[Math.max(0, speedAt - 1)] ?? state.speed); break
      default: return
    }
    event.preventDefault()
  }

  const status = failure ? 'error' : opened ? 'ready' : 'loading'
  return (
    <div ref={root} className="replay-player" tabIndex={0} onKeyDown={onKeyDown} data-state={status} data-playing={state.playing}
      role="group" aria-label={t('replay.player')} aria-describedby="replay-keys"
      data-seeking={state.seeking} data-position={state.position.toFixed(2)}
      data-indexed={state.indexComplete ? 'complete' : state.indexed.toFixed(0)}>
      <style>{REPLAY_CSS}</style>
      <div className="replay-main">
        {failure && <p className="replay-message replay-error" role="alert">{t('replay.failed', { message: failure })}</p>}
        {status === 'loading' && <p className="replay-message">{t('replay.loading')}</p>}
        <div className="replay-screen" part="screen" ref={screenHost} />
        <div className="replay-controls" part="controls">
          <button type="button" className="replay-toggle" disabled={!engine} aria-pressed={state.playing} onClick={() => engine?.toggle()}>
            {state.playing ? t('replay.pause') : t('replay.play')}
          </button>
          <input type="range" className="replay-scrubber" aria-label={t('replay.position')} disabled={!engine}
            min={0} max={state.duration} step={0.1} value={state.position}
            onChange={(event) => void engine?.seek(Number(event.target.value))} />
          <span className="replay-time">{clockText(state.position)} / {clockText(state.duration)}</span>
          <select className="replay-speed" aria-label={t('replay.speed')} disabled={!engine} value={state.speed}
            onChange={(event) => engine?.setSpeed(Number(event.target.value))}>
            {SPEEDS.map((value) => <option key={value} value={value}>{value}×</option>)}
          </select>
          {/* The host's own controls after the player's (the element's `controls` slot). */}
          <slot name="controls" />
        </div>
        <span className="replay-keys" id="replay-keys">{t('replay.keys')}</span>
      </div>
      <CommandList commands={commands} current={current} onPick={jump} />
    </div>
  )
}

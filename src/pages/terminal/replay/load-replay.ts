import { ReplayEngine } from './engine.ts'
import { sessionLength, startSeconds, type PlacedCommand } from './replay-data.ts'
import { ReplaySource } from './replay-source.ts'
import { Screen } from './screen.ts'

// Opening a replay, in the order that draws the first frame soonest: the terminal's code loads while
// the API answers (replay-source.ts, often started before the player by the element); the recording is
// read as far as the start position and the screen drawn there; the rest of the recording and the
// keyframes come after that frame has shown (`background`).

export interface OpenedReplay {
  engine: ReplayEngine
  commands: PlacedCommand[]
  /** Where the screen was put (seconds). */
  start: number
  /** The session's length as the server recorded it (null while it runs). */
  length: number | null
  /** Reads the rest of the recording and builds the seek snapshots: call once the first frame has shown. */
  background: () => void
}

export interface OpenOptions {
  sessionId: string
  start?: number | string
  speed?: number
  host: HTMLElement
  signal: AbortSignal
  /** The session's data, already asked; without it the player asks itself (and stops it when closed). */
  source?: ReplaySource
  /** The recording could not be read whole after the player was ready. */
  onLateError: (error: unknown) => void
  /** The session's commands arrived (before the screen is drawn: the list can draw meanwhile). */
  onCommands?: (commands: PlacedCommand[]) => void
}

export async function openReplay({ sessionId, start, speed, host, signal, source: given, onLateError, onCommands }: OpenOptions): Promise<OpenedReplay> {
  const source = given ?? new ReplaySource(sessionId)
  if (!given) signal.addEventListener('abort', () => source.abort(), { once: true })
  const screenLoad = Screen.open(host, 80, 24)
  // Marks (replay:*) let the bench tell where a first frame's time goes.
  performance.mark('replay:open')
  const { timeline } = source
  let engine: ReplayEngine | null = null
  let ready = false
  const stop = source.listen(() => {
    if (engine && !signal.aborted) engine.dataArrived()
    if (ready && source.failure) {
      stop()
      onLateError(source.failure)
    }
  })
  signal.addEventListener('abort', stop, { once: true })
  if (onCommands) source.commands.then((commands) => { if (!signal.aborted) onCommands(commands) }, () => {})
  try {
    await source.replay
    performance.mark('replay:meta')
    const screen = await screenLoad
    performance.mark('replay:terminal')
    if (signal.aborted) throw new DOMException('aborted', 'AbortError')
    await source.waitFor(() => timeline.length > 0 || timeline.complete)
    performance.mark('replay:first-events')
    engine = new ReplayEngine(timeline, screen, speed)
    engine.dataArrived()
    screen.reset(timeline.header.cols, timeline.header.rows)
    const commands = await source.commands
    const length = sessionLength(await source.session.catch(() => null))
    performance.mark('replay:commands')
    // A snapshot at each command's second: a jump to a command replays nothing.
    engine.keyframes.markAt(commands.map((command) => command.offset))
    const at = startSeconds(start, commands)
    source.readUntil(at)
    // Past `at`: every event at that second has arrived.
    await source.waitFor(() => timeline.complete || timeline.duration > at)
    await engine.seek(at)
    performance.mark('replay:drawn')
    ready = true
    if (source.failure) onLateError(source.failure)
    const opened = engine
    const background = () => {
      if (signal.aborted) return
      source.release()
      void opened.keyframes.start()
    }
    return { engine, commands, start: at, length, background }
  } catch (error) {
    stop()
    if (engine) engine.dispose()
    else void screenLoad.then((screen) => screen.dispose(), () => {})
    throw error
  }
}

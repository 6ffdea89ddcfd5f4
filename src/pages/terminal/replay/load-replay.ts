import { streamCast } from './cast-stream.ts'
import { ReplayEngine } from './engine.ts'
import { loadCommands, loadReplay, loadSession, placeCommands, sessionStart, startSeconds, type PlacedCommand } from './replay-data.ts'
import { Screen } from './screen.ts'
import { Timeline } from './timeline.ts'

// Opening a replay, in the order that draws the first frame soonest: the terminal's code loads while
// the session and replay are asked; the recording streams in and the screen draws once the start
// position has arrived; the keyframes are built after that, in the background.

export interface OpenedReplay {
  engine: ReplayEngine
  commands: PlacedCommand[]
  /** Where the screen was put (seconds). */
  start: number
}

export interface OpenOptions {
  sessionId: string
  start?: number | string
  speed?: number
  host: HTMLElement
  signal: AbortSignal
  /** The recording could not be read whole after the player was ready. */
  onLateError: (error: unknown) => void
}

export async function openReplay({ sessionId, start, speed, host, signal, onLateError }: OpenOptions): Promise<OpenedReplay> {
  const screenLoad = Screen.open(host, 80, 24)
  // Marks (replay:*) let the bench tell where a first frame's time goes.
  performance.mark('replay:open')
  const sessionLoad = loadSession(sessionId)
  const commandsLoad = Promise.all([loadCommands(sessionId), sessionLoad]).then(([rows, session]) => placeCommands(rows, sessionStart(session)))
  commandsLoad.catch(() => {}) // reported below, once awaited
  // The recording starts streaming as soon as its address is known; the session only places the commands.
  const replay = await loadReplay(sessionId).catch(async (error: unknown) => {
    void screenLoad.then((screen) => screen.dispose(), () => {})
    throw error
  })
  performance.mark('replay:meta')

  const timeline = new Timeline()
  let engine: ReplayEngine | null = null
  let wake: () => void = () => {}
  const arrived = (test: () => boolean) => new Promise<void>((resolve, reject) => {
    wake = () => (test() ? resolve() : streamFailed && reject(streamFailed))
    wake()
  })
  let streamFailed: unknown = null
  let ready = false
  const streaming = streamCast(replay.src as string, timeline, () => {
    engine?.dataArrived()
    wake()
  }, signal)
  streaming.catch((error: unknown) => {
    streamFailed = error
    if (ready) onLateError(error)
    else wake()
  })

  const screen = await screenLoad
  performance.mark('replay:terminal')
  if (signal.aborted) { screen.dispose(); throw new DOMException('aborted', 'AbortError') }
  try {
    await arrived(() => timeline.length > 0 || timeline.complete)
    performance.mark('replay:first-events')
    engine = new ReplayEngine(timeline, screen, speed)
    engine.dataArrived()
    screen.reset(timeline.header.cols, timeline.header.rows)
    const commands = await commandsLoad
    performance.mark('replay:commands')
    const at = startSeconds(start, commands)
    await arrived(() => timeline.complete || timeline.duration >= at)
    await engine.seek(at)
    performance.mark('replay:drawn')
    ready = true
    void engine.keyframes.start()
    return { engine, commands, start: at }
  } catch (error) {
    if (engine) engine.dispose()
    else screen.dispose()
    throw error
  }
}

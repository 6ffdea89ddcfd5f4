import { Keyframes } from './keyframes.ts'
import type { Screen } from './screen.ts'
import type { Timeline } from './timeline.ts'

// The player's clock, without UI: which part of the recording the screen shows, playing or not, at
// what speed. The React view subscribes to its state; tests and the keyboard drive its verbs.

export const SPEEDS = [0.5, 1, 2, 4, 8]
/** A forward seek within this much output replays it instead of restoring a snapshot. */
const FORWARD_REPLAY_BYTES = 64 * 1024

export interface EngineState {
  playing: boolean
  /** Seconds from the recording's start. */
  position: number
  speed: number
  duration: number
  /** A seek is being drawn. */
  seeking: boolean
  ended: boolean
  /** Seconds the seek snapshots reach; the whole recording once `indexComplete`. */
  indexed: number
  indexComplete: boolean
}

export function clampSpeed(speed: number | undefined): number {
  if (!speed || !Number.isFinite(speed)) return 1
  return Math.min(8, Math.max(0.5, speed))
}

export class ReplayEngine {
  state: EngineState
  readonly keyframes: Keyframes
  /** Events the screen has been given. */
  private applied = 0
  private frame = 0
  private lastTick = 0
  private seekId = 0
  private readonly listeners = new Set<() => void>()
  onEnded: () => void = () => {}

  constructor(private readonly timeline: Timeline, private readonly screen: Screen, speed = 1) {
    this.keyframes = new Keyframes(timeline)
    this.state = { playing: false, position: 0, speed: clampSpeed(speed), duration: 0, seeking: false, ended: false, indexed: 0, indexComplete: false }
    this.keyframes.onIndexed = (indexed, indexComplete) => this.set({ indexed, indexComplete })
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getState = (): EngineState => this.state

  /** More of the recording arrived. */
  dataArrived(): void {
    this.keyframes.feed()
    if (this.timeline.duration !== this.state.duration) this.set({ duration: this.timeline.duration })
  }

  play(): void {
    if (this.state.playing) return
    const atEnd = this.timeline.complete && this.state.position >= this.timeline.duration
    if (atEnd) this.seek(0)
    this.lastTick = performance.now()
    this.set({ playing: true, ended: false })
    this.frame = requestAnimationFrame(this.tick)
  }

  pause(): void {
    cancelAnimationFrame(this.frame)
    if (this.state.playing) this.set({ playing: false })
  }

  toggle(): void {
    if (this.state.playing) this.pause()
    else this.play()
  }

  setSpeed(speed: number): void {
    this.set({ speed: clampSpeed(speed) })
  }

  /** Shows the screen at `time` seconds; resolves once it is drawn. */
  seek(time: number): Promise<void> {
    const position = Math.max(0, Math.min(time, this.timeline.duration))
    const target = this.timeline.countUntil(position)
    const id = (this.seekId += 1)
    this.set({ position, seeking: true, ended: false })
    this.lastTick = performance.now()
    return new Promise((resolve) => {
      const done = () => {
        if (id === this.seekId) this.set({ seeking: false })
        resolve()
      }
      const frame = this.keyframes.nearest(target)
      const onward = target >= this.applied ? this.timeline.bytesBetween(this.applied, target) : Infinity
      // Onward from what the screen shows, unless a snapshot is closer (a command's own, most often).
      if (onward <= FORWARD_REPLAY_BYTES && onward <= this.timeline.bytesBetween(frame.index, target) + frame.screen.length) {
        this.screen.play(this.timeline, this.applied, target, done)
      } else {
        this.screen.reset(frame.cols, frame.rows)
        this.screen.write(frame.screen)
        this.screen.play(this.timeline, frame.index, target, done)
      }
      this.applied = target
    })
  }

  dispose(): void {
    cancelAnimationFrame(this.frame)
    this.keyframes.dispose()
    this.screen.dispose()
    this.listeners.clear()
  }

  private tick = (now: number): void => {
    if (!this.state.playing) return
    const elapsed = ((now - this.lastTick) / 1000) * this.state.speed
    this.lastTick = now
    const { timeline } = this
    // While the file still downloads, the clock waits at what has arrived.
    const position = Math.min(this.state.position + elapsed, timeline.duration)
    const target = timeline.countUntil(position)
    if (target > this.applied) {
      this.screen.play(timeline, this.applied, target)
      this.applied = target
    }
    if (timeline.complete && position >= timeline.duration) {
      this.set({ position, playing: false, ended: true })
      this.onEnded()
      return
    }
    this.set({ position })
    this.frame = requestAnimationFrame(this.tick)
  }

  private set(patch: Partial<EngineState>): void {
    this.state = { ...this.state, ...patch }
    for (const listener of this.listeners) listener()
  }
}

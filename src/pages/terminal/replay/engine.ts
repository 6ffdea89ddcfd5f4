import { Keyframes } from './keyframes.ts';
import type { Screen } from './screen.ts';
import type { Timeline } from './timeline.ts';

// The player's clock, without UI: which part of the recording the screen shows, playing or not, at
// what speed, looping or stopping at markers. The React view subscribes to its state; tests and the
// keyboard drive its verbs.

export const SPEEDS = [0.5, 1, 2, 4, 8];
/** A forward seek within this much output replays it instead of restoring a snapshot. */
const FORWARD_REPLAY_BYTES = 64 * 1024;

export interface EngineState {
  playing: boolean;
  /** Seconds from the recording's start. */
  position: number;
  speed: number;
  duration: number;
  /** A seek is being drawn. */
  seeking: boolean;
  ended: boolean;
  /** Seconds the seek snapshots reach; the whole recording once `indexComplete`. */
  indexed: number;
  indexComplete: boolean;
}

export function clampSpeed(speed: number | undefined): number {
  if (!speed || !Number.isFinite(speed)) return 1;
  return Math.min(8, Math.max(0.5, speed));
}

export class ReplayEngine {
  state: EngineState;
  readonly keyframes: Keyframes;
  /** Plays again from the start on reaching the end: always (true), or this many more times. */
  loop: boolean | number = false;
  /** Seconds of the markers, in order: playing past one calls `onMarker` with its index. */
  markers: number[] = [];
  /** Playing stops at each marker it reaches. */
  pauseOnMarkers = false;
  onEnded: () => void = () => {};
  onMarker: (index: number) => void = () => {};
  /** Events the screen has been given (after a poster: more than any, so the next seek redraws). */
  private applied = 0;
  private frame = 0;
  private lastTick = 0;
  private seekId = 0;
  /** Times played again since playing started at the end or the start. */
  private loops = 0;
  /** The screen shows a poster, not the clock's position. */
  private covered = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly timeline: Timeline,
    private readonly screen: Screen,
    speed = 1,
  ) {
    this.keyframes = new Keyframes(timeline);
    this.state = {
      playing: false,
      position: 0,
      speed: clampSpeed(speed),
      duration: 0,
      seeking: false,
      ended: false,
      indexed: 0,
      indexComplete: false,
    };
    this.keyframes.onIndexed = (indexed, indexComplete) => this.set({ indexed, indexComplete });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): EngineState => this.state;

  /** More of the recording arrived. */
  dataArrived(): void {
    this.keyframes.feed();
    if (this.timeline.duration !== this.state.duration) this.set({ duration: this.timeline.duration });
  }

  /** The whole recording is read and the screen shows its last moment. */
  get atEnd(): boolean {
    return this.timeline.complete && this.state.position >= this.timeline.duration;
  }

  play(): void {
    if (this.state.playing) return;
    const atEnd = this.atEnd;
    if (atEnd) this.loops = 0;
    if (atEnd || this.covered) void this.seek(atEnd ? 0 : this.state.position);
    this.lastTick = performance.now();
    this.set({ playing: true, ended: false });
    this.frame = requestAnimationFrame(this.tick);
  }

  pause(): void {
    cancelAnimationFrame(this.frame);
    if (this.state.playing) this.set({ playing: false });
  }

  toggle(): void {
    if (this.state.playing) this.pause();
    else this.play();
  }

  setSpeed(speed: number): void {
    this.set({ speed: clampSpeed(speed) });
  }

  /** Shows the screen at `time` seconds; resolves once it is drawn. */
  seek(time: number): Promise<void> {
    const position = Math.max(0, Math.min(time, this.timeline.duration));
    const id = (this.seekId += 1);
    this.covered = false;
    this.set({ position, seeking: true, ended: false });
    this.lastTick = performance.now();
    return new Promise((resolve) => {
      this.draw(this.timeline.countUntil(position), () => {
        if (id === this.seekId) this.set({ seeking: false });
        resolve();
      });
    });
  }

  /** One frame (the screen after the next or the previous event) on, or back; playing stops first. */
  step(frames: 1 | -1): Promise<void> {
    this.pause();
    const { timeline } = this;
    const shown = timeline.countUntil(this.state.position);
    if (frames > 0) return shown < timeline.length ? this.seek(timeline.times[shown]) : Promise.resolve();
    // Back past every event of the frame shown (events of one second are one frame).
    const before = shown > 0 ? timeline.countBefore(timeline.times[shown - 1]) : 0;
    return this.seek(before > 0 ? timeline.times[before - 1] : 0);
  }

  /** A poster: the screen at `time` while the clock stays; playing or seeking shows the clock's screen again. */
  showFrame(time: number): Promise<void> {
    this.covered = true;
    return new Promise((resolve) => this.draw(this.timeline.countUntil(Math.max(0, time)), resolve));
  }

  /** A poster of text, written as terminal output on an empty screen of the recording's size. */
  showText(text: string): void {
    this.covered = true;
    this.screen.reset(this.timeline.header.cols, this.timeline.header.rows);
    this.screen.write(text);
    this.applied = Infinity;
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.keyframes.dispose();
    this.screen.dispose();
    this.listeners.clear();
  }

  /** The screen after events [0, target): on from what it shows, or from the nearest snapshot. */
  private draw(target: number, done: () => void): void {
    const frame = this.keyframes.nearest(target);
    const onward = target >= this.applied ? this.timeline.bytesBetween(this.applied, target) : Infinity;
    // Onward from what the screen shows, unless a snapshot is closer (a command's own, most often).
    if (
      onward <= FORWARD_REPLAY_BYTES &&
      onward <= this.timeline.bytesBetween(frame.index, target) + frame.screen.length
    ) {
      this.screen.play(this.timeline, this.applied, target, done);
    } else {
      this.screen.reset(frame.cols, frame.rows);
      this.screen.write(frame.screen);
      this.screen.play(this.timeline, frame.index, target, done);
    }
    this.applied = target;
  }

  /** Indexes of the markers in (from, to]. */
  private passed(from: number, to: number): number[] {
    const indexes: number[] = [];
    this.markers.forEach((time, index) => {
      if (time > from && time <= to) indexes.push(index);
    });
    return indexes;
  }

  private tick = (now: number): void => {
    if (!this.state.playing) return;
    const elapsed = ((now - this.lastTick) / 1000) * this.state.speed;
    this.lastTick = now;
    const { timeline } = this;
    const from = this.state.position;
    // While the file still downloads, the clock waits at what has arrived.
    let position = Math.min(from + elapsed, timeline.duration);
    const passed = this.passed(from, position);
    const stopAt = this.pauseOnMarkers ? passed[0] : undefined;
    if (stopAt !== undefined) position = this.markers[stopAt];
    const target = timeline.countUntil(position);
    if (target > this.applied) {
      this.screen.play(timeline, this.applied, target);
      this.applied = target;
    }
    if (stopAt !== undefined) {
      // The marker is told first, at its second; then the pause.
      this.set({ position });
      this.onMarker(stopAt);
      this.pause();
      return;
    }
    this.set({ position });
    for (const index of passed) this.onMarker(index);
    if (!this.state.playing) return; // a marker's listener paused
    if (timeline.complete && position >= timeline.duration) {
      if (this.loop === true || this.loops < Number(this.loop)) {
        this.loops += 1;
        void this.seek(0);
      } else {
        this.set({ playing: false, ended: true });
        this.onEnded();
        return;
      }
    }
    this.frame = requestAnimationFrame(this.tick);
  };

  private set(patch: Partial<EngineState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}

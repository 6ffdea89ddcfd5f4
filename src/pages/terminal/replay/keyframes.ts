import type { Resize, Timeline } from './timeline.ts';

// Seeking a long recording by replaying it from the start takes seconds (asciinema-player measured
// 1.6 s in a one-hour, 28 MB cast). Instead a hidden headless terminal runs through the recording
// once, in the background, and keeps a snapshot of its screen (serialized as escape sequences) every
// KEY_SECONDS or KEY_BYTES of output; a seek restores the nearest snapshot and replays only the rest.
// @xterm/headless 6.0 pairs with @xterm/addon-serialize 0.14; the snapshot is plain terminal data,
// so the visible @xterm/xterm 5.5 terminal draws it like any output. A snapshot is also kept at each
// second named by `markAt` (the commands' seconds): a jump to a command restores its screen and replays
// nothing, whatever the output around it.

const KEY_SECONDS = 5;
const KEY_BYTES = 64 * 1024;

export interface Keyframe {
  /** Events applied before this snapshot (the snapshot is the screen after events [0, index)). */
  index: number;
  cols: number;
  rows: number;
  screen: string;
}

interface Serializer {
  serialize(options?: { scrollback?: number }): string;
}
interface Headless {
  cols: number;
  rows: number;
  write(data: string, callback?: () => void): void;
  resize(cols: number, rows: number): void;
  dispose(): void;
}

export class Keyframes {
  /** The screen before any event is an empty terminal of the header's size. */
  readonly frames: Keyframe[];
  private fed = 0;
  private lastTime = 0;
  private lastBytes = 0;
  private terminal: Headless | null = null;
  private serializer: Serializer | null = null;
  private disposed = false;
  private finished = false;
  /** Seconds that get a snapshot of their own (sorted), and the next one the feed has not passed. */
  private marks: number[] = [];
  private nextMark = 0;
  /** Reports how far the snapshots reach (seconds) and whether they cover the whole recording. */
  onIndexed: (seconds: number, complete: boolean) => void = () => {};

  constructor(private readonly timeline: Timeline) {
    const { cols, rows } = timeline.header;
    this.frames = [{ index: 0, cols, rows, screen: '' }];
  }

  /** Keeps a snapshot of the screen at each of these seconds (after every event at or before it). */
  markAt(seconds: number[]): void {
    this.marks = [...seconds].sort((a, b) => a - b);
    this.nextMark = 0;
  }

  async start(): Promise<void> {
    const [{ Terminal }, { SerializeAddon }] = await Promise.all([
      import('@xterm/headless/lib-headless/xterm-headless.mjs'),
      import('@xterm/addon-serialize'),
    ]);
    if (this.disposed) return;
    const { cols, rows } = this.timeline.header;
    const terminal = new Terminal({ cols, rows, scrollback: 0, allowProposedApi: true });
    const serializer = new SerializeAddon();
    terminal.loadAddon(serializer as never);
    this.terminal = terminal as unknown as Headless;
    this.serializer = serializer;
    this.frames[0] = { index: 0, cols, rows, screen: '' };
    this.feed();
  }

  /** Hands the events that arrived since the last call to the headless terminal (it parses them in slices). */
  feed(): void {
    const { terminal, timeline } = this;
    if (!terminal || this.disposed) return;
    while (this.fed < timeline.length) {
      const index = this.fed;
      const time = timeline.times[index];
      let marked = false;
      while (this.nextMark < this.marks.length && this.marks[this.nextMark] < time) {
        marked = true;
        this.nextMark += 1;
      }
      if (marked || time - this.lastTime >= KEY_SECONDS || timeline.offsets[index] - this.lastBytes >= KEY_BYTES) {
        this.lastTime = time;
        this.lastBytes = timeline.offsets[index];
        terminal.write('', () => this.snapshot(index));
      }
      const data = timeline.data[index];
      if (typeof data === 'string') terminal.write(data);
      else terminal.write('', () => this.resize(data));
      this.fed += 1;
    }
    if (timeline.complete && !this.finished) {
      this.finished = true;
      // Marks after the last event: the screen at its end.
      const end = timeline.length;
      if (this.nextMark < this.marks.length && end > 0) terminal.write('', () => this.snapshot(end));
      terminal.write('', () => this.onIndexed(timeline.duration, true));
    }
  }

  /** The latest snapshot at or before `count` events. */
  nearest(count: number): Keyframe {
    let low = 0;
    let high = this.frames.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.frames[mid].index <= count) low = mid;
      else high = mid - 1;
    }
    return this.frames[low];
  }

  dispose(): void {
    this.disposed = true;
    this.terminal?.dispose();
    this.terminal = null;
  }

  private resize({ cols, rows }: Resize): void {
    this.terminal?.resize(cols, rows);
  }

  private snapshot(index: number): void {
    const { terminal, serializer } = this;
    if (!terminal || !serializer) return;
    this.frames.push({
      index,
      cols: terminal.cols,
      rows: terminal.rows,
      screen: serializer.serialize({ scrollback: 0 }),
    });
    this.onIndexed(this.timeline.times[index] ?? this.timeline.duration, false);
  }
}

// The recording as the player holds it: parallel arrays (one entry per asciicast event) that grow
// while the file streams in, with the lookups seeking needs. Times are the player's seconds: with an
// idle time limit, every pause longer than the limit is cut to it as the events arrive (as
// asciinema-player does), and `playTime` maps a second of the recording onto that clock.

export interface CastHeader {
  cols: number;
  rows: number;
  /** Epoch seconds of the first event, when the recorder wrote it. */
  timestamp?: number;
  /** The recorder's own idle time limit (`idle_time_limit`), used when the player is given none. */
  idleTimeLimit?: number;
}

/** A terminal resize inside the recording ("r" event), kept as data the screen understands. */
export interface Resize {
  cols: number;
  rows: number;
}

/** A point of the recording with a name ("m" event, or the player's `markers`). */
export interface Marker {
  time: number;
  label: string;
}

export class Timeline {
  header: CastHeader = { cols: 80, rows: 24 };
  readonly times: number[] = [];
  /** Output text, or a Resize for an "r" event. */
  readonly data: (string | Resize)[] = [];
  /** Bytes of output before each event: bounds how much a seek has to replay. */
  readonly offsets: number[] = [];
  /** The recording's own markers ("m" events), on the player's clock. */
  readonly markers: Marker[] = [];
  bytes = 0;
  complete = false;
  /** Pauses longer than this many seconds are cut to it; Infinity: none. */
  idleLimit = Infinity;
  /** Each event's second in the recording, kept only when pauses are cut (`playTime` needs them). */
  private readonly raw: number[] = [];
  private lastRaw = 0;
  private cut = 0;

  /** `idleTimeLimit`: the player's limit, which wins over the recording's own. */
  constructor(private readonly idleTimeLimit?: number) {}

  get length(): number {
    return this.times.length;
  }

  get duration(): number {
    return this.times.length ? this.times[this.times.length - 1] : 0;
  }

  /** Whether pauses are being cut (then seconds of the recording differ from the player's). */
  get limited(): boolean {
    return this.idleLimit < Infinity;
  }

  setHeader(header: CastHeader): void {
    this.header = header;
    const limit = this.idleTimeLimit ?? header.idleTimeLimit;
    this.idleLimit = limit !== undefined && limit > 0 && Number.isFinite(limit) ? limit : Infinity;
  }

  push(time: number, data: string | Resize): void {
    const at = this.place(time);
    if (this.limited) this.raw.push(this.lastRaw);
    // A recorder's clock never runs backwards; a damaged file must not break the binary searches.
    const last = this.duration;
    this.times.push(at < last ? last : at);
    this.data.push(data);
    this.offsets.push(this.bytes);
    if (typeof data === 'string') this.bytes += data.length;
  }

  mark(time: number, label: string): void {
    this.markers.push({ time: this.place(time), label });
  }

  /** A second of the recording on the player's clock (the same second unless pauses are cut). */
  playTime(seconds: number): number {
    if (!this.limited) return seconds;
    const before = upperBound(this.raw, seconds) - 1;
    if (before < 0) return Math.min(seconds, this.idleLimit);
    return this.times[before] + Math.min(seconds - this.raw[before], this.idleLimit);
  }

  /** Number of events at or before `time` (the index of the first event after it). */
  countUntil(time: number): number {
    return upperBound(this.times, time);
  }

  /** Number of events before `time`. */
  countBefore(time: number): number {
    let low = 0;
    let high = this.times.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.times[mid] < time) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Output bytes of events [from, to). */
  bytesBetween(from: number, to: number): number {
    const end = to < this.offsets.length ? this.offsets[to] : this.bytes;
    return end - (from < this.offsets.length ? this.offsets[from] : this.bytes);
  }

  /** The player's second of an event at `time` of the recording; a pause before it longer than the limit is cut. */
  private place(time: number): number {
    const pause = time - this.lastRaw;
    if (pause > this.idleLimit) this.cut += pause - this.idleLimit;
    if (time > this.lastRaw) this.lastRaw = time;
    return time - this.cut;
  }
}

/** Index of the first entry of sorted `values` above `value`. */
function upperBound(values: number[], value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (values[mid] <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}

// The recording as the player holds it: parallel arrays (one entry per asciicast event) that grow
// while the file streams in, with the lookups seeking needs.

export interface CastHeader {
  cols: number
  rows: number
  /** Epoch seconds of the first event, when the recorder wrote it. */
  timestamp?: number
}

/** A terminal resize inside the recording ("r" event), kept as data the screen understands. */
export interface Resize { cols: number; rows: number }

export class Timeline {
  header: CastHeader = { cols: 80, rows: 24 }
  readonly times: number[] = []
  /** Output text, or a Resize for an "r" event. */
  readonly data: (string | Resize)[] = []
  /** Bytes of output before each event: bounds how much a seek has to replay. */
  readonly offsets: number[] = []
  bytes = 0
  complete = false

  get length(): number {
    return this.times.length
  }

  get duration(): number {
    return this.times.length ? this.times[this.times.length - 1] : 0
  }

  push(time: number, data: string | Resize): void {
    // A recorder's clock never runs backwards; a damaged file must not break the binary searches.
    const last = this.duration
    this.times.push(time < last ? last : time)
    this.data.push(data)
    this.offsets.push(this.bytes)
    if (typeof data === 'string') this.bytes += data.length
  }

  /** Number of events at or before `time` (the index of the first event after it). */
  countUntil(time: number): number {
    let low = 0
    let high = this.times.length
    while (low < high) {
      const mid = (low + high) >> 1
      if (this.times[mid] <= time) low = mid + 1
      else high = mid
    }
    return low
  }

  /** Output bytes of events [from, to). */
  bytesBetween(from: number, to: number): number {
    const end = to < this.offsets.length ? this.offsets[to] : this.bytes
    return end - (from < this.offsets.length ? this.offsets[from] : this.bytes)
  }
}

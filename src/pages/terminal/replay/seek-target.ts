import { nextMarker, previousMarker, type Marker } from './markers.ts';
import type { PlacedCommand } from './replay-data.ts';

// Where seek() goes: asciinema-player's targets (seconds, "50%", "<<" and ">>" for 5 s, "<<<" and ">>>"
// for a tenth of the recording, { marker: index | "prev" | "next" }) and the id of one of the session's
// commands. The keyboard goes through the same targets.

export type SeekTarget = number | string | { marker: number | 'prev' | 'next' };

export interface SeekContext {
  position: number;
  duration: number;
  playing: boolean;
  markers: Marker[];
  commands: PlacedCommand[];
}

const STEP_SECONDS = 5;
const STEP_SHARE = 0.1;
const PERCENT = /^(-?\d+(?:\.\d+)?)%$/;

/** Seconds on the player's clock (not yet limited to the recording); a RangeError for a target the session does not have. */
export function seekSeconds(to: SeekTarget, { position, duration, playing, markers, commands }: SeekContext): number {
  if (typeof to === 'number') {
    if (Number.isFinite(to)) return to;
  } else if (typeof to === 'string') {
    const relative = {
      '<<': -STEP_SECONDS,
      '>>': STEP_SECONDS,
      '<<<': -STEP_SHARE * duration,
      '>>>': STEP_SHARE * duration,
    }[to];
    if (relative !== undefined) return position + relative;
    const percent = PERCENT.exec(to);
    if (percent) return (Number(percent[1]) / 100) * duration;
    if (to.trim() !== '' && Number.isFinite(Number(to))) return Number(to);
    const command = commands.find((placed) => placed.id === to);
    if (command) return command.offset;
    throw new RangeError(`no command ${to} in this session`);
  } else if (to && typeof to === 'object') {
    if (to.marker === 'prev') return previousMarker(markers, position, playing);
    if (to.marker === 'next') return nextMarker(markers, position, duration);
    const marker = Number.isInteger(to.marker) ? markers[to.marker] : undefined;
    if (marker) return marker.time;
    throw new RangeError(`no marker ${String(to.marker)} in this recording`);
  }
  throw new RangeError(`not a place in the recording: ${JSON.stringify(to)}`);
}

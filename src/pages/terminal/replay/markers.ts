import type { PlacedCommand } from './replay-data.ts';
import type { Marker } from './timeline.ts';

// Markers are the points of a recording a viewer jumps between (`[` and `]`, seek({ marker }), the dots
// on the progress bar) and that playing reports as it passes them. As in asciinema-player, they come
// from the `markers` option or else from the recording; a session recorded by the bastion has none of
// its own, so there its commands are the markers.

export type { Marker };

/** How long after a marker going back still means the one before it, while playing (asciinema-player's second). */
const SAME_MARKER_SECONDS = 1;

/**
 * The `markers` option as asciinema-player takes it: seconds, or `[seconds, label]`, or a list mixing
 * both (the player's clock, after an idle time limit). Undefined when it is no list of markers.
 */
export function parseMarkers(value: unknown): Marker[] | undefined {
  const entries = typeof value === 'number' ? [value] : value;
  if (!Array.isArray(entries)) return undefined;
  const markers = entries.flatMap((entry: unknown): Marker[] => {
    if (typeof entry === 'number') return [{ time: entry, label: '' }];
    if (Array.isArray(entry) && typeof entry[0] === 'number')
      return [{ time: entry[0], label: entry[1] === undefined ? '' : String(entry[1]) }];
    return [];
  });
  return markers.filter((marker) => Number.isFinite(marker.time) && marker.time >= 0).sort((a, b) => a.time - b.time);
}

/** The markers in force: the option's, else the recording's own, else the session's commands. */
export function playerMarkers(option: Marker[] | undefined, recorded: Marker[], commands: PlacedCommand[]): Marker[] {
  if (option) return option;
  if (recorded.length) return recorded;
  return commands.map((command) => ({ time: command.offset, label: command.input }));
}

/** The marker to go back to from `position` (playing just past one, the one before it); the start when none. */
export function previousMarker(markers: Marker[], position: number, playing: boolean): number {
  const before = (time: number) => markers.filter((marker) => marker.time < time).at(-1)?.time;
  const time = before(position) ?? 0;
  return playing && position - time < SAME_MARKER_SECONDS ? (before(time) ?? 0) : time;
}

/** The next marker after `position`; the end when none. */
export function nextMarker(markers: Marker[], position: number, end: number): number {
  return markers.find((marker) => marker.time > position)?.time ?? end;
}

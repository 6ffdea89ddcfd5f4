import { memo } from 'react';
import { useT } from '../../../core/i18n/index.ts';
import { clockText } from './clock-text.ts';
import type { Marker } from './markers.ts';

interface ProgressBarProps {
  position: number;
  duration: number;
  markers: Marker[];
  disabled: boolean;
  onSeek: (seconds: number) => void;
}

/**
 * The markers as dots on the bar; a click goes there. Out of the Tab order: the keyboard has `[` and `]`,
 * and the command list. Drawn again only when the markers or the length change, not on every frame.
 */
const MarkerDots = memo(function MarkerDots({
  markers,
  duration,
  onSeek,
}: Pick<ProgressBarProps, 'markers' | 'duration' | 'onSeek'>) {
  const t = useT();
  return (
    <div className="replay-markers">
      {duration > 0 &&
        markers.map((marker, index) => {
          if (marker.time > duration) return null; // not arrived yet
          const name = `${t('replay.marker', { time: clockText(marker.time) })}${marker.label ? `: ${marker.label}` : ''}`;
          return (
            <button
              key={index}
              type="button"
              tabIndex={-1}
              className="replay-marker"
              data-time={marker.time}
              style={{ left: `${(marker.time / duration) * 100}%` }}
              title={name}
              aria-label={name}
              onClick={() => onSeek(marker.time)}
            />
          );
        })}
    </div>
  );
});

/** The scrubber, with the markers on it. */
export function ProgressBar({ position, duration, markers, disabled, onSeek }: ProgressBarProps) {
  const t = useT();
  return (
    <div className="replay-progress">
      <input
        type="range"
        className="replay-scrubber"
        aria-label={t('replay.position')}
        disabled={disabled}
        min={0}
        max={duration}
        step={0.1}
        value={position}
        onChange={(event) => onSeek(Number(event.target.value))}
      />
      <MarkerDots markers={markers} duration={duration} onSeek={onSeek} />
    </div>
  );
}

import { useT } from '../../../core/i18n/index.ts';
import { clockText } from './clock-text.ts';
import { SPEEDS, type EngineState } from './engine.ts';
import type { Marker } from './markers.ts';
import { ProgressBar } from './ProgressBar.tsx';

interface ControlsProps {
  state: EngineState;
  markers: Marker[];
  /** Off until the recording has opened. */
  enabled: boolean;
  fullscreen: boolean;
  onToggle: () => void;
  onSeek: (seconds: number) => void;
  onSpeed: (speed: number) => void;
  onFullscreen: () => void;
}

/** Play/pause, the progress bar, the time, the speed, fullscreen, then the host's own controls. */
export function Controls({
  state,
  markers,
  enabled,
  fullscreen,
  onToggle,
  onSeek,
  onSpeed,
  onFullscreen,
}: ControlsProps) {
  const t = useT();
  return (
    <div className="replay-controls" part="controls">
      <button
        type="button"
        className="replay-toggle"
        disabled={!enabled}
        aria-pressed={state.playing}
        onClick={onToggle}
      >
        {state.playing ? t('replay.pause') : t('replay.play')}
      </button>
      <ProgressBar
        position={state.position}
        duration={state.duration}
        markers={markers}
        disabled={!enabled}
        onSeek={onSeek}
      />
      <span className="replay-time">
        {clockText(state.position)} / {clockText(state.duration)}
      </span>
      <select
        className="replay-speed"
        aria-label={t('replay.speed')}
        disabled={!enabled}
        value={state.speed}
        onChange={(event) => onSpeed(Number(event.target.value))}
      >
        {SPEEDS.map((value) => (
          <option key={value} value={value}>
            {value}×
          </option>
        ))}
      </select>
      <button type="button" className="replay-fullscreen" aria-pressed={fullscreen} onClick={onFullscreen}>
        {fullscreen ? t('replay.exitFullscreen') : t('replay.fullscreen')}
      </button>
      {/* The host's own controls after the player's (the element's `controls` slot). */}
      <slot name="controls" />
    </div>
  );
}

import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useHostApi } from '../../../core/ui/host-api.ts';
import { SPEEDS, type ReplayEngine } from './engine.ts';
import { keyAction, type KeyAction } from './keys.ts';
import type { Marker } from './markers.ts';
import type { PlacedCommand } from './replay-data.ts';
import { seekSeconds, type SeekTarget } from './seek-target.ts';

// What a viewer or the host page does to an open player: seek to any target (seek-target.ts), the keys
// (keys.ts), and the element's methods, registered on its host once the recording is open (play, pause
// and seek called earlier wait for it; the getters answer at once).

export interface PlayerActions {
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** Stable, for the memoised command list and marker dots. */
  seekSecond: (seconds: number) => void;
  jump: (command: PlacedCommand) => void;
}

export function usePlayerActions(
  root: RefObject<HTMLElement | null>,
  engine: ReplayEngine | undefined,
  commands: PlacedCommand[],
  markers: Marker[],
  toggleFullscreen: () => void,
): PlayerActions {
  const seekTo = (to: SeekTarget): Promise<void> => {
    if (!engine) return Promise.resolve();
    const { position, duration, playing } = engine.state;
    return engine.seek(seekSeconds(to, { position, duration, playing, markers, commands }));
  };
  const latest = useRef(seekTo);
  latest.current = seekTo;
  const [seekSecond] = useState(() => (seconds: number) => {
    void latest.current(seconds);
  });
  const [jump] = useState(() => (command: PlacedCommand) => {
    void latest.current(command.offset);
  });

  useHostApi(
    root,
    {
      play: () => engine?.play(),
      pause: () => engine?.pause(),
      seek: (to: SeekTarget) => seekTo(to),
      getCurrentTime: () => engine?.state.position,
      getDuration: () => engine?.state.duration,
    },
    Boolean(engine),
  );

  const act = (action: KeyAction) => {
    if (action.kind === 'fullscreen') return toggleFullscreen();
    if (!engine) return;
    if (action.kind === 'toggle') engine.toggle();
    else if (action.kind === 'seek') void seekTo(action.to);
    else if (action.kind === 'step') void engine.step(action.frames);
    else {
      const at = Math.max(0, Math.min(SPEEDS.length - 1, SPEEDS.indexOf(engine.state.speed) + action.by));
      engine.setSpeed(SPEEDS[at] ?? engine.state.speed);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const action = keyAction(event);
    if (!action) return;
    act(action);
    event.preventDefault();
  };
  return { onKeyDown, seekSecond, jump };
}

import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useT } from '../../../core/i18n/index.ts';
import { CommandList } from './CommandList.tsx';
import { Controls } from './Controls.tsx';
import type { EngineState, ReplayEngine } from './engine.ts';
import './i18n.ts';
import { openReplay, type OpenedReplay } from './load-replay.ts';
import { parseMarkers, playerMarkers, type Marker } from './markers.ts';
import { watchPlayback, type PlaybackTime } from './playback-events.ts';
import { parsePoster } from './poster.ts';
import { currentCommand, startSeconds, type PlacedCommand } from './replay-data.ts';
import type { ReplaySource } from './replay-source.ts';
import { loadTerminal } from './screen.ts';
import { fitMode, ScreenFit } from './screen-fit.ts';
import { REPLAY_CSS } from './styles.ts';
import { useFullscreen } from './use-fullscreen.ts';
import { useNarrow } from './use-narrow.ts';
import { usePlayerActions } from './use-player-actions.ts';

/** `duration`: the session's length as the server recorded it (null while it runs), the same on every load. */
export interface ReplayReadyDetail {
  session: string;
  duration: number | null;
  start: number;
  commands: number;
}

/** A marker playing has reached: its place among the markers, its second and its label. */
export interface MarkerReached {
  index: number;
  time: number;
  label: string;
}

export interface ReplayPlayerProps {
  sessionId: string;
  /** Seconds from the recording's start, or the id of one of the session's commands. */
  start?: number | string;
  /** 0.5 to 8. */
  speed?: number;
  /** The session's data, already being asked (the element starts it beside its sign-in check). */
  source?: ReplaySource;
  /** Plays as soon as the recording has opened (a poster is then not shown). */
  autoplay?: boolean;
  /** Plays again from the start at the end: always, or this many more times. */
  loop?: boolean | number;
  /** Cuts pauses longer than this many seconds to it (for the player's own source; the element gives its source this). */
  idleTimeLimit?: number;
  /** `npt:<time>` or `data:text/plain,<text>` (poster.ts). */
  poster?: string;
  /** `width`, `height`, `both`, `none` (screen-fit.ts). */
  fit?: string | boolean;
  /** `small`, `medium`, `big` or a CSS size: the font with `fit` none. */
  terminalFontSize?: string;
  /** asciinema-player's markers: seconds or [seconds, label] (default: the recording's, else the commands). */
  markers?: unknown;
  /** Playing stops at each marker. */
  pauseOnMarkers?: boolean;
  onReady?: (detail: ReplayReadyDetail) => void;
  onEnded?: () => void;
  onError?: (message: string, error: unknown) => void;
  onPlay?: (time: PlaybackTime) => void;
  onPause?: (time: PlaybackTime) => void;
  /** As frames are drawn, at most four times a second (playback-events.ts). */
  onTimeUpdate?: (time: PlaybackTime) => void;
  onMarker?: (marker: MarkerReached) => void;
}

// The terminal's chunk is only needed by the player: fetch it while the player renders and asks the API.
void loadTerminal();

const IDLE: EngineState = {
  playing: false,
  position: 0,
  speed: 1,
  duration: 0,
  seeking: false,
  ended: false,
  indexed: 0,
  indexComplete: false,
};
const noEngine = { subscribe: () => () => {}, getState: () => IDLE };

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Plays a session's recording (asciicast v2) beside its command list; see engine.ts and keyframes.ts. */
export function ReplayPlayer(props: ReplayPlayerProps) {
  const { sessionId, start, speed, source, loop, fit, terminalFontSize, pauseOnMarkers } = props;
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const screenHost = useRef<HTMLDivElement>(null);
  const [fitter] = useState(() => new ScreenFit());
  const [opened, setOpened] = useState<OpenedReplay | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [commands, setCommands] = useState<PlacedCommand[]>([]);
  // Callbacks and open-time options by ref: a parent passing new values each render must not reopen the recording.
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const host = screenHost.current;
    if (!host || !sessionId) return undefined;
    const controller = new AbortController();
    let engine: ReplayEngine | null = null;
    const fail = (error: unknown) => {
      if (controller.signal.aborted) return;
      setFailure(message(error));
      latest.current.onError?.(message(error), error);
    };
    setOpened(null);
    setFailure(null);
    setCommands([]);
    const { autoplay, poster, idleTimeLimit } = latest.current;
    openReplay({
      sessionId,
      start,
      speed,
      host,
      source,
      idleTimeLimit,
      signal: controller.signal,
      onLateError: fail,
      onCommands: setCommands,
      // As asciinema-player: a poster stands for the recording until playing starts, so not with autoplay.
      poster: autoplay ? undefined : parsePoster(poster),
      onScreen: (screen) => fitter.attach(host, screen),
    }).then((result) => {
      if (controller.signal.aborted) return result.engine.dispose();
      engine = result.engine;
      engine.onEnded = () => latest.current.onEnded?.();
      setOpened(result);
    }, fail);
    return () => {
      controller.abort();
      fitter.detach();
      engine?.dispose();
      host.replaceChildren();
    };
    // `start`, `speed` and the open-time options are read when a recording opens; a new start or speed alone does not reload it.
  }, [sessionId, source]);

  const engine = opened?.engine;
  // Before the ready effect below, which may start playing (autoplay): that is a play too.
  useEffect(() => (engine ? watchPlayback(engine, () => latest.current) : undefined), [engine]);
  // Ready once the controls and the command list are drawn, not merely loaded; the rest of the
  // recording and the seek snapshots once that frame has shown.
  useEffect(() => {
    if (!opened) return undefined;
    latest.current.onReady?.({
      session: sessionId,
      duration: opened.length,
      start: opened.start,
      commands: opened.commands.length,
    });
    // Opened at its end (a command at the recording's last moment): the screen stays there, where Play
    // would start over from the beginning — away from what the user came to see.
    if (latest.current.autoplay && !opened.engine.atEnd) opened.engine.play();
    let frame = requestAnimationFrame(() => {
      frame = 0;
      setTimeout(opened.background, 0);
    });
    return () => cancelAnimationFrame(frame);
  }, [opened, sessionId]);
  useEffect(() => {
    if (engine && speed !== undefined) engine.setSpeed(speed);
  }, [engine, speed]);
  useEffect(() => {
    if (engine) engine.loop = loop ?? false;
  }, [engine, loop]);
  useEffect(() => {
    if (engine) engine.pauseOnMarkers = Boolean(pauseOnMarkers);
  }, [engine, pauseOnMarkers]);
  // A `start` given after the recording opened moves there (the first one was where it opened).
  const openedStart = useRef(start);
  useEffect(() => {
    if (!opened || start === openedStart.current) return;
    openedStart.current = start;
    void opened.engine.seek(startSeconds(start, opened.commands, (seconds) => opened.timeline.playTime(seconds)));
  }, [opened, start]);

  const state = useSyncExternalStore((engine ?? noEngine).subscribe, (engine ?? noEngine).getState);
  const option = useMemo(() => parseMarkers(props.markers), [props.markers]);
  // The recording's own markers arrive with it: counted at each redraw (the length grows as it streams).
  const recorded = opened?.timeline.markers.length ?? 0;
  const markers = useMemo<Marker[]>(
    () => playerMarkers(option, opened?.timeline.markers.slice(0, recorded) ?? [], commands),
    [option, opened, recorded, commands],
  );
  useEffect(() => {
    if (!engine) return;
    engine.markers = markers.map((marker) => marker.time);
    engine.onMarker = (index) => latest.current.onMarker?.({ index, ...markers[index] });
  }, [engine, markers]);

  const { fullscreen, toggle: toggleFullscreen } = useFullscreen(root);
  const narrow = useNarrow(root);
  useLayoutEffect(
    () => fitter.set(fitMode(fit), terminalFontSize, fullscreen),
    [fitter, fit, terminalFontSize, fullscreen],
  );

  const current = currentCommand(commands, state.position);
  const { onKeyDown, seekSecond, jump } = usePlayerActions(
    root,
    engine,
    opened?.commands ?? commands,
    markers,
    toggleFullscreen,
  );

  const status = failure ? 'error' : opened ? 'ready' : 'loading';
  return (
    <div
      ref={root}
      className="replay-player"
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-state={status}
      data-playing={state.playing}
      data-layout={narrow ? 'narrow' : 'wide'}
      role="group"
      aria-label={t('replay.player')}
      aria-describedby="replay-keys"
      data-seeking={state.seeking}
      data-position={state.position.toFixed(2)}
      data-indexed={state.indexComplete ? 'complete' : state.indexed.toFixed(0)}
    >
      <style>{REPLAY_CSS}</style>
      <div className="replay-layout">
        <div className="replay-main">
          {failure && (
            <p className="replay-message replay-error" role="alert">
              {t('replay.failed', { message: failure })}
            </p>
          )}
          {status === 'loading' && <p className="replay-message">{t('replay.loading')}</p>}
          <div className="replay-screen" part="screen" ref={screenHost} />
          <Controls
            state={state}
            markers={markers}
            enabled={Boolean(engine)}
            fullscreen={fullscreen}
            onToggle={() => engine?.toggle()}
            onSeek={seekSecond}
            onSpeed={(value) => engine?.setSpeed(value)}
            onFullscreen={toggleFullscreen}
          />
          <span className="replay-keys" id="replay-keys">
            {t('replay.keys')}
          </span>
        </div>
        <CommandList commands={commands} current={current} onPick={jump} />
      </div>
    </div>
  );
}

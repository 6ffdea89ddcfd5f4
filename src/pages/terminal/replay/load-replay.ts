import { ReplayEngine } from './engine.ts';
import type { Poster } from './poster.ts';
import { sessionLength, startSeconds, type PlacedCommand } from './replay-data.ts';
import { ReplaySource } from './replay-source.ts';
import { Screen } from './screen.ts';
import type { Timeline } from './timeline.ts';

// Opening a replay, in the order that draws the first frame soonest: the terminal's code loads while
// the API answers (replay-source.ts, often started before the player by the element); the recording is
// read as far as the start position and the screen drawn there; the rest of the recording and the
// keyframes come after that frame has shown (`background`). With an idle time limit every second after
// a cut pause moves, so the whole recording is read first: the commands and `start` (seconds of the
// session) are then placed on the player's clock.

export interface OpenedReplay {
  engine: ReplayEngine;
  /** The recording (its own markers arrive with it). */
  timeline: Timeline;
  /** On the player's clock. */
  commands: PlacedCommand[];
  /** Where the screen was put (seconds). */
  start: number;
  /** The session's length as the server recorded it (null while it runs). */
  length: number | null;
  /** Reads the rest of the recording and builds the seek snapshots: call once the first frame has shown. */
  background: () => void;
}

export interface OpenOptions {
  sessionId: string;
  start?: number | string;
  speed?: number;
  host: HTMLElement;
  signal: AbortSignal;
  /** The session's data, already asked; without it the player asks itself (and stops it when closed). */
  source?: ReplaySource;
  /** For the player's own source: pauses longer than this many seconds are cut to it. */
  idleTimeLimit?: number;
  /** What the screen shows until playing starts (instead of the screen at `start`). */
  poster?: Poster;
  /** The recording could not be read whole after the player was ready. */
  onLateError: (error: unknown) => void;
  /** The session's commands, placed (before the screen is drawn: the list can draw meanwhile). */
  onCommands?: (commands: PlacedCommand[]) => void;
  /** The terminal is open (empty): it can be sized before anything is drawn in it. */
  onScreen?: (screen: Screen) => void;
}

export async function openReplay(options: OpenOptions): Promise<OpenedReplay> {
  const { sessionId, start, speed, host, signal, source: given, poster, onLateError, onCommands, onScreen } = options;
  const source = given ?? new ReplaySource(sessionId, options.idleTimeLimit);
  if (!given) signal.addEventListener('abort', () => source.abort(), { once: true });
  const screenLoad = Screen.open(host, 80, 24).then((screen) => {
    if (!signal.aborted) onScreen?.(screen);
    return screen;
  });
  // Marks (replay:*) let the bench tell where a first frame's time goes.
  performance.mark('replay:open');
  const { timeline } = source;
  let engine: ReplayEngine | null = null;
  let ready = false;
  const stop = source.listen(() => {
    if (engine && !signal.aborted) engine.dataArrived();
    if (ready && source.failure) {
      stop();
      onLateError(source.failure);
    }
  });
  signal.addEventListener('abort', stop, { once: true });
  // Early, unless pauses are cut: then the commands' seconds are known once the recording is read.
  const firstEvents = () => source.waitFor(() => timeline.length > 0 || timeline.complete);
  if (onCommands) {
    Promise.all([source.commands, firstEvents()]).then(
      ([commands]) => {
        if (!signal.aborted && !timeline.limited) onCommands(commands);
      },
      () => {},
    );
  }
  try {
    await source.replay;
    performance.mark('replay:meta');
    const screen = await screenLoad;
    performance.mark('replay:terminal');
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    await firstEvents();
    performance.mark('replay:first-events');
    engine = new ReplayEngine(timeline, screen, speed);
    engine.dataArrived();
    screen.reset(timeline.header.cols, timeline.header.rows);
    if (timeline.limited) {
      source.release();
      await source.waitFor(() => timeline.complete);
    }
    const recorded = await source.commands;
    const commands = timeline.limited
      ? recorded.map((command) => ({ ...command, offset: timeline.playTime(command.offset) }))
      : recorded;
    if (timeline.limited) onCommands?.(commands);
    const length = sessionLength(await source.session.catch(() => null));
    performance.mark('replay:commands');
    // A snapshot at each command's second: a jump to a command replays nothing.
    engine.keyframes.markAt(commands.map((command) => command.offset));
    const at = startSeconds(start, commands, (seconds) => timeline.playTime(seconds));
    const shown = poster?.type === 'frame' ? Math.max(at, poster.time) : at;
    source.readUntil(shown);
    // Past `shown`: every event at that second has arrived.
    await source.waitFor(() => timeline.complete || timeline.duration > shown);
    await engine.seek(at);
    if (poster?.type === 'frame') await engine.showFrame(poster.time);
    else if (poster?.type === 'text') engine.showText(poster.text);
    performance.mark('replay:drawn');
    ready = true;
    if (source.failure) onLateError(source.failure);
    const opened = engine;
    const background = () => {
      if (signal.aborted) return;
      source.release();
      void opened.keyframes.start();
    };
    return { engine, timeline, commands, start: at, length, background };
  } catch (error) {
    stop();
    if (engine) engine.dispose();
    else
      void screenLoad.then(
        (screen) => screen.dispose(),
        () => {},
      );
    throw error;
  }
}

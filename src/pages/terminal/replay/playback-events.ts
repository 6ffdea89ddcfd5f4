import type { EngineState, ReplayEngine } from './engine.ts';

// What a host hears of playing: play and pause as the clock starts and stops (reaching the end is
// `ended`, not a pause), and the time as frames are drawn, at most every TIME_UPDATE_MS: a screen
// redrawn 60 times a second would otherwise send 60 events a second. The last time is always sent.

export interface PlaybackTime {
  currentTime: number;
  duration: number;
}

export interface PlaybackHandlers {
  onPlay?: (time: PlaybackTime) => void;
  onPause?: (time: PlaybackTime) => void;
  onTimeUpdate?: (time: PlaybackTime) => void;
}

export const TIME_UPDATE_MS = 250;

const timeOf = (state: EngineState): PlaybackTime => ({ currentTime: state.position, duration: state.duration });

/** Calls the handlers (read each time: they may change) as `engine` plays; returns the unsubscribe. */
export function watchPlayback(engine: ReplayEngine, handlers: () => PlaybackHandlers): () => void {
  let last = engine.state;
  let sentAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sendTime = () => {
    // A timer that is late (a busy page) may still be pending when a frame finds the wait over and sends:
    // it must not send again right after.
    clearTimeout(timer);
    timer = undefined;
    sentAt = performance.now();
    handlers().onTimeUpdate?.(timeOf(engine.state));
  };
  const stop = engine.subscribe(() => {
    const now = engine.state;
    if (now.playing && !last.playing) handlers().onPlay?.(timeOf(now));
    if (!now.playing && last.playing && !now.ended) handlers().onPause?.(timeOf(now));
    if (now.position !== last.position || now.duration !== last.duration) {
      const wait = sentAt + TIME_UPDATE_MS - performance.now();
      if (wait <= 0) sendTime();
      else timer ??= setTimeout(sendTime, wait);
    }
    last = now;
  });
  return () => {
    stop();
    clearTimeout(timer);
  };
}

import { apiUrl } from '../../../core/http.ts';
import type { HttpError } from '../../../core/http-error.ts';
import { streamCast } from './cast-stream.ts';
import {
  apiHeaders,
  loadCommands,
  loadReplay,
  loadSession,
  placeCommands,
  sessionStart,
  type PlacedCommand,
  type ReplayInfo,
  type SessionInfo,
} from './replay-data.ts';
import { Timeline } from './timeline.ts';

// Everything a replay reads from the API, asked at once: the session, the replay's `src` and, as
// soon as that is known, the recording itself (streamed into a Timeline), and the commands. The
// embeddable element starts it while its sign-in check is still under way, before the player's code
// has loaded, so the first frame waits for one round of requests instead of three in a row; the
// player opens its own when nobody started one for it (the console's session detail page).
//
// The recording is read only as far as the first frame needs (`readUntil`), then held until the
// player has drawn it (`release`): reading a long recording is seconds of parsing that would share
// the page with the player's first frame (measured: 400 ms of a 1.3 s first frame, under load).

export class ReplaySource {
  readonly timeline: Timeline;
  /** The org the requests were made in (the saved org, before the sign-in check has picked one). */
  readonly orgId: string | undefined;
  readonly replay: Promise<ReplayInfo>;
  /** The session itself (its start and end: the length the player reports). */
  readonly session: Promise<SessionInfo>;
  readonly commands: Promise<PlacedCommand[]>;
  /** Resolves once the recording has been read whole. */
  readonly streamed: Promise<void>;
  /** Why the recording could not be read (set once `streamed` rejected). */
  failure: unknown = null;
  private readonly controller = new AbortController();
  private readonly listeners = new Set<() => void>();
  /** Seconds of the recording read before the reading holds; null once released. */
  private until: number | null = 0;
  private resume: (() => void) | null = null;

  /** `idleTimeLimit`: pauses longer than this many seconds are cut to it (default: the recording's own limit, if any). */
  constructor(
    readonly sessionId: string,
    idleTimeLimit?: number,
  ) {
    this.timeline = new Timeline(idleTimeLimit);
    const headers = apiHeaders();
    this.orgId = headers['X-JMS-ORG'];
    this.replay = loadReplay(sessionId, headers);
    const session = loadSession(sessionId, headers);
    this.session = session;
    this.commands = Promise.all([loadCommands(sessionId, headers), session]).then(([rows, info]) =>
      placeCommands(rows, sessionStart(info)),
    );
    this.streamed = this.replay.then((replay) =>
      streamCast(apiUrl(replay.src as string), this.timeline, {
        onProgress: () => this.progress(),
        signal: this.controller.signal,
        headers: { ...headers, Accept: '*/*' },
        gate: () => this.gate(),
      }),
    );
    // Each is reported where it is awaited; none may surface as an unhandled rejection meanwhile.
    for (const promise of [this.replay, this.session, this.commands]) promise.catch(() => {});
    this.streamed.catch((error: unknown) => {
      this.failure = error;
      this.progress();
    });
  }

  /** Reads on until `seconds` of the recording have arrived (then holds again, until `release`). */
  readUntil(seconds: number): void {
    if (this.until === null || seconds <= this.until) return;
    this.until = seconds;
    this.wake();
  }

  /** Reads the rest of the recording. */
  release(): void {
    this.until = null;
    this.wake();
  }

  /** Runs `listener` after each piece of the recording arrives (and once more when it ends or fails). */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once `test` holds for what has arrived; rejects when the recording cannot be read. */
  waitFor(test: () => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (test()) resolve();
        else if (this.failure) reject(this.failure);
        else return;
        stop();
      };
      const stop = this.listen(check);
      check();
    });
  }

  /** Whether the server refused because nobody is signed in. */
  static unauthorized(error: unknown): boolean {
    return (error as HttpError | null)?.status === 401;
  }

  /** The HTTP status of a failure (0 when there was no answer or it was no HTTP failure). */
  static status(error: unknown): number {
    return (error as HttpError | null)?.status ?? 0;
  }

  abort(): void {
    this.controller.abort();
    this.listeners.clear();
    this.release();
  }

  private gate(): Promise<void> | undefined {
    const { timeline, until } = this;
    // The header and a first event are always read: the screen's size comes from them.
    if (until === null || timeline.length === 0 || timeline.duration <= until) return undefined;
    return new Promise((resolve) => {
      this.resume = resolve;
    });
  }

  private wake(): void {
    const resume = this.resume;
    this.resume = null;
    resume?.();
  }

  private progress(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

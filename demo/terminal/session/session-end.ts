// What every recorded session (recorded-session.ts; SSH and SQL kinds) does the same way: the
// idle timeout (the server's SECURITY_MAX_IDLE_TIME, read at each key) and, at its end, the recording and
// the close sent through the journaled outbox after the session's commands: a server away, or this
// terminal killed, delays them but loses nothing. The user waits for one try only.
import { ApiError } from '../delivery/api.ts';
import type { AsciicastRecorder } from '../recordings/asciicast.ts';
import type { Services } from '../services.ts';

/** How long a session's end waits for its recording's last writes before the user is let go. */
const RECORDING_WAIT_MS = 2000;

export class IdleTimer {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly services: Services,
    private readonly onIdle: () => void,
  ) {}

  /** A key from the user: the timeout starts again. */
  touch(): void {
    const minutes = Number(this.services.config.SECURITY_MAX_IDLE_TIME) || 0;
    if (!minutes) return;
    this.stop();
    this.timer = setTimeout(this.onIdle, minutes * 60_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

export async function closeSession(
  services: Services,
  sessionId: string,
  recording: string | null,
  commandCount: number,
  dateEnd = new Date().toISOString(),
): Promise<void> {
  const { outbox } = services;
  const queued = outbox.end(sessionId, recording, {
    is_finished: true,
    date_end: dateEnd,
    has_command: commandCount > 0,
  });
  await outbox.flush(queued);
}

/**
 * The recording complete on disk, then the session's end (closeSession): the upload must not start before
 * the last of the screen is in the file. A disk that refuses those writes does not keep the user waiting:
 * the end is queued once they are written (the recorder retries until space returns); a terminal stopped
 * before then leaves the session to the next start's leftovers, with what the file holds.
 */
export async function closeRecorded(
  services: Services,
  sessionId: string,
  recorder: AsciicastRecorder,
  commandCount: number,
): Promise<void> {
  const dateEnd = new Date().toISOString();
  const written = recorder.close();
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    written.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), RECORDING_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  const queue = () => closeSession(services, sessionId, recorder.file, commandCount, dateEnd);
  if (inTime) return queue();
  services.log(`session ${sessionId}: its recording waits for the disk; the session is closed once it is written`);
  void written.then(queue);
}

/**
 * Creates the session on the server. When the answer is lost (no answer, a 5xx) the server may have made
 * the row all the same: its close is queued (no recording), so no session is left open on the server for
 * a connection that was never made. A refusal (4xx) made nothing.
 */
export async function postSession(services: Services, body: Record<string, unknown> & { id: string }): Promise<void> {
  try {
    await services.api.post('/api/v1/terminal/sessions/', body);
  } catch (error) {
    const refused = error instanceof ApiError && error.status < 500 && error.status !== 408 && error.status !== 429;
    if (!refused)
      services.outbox.end(body.id, null, { is_finished: true, date_end: new Date().toISOString(), has_command: false });
    throw error;
  }
}

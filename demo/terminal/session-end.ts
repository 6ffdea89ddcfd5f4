// What every recorded session (SSH: session.ts, SQL: database/database-session.ts) does the same way: the
// idle timeout (the server's SECURITY_MAX_IDLE_TIME, read at each key) and, at its end, the recording and
// the close sent through the journaled outbox after the session's commands: a server away, or this
// terminal killed, delays them but loses nothing. The user waits for one try only.
import type { Services } from './services.ts';

export class IdleTimer {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly services: Services, private readonly onIdle: () => void) {}

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

export async function closeSession(services: Services, sessionId: string, recording: string, commandCount: number): Promise<void> {
  const { outbox } = services;
  const queued = outbox.end(sessionId, recording, {
    is_finished: true, date_end: new Date().toISOString(), has_command: commandCount > 0,
  });
  await outbox.flush(queued);
}

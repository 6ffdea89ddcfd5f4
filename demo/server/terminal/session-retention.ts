// The one way session records leave the database: TERMINAL_SESSION_KEEP_DURATION days after it started
// (2.3's setting, default 200), a session goes with its commands and its recording, together, so nothing
// is left half-kept (2.3's DELETE took the session and left its commands as orphans; here no API call
// deletes any of them: audits/append-only.ts). A recording in an object store is queued for deletion in
// the same transaction and deleted from its store right after (replay-objects.ts); a store that fails
// keeps it queued for the next sweep. Swept when the server is ready and every hour after.
import type { FastifyInstance } from 'fastify';
import { periodTask } from '../ops/period-tasks.ts';
import type { DB } from '../core/db/open.ts';
import { isoAt } from '../core/lib/time.ts';
import type { TargetPolicy } from '../../shared/allowed-targets.ts';
import { deleteExpiredObjects } from './replay-objects.ts';
import { queueExpiredObjects } from './replay-object-store.ts';
import type { Settings } from '../core/context.ts';
import type { ReplayFiles } from './replay-files.ts';
import { deleteCommandsOf } from './command-store.ts';
import { deleteSession, sessionsStartedBefore } from './session-store.ts';

const SWEEP_EVERY_MS = 60 * 60_000;
const DAY_MS = 86_400_000;
/** Sessions removed per transaction: a large backlog does not hold the write lock for long. */
const BATCH = 500;

/** Deletes every session that started before the kept window, with its commands and recording; answers how many. */
export function expireSessions(db: DB, replays: ReplayFiles, settings: Settings, nowMs: number): number {
  const days = Number(settings.get<number>('TERMINAL_SESSION_KEEP_DURATION'));
  // Unreadable or below one day: keep everything (fail closed: records are never removed by mistake).
  if (!Number.isFinite(days) || days < 1) return 0;
  const before = isoAt(nowMs - days * DAY_MS);
  let removed = 0;
  for (;;) {
    const ids = sessionsStartedBefore(db, before, BATCH);
    if (!ids.length) return removed;
    db.transaction(() => {
      queueExpiredObjects(db, ids, isoAt(nowMs));
      for (const id of ids) {
        deleteCommandsOf(db, id);
        deleteSession(db, id);
      }
    })();
    // The files once the rows are gone: a crash in between leaves a file no row names (unreachable
    // through the API), never a kept session whose recording is gone.
    for (const id of ids) replays.remove(id);
    removed += ids.length;
  }
}

/** One sweep: the expired sessions' rows and files, then their objects in the stores. */
export async function sweepExpired(
  db: DB,
  replays: ReplayFiles,
  settings: Settings,
  nowMs: number,
  policy: TargetPolicy,
): Promise<void> {
  expireSessions(db, replays, settings, nowMs);
  await deleteExpiredObjects(db, policy);
}

export function keepSessionsForTheirTime(app: FastifyInstance, replays: ReplayFiles, policy: TargetPolicy): void {
  let timer: NodeJS.Timeout | null = null;
  const job = periodTask(app, {
    name: 'terminal.tasks.clean_expired_session_period',
    task: 'terminal.tasks.clean_expired_session_period',
    description: 'Remove sessions kept past TERMINAL_SESSION_KEEP_DURATION, with their commands and recordings',
  });
  let running: Promise<void> | null = null;
  const sweep = () => {
    const { db, settings, now } = app.bastion;
    if (!job.enabled) return;
    job.ran(now());
    running ??= sweepExpired(db, replays, settings, now(), policy)
      .catch((error: Error) => console.error(`session retention: ${error.message}`))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  // Before the database closes (onClose): a sweep deleting objects finishes first.
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

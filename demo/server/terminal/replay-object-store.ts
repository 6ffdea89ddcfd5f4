// The SQL of `replay_objects` (where a session's recording is kept in an object store, recorded once) and
// `expired_replay_objects` (objects of expired sessions still to delete from their stores). The calls to the
// stores themselves are replay-objects.ts's.
import type { DB } from '../core/db/open.ts';

export interface StoredObject {
  session_id: string;
  storage_id: string;
  bucket: string;
  object_key: string;
  size: number;
  sha256: string;
  date_stored: string;
}

export interface ExpiredObject {
  id: number;
  storage_id: string;
  bucket: string;
  object_key: string;
}

export function storedObject(db: DB, sessionId: string): StoredObject | undefined {
  return db.prepare('SELECT * FROM replay_objects WHERE session_id = ?').get(sessionId) as StoredObject | undefined;
}

/** Records where the session's recording is, once: answers the row that holds (this one, or the first). */
export function recordObject(db: DB, stored: StoredObject): StoredObject {
  db.prepare(
    `INSERT OR IGNORE INTO replay_objects (session_id, storage_id, bucket, object_key, size, sha256, date_stored)
    VALUES (@session_id, @storage_id, @bucket, @object_key, @size, @sha256, @date_stored)`,
  ).run(stored);
  return storedObject(db, stored.session_id)!;
}

/** Whether recordings are kept in, or still owed to, this storage (it must then keep its type and stay). */
export function storageInUse(db: DB, storageId: string): boolean {
  return (
    !!db.prepare('SELECT 1 FROM replay_objects WHERE storage_id = ? LIMIT 1').get(storageId) ||
    !!db.prepare('SELECT 1 FROM expired_replay_objects WHERE storage_id = ? LIMIT 1').get(storageId) ||
    !!db
      .prepare(
        `SELECT 1 FROM terminal_sessions s WHERE s.replay_storage = ? AND s.has_replay = 0
      AND NOT EXISTS (SELECT 1 FROM replay_objects o WHERE o.session_id = s.id) LIMIT 1`,
      )
      .get(storageId)
  );
}

/**
 * Queues the objects of these sessions for deletion (retention), in the caller's transaction, before their
 * rows go: a crash afterwards leaves the deletion queued, never an object no row names.
 */
export function queueExpiredObjects(db: DB, sessionIds: string[], stamp: string): void {
  const queue = db.prepare(`INSERT INTO expired_replay_objects (storage_id, bucket, object_key, date_expired)
    SELECT storage_id, bucket, object_key, ? FROM replay_objects WHERE session_id = ?`);
  const forget = db.prepare('DELETE FROM replay_objects WHERE session_id = ?');
  for (const id of sessionIds) {
    queue.run(stamp, id);
    forget.run(id);
  }
}

/** The oldest `limit` objects queued for deletion. */
export function expiredObjects(db: DB, limit: number): ExpiredObject[] {
  return db.prepare('SELECT * FROM expired_replay_objects ORDER BY id LIMIT ?').all(limit) as ExpiredObject[];
}

/** Deleted from its store: off the queue. */
export function forgetExpiredObject(db: DB, id: number): void {
  db.prepare('DELETE FROM expired_replay_objects WHERE id = ?').run(id);
}

/** Its store failed: stays queued, with why, for the next sweep. */
export function noteExpiredObjectFailure(db: DB, id: number, reason: string): void {
  db.prepare('UPDATE expired_replay_objects SET attempts = attempts + 1, last_error = ? WHERE id = ?').run(reason, id);
}

export default {
  id: 51,
  name: 'replay_objects',
  // Recordings kept in object stores (terminal/replay-objects.ts) and several terminals (terminal/terminal-report.ts):
  // - terminal_sessions.replay_storage: the replay storage (id) of the session's terminal when the session
  //   opened; its recording belongs there (NULL: the server's disk, as before). A storage changed on a
  //   terminal applies to its next sessions.
  // - replay_objects: where a session's recording is stored in an object store, written once when the
  //   terminal says it stored it and the server found it there (size, SHA-256 of the inflated asciicast).
  // - expired_replay_objects: objects retention removed the session of, still to delete from their store
  //   (queued in the transaction that deletes the rows; deleted by the sweep, retried while the store fails).
  // - terminals: where the server reaches each terminal's web door (http_host + http_port, reported by its
  //   heartbeat; '' = never reported), whether it takes new web-terminal sessions (an admin's choice), and
  //   what its heartbeat says of its uploads to the object store (how many wait, the first sessions of them,
  //   the last failure and since when).
  sql: `
      ALTER TABLE terminal_sessions ADD COLUMN replay_storage TEXT;
      CREATE TABLE replay_objects (
        session_id TEXT PRIMARY KEY REFERENCES terminal_sessions(id) ON DELETE CASCADE,
        storage_id TEXT NOT NULL, bucket TEXT NOT NULL, object_key TEXT NOT NULL,
        size INTEGER NOT NULL, sha256 TEXT NOT NULL, date_stored TEXT NOT NULL
      );
      CREATE INDEX replay_objects_storage ON replay_objects (storage_id);
      CREATE TABLE expired_replay_objects (
        id INTEGER PRIMARY KEY, storage_id TEXT NOT NULL, bucket TEXT NOT NULL, object_key TEXT NOT NULL,
        date_expired TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX expired_replay_objects_storage ON expired_replay_objects (storage_id);
      ALTER TABLE terminals ADD COLUMN http_host TEXT NOT NULL DEFAULT '';
      ALTER TABLE terminals ADD COLUMN accepts_web INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE terminals ADD COLUMN replay_pending INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE terminals ADD COLUMN replay_pending_ids TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE terminals ADD COLUMN replay_error TEXT NOT NULL DEFAULT '';
      ALTER TABLE terminals ADD COLUMN replay_error_since INTEGER;
    `,
};

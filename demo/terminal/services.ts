// What every session and door of one running terminal shares: the signed API client, the server's
// config, the command sink and the outbox that delivers commands, recordings and closes, the open
// sessions (heartbeats report them, kill tasks find them).
import type { TargetPolicy } from '../shared/allowed-targets.ts';
import type { Api } from './delivery/api.ts';
import type { CommandSink } from './delivery/command-sink.ts';
import type { ServerConfig } from './config.ts';
import type { InflightNotes } from './delivery/inflight.ts';
import type { NoteFolder } from './delivery/note-folder.ts';
import type { FtpLogRecord } from './delivery/outbox-jobs.ts';
import type { Outbox } from './delivery/outbox.ts';
import type { StoreQueue } from './recordings/store-queue.ts';
import type { StorageHealth } from './delivery/storage-health.ts';

/** What the heartbeat (kill tasks) and the terminal's stop need of an open session. */
export interface OpenSession {
  end(reason: 'killed' | 'stopping'): Promise<void>;
}

export interface Services {
  api: Api;
  config: ServerConfig;
  commands: CommandSink;
  /** Journaled, retried delivery of commands and of each session's end (recording upload, close). */
  outbox: Outbox;
  /** The command line each session let through and has not recorded yet (kill -9 safe). */
  inflight: InflightNotes;
  /** The FTP rows of transfers under way, until each ends (kill -9 safe: files/file-tree.ts beginTransfer). */
  transfers: NoteFolder<FtpLogRecord>;
  sessions: Map<string, OpenSession>;
  replayDir: string;
  /** Recordings on their way to an object store (journaled, retried; reported by the heartbeat). */
  recordings: StoreQueue;
  /** Where the doors listen, once they do (the heartbeat reports it: the server reaches the web door there). */
  doors?: { sshPort: number; httpPort: number; httpHost: string };
  /** The data folder's state: refused writes are said to users and reported in the heartbeat. */
  storage: StorageHealth;
  /** Where sessions may connect (BASTION_ALLOWED_TARGETS). */
  targets: TargetPolicy;
  /** This terminal's id on the server (from its registration). */
  terminalId: string;
  log(line: string): void;
}

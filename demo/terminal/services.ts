// What every session and door of one running terminal shares: the signed API client, the server's
// config, the command sink and the outbox that delivers commands, recordings and closes, the open
// sessions (heartbeats report them, kill tasks find them).
import type { TargetPolicy } from '../server/net/allowed-targets.ts';
import type { Api } from './api.ts';
import type { CommandSink } from './command-sink.ts';
import type { ServerConfig } from './config.ts';
import type { Outbox } from './outbox.ts';
import type { TerminalSession } from './session.ts';

export interface Services {
  api: Api;
  config: ServerConfig;
  commands: CommandSink;
  /** Journaled, retried delivery of commands and of each session's end (recording upload, close). */
  outbox: Outbox;
  sessions: Map<string, TerminalSession>;
  replayDir: string;
  /** Where sessions may connect (BASTION_ALLOWED_TARGETS). */
  targets: TargetPolicy;
  /** This terminal's id on the server (from its registration). */
  terminalId: string;
  log(line: string): void;
}

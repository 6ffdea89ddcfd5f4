// What every session and door of one running terminal shares: the signed API client, the server's
// config, the command batcher, the open sessions (heartbeats report them, kill tasks find them) and the
// replay upload.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { TargetPolicy } from '../server/net/allowed-targets.ts';
import type { Api } from './api.ts';
import type { CommandSink } from './command-sink.ts';
import type { ServerConfig } from './config.ts';
import type { TerminalSession } from './session.ts';

export interface Services {
  api: Api;
  config: ServerConfig;
  commands: CommandSink;
  sessions: Map<string, TerminalSession>;
  replayDir: string;
  /** Where sessions may connect (BASTION_ALLOWED_TARGETS). */
  targets: TargetPolicy;
  /** This terminal's id on the server (from its registration). */
  terminalId: string;
  uploadReplay(sessionId: string, file: string): Promise<boolean>;
  log(line: string): void;
}

/**
 * Uploads a recording to `sessions/<id>/replay/` (multipart `file`, asciicast v2) and removes the local
 * copy once the server has it; a failed upload keeps the file, and the next start tries again.
 */
export async function uploadReplay(api: Api, sessionId: string, file: string, log: (line: string) => void): Promise<boolean> {
  if (!existsSync(file)) return false;
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'application/octet-stream' }), `${sessionId}.cast`);
  try {
    await api.request(`/api/v1/terminal/sessions/${sessionId}/replay/`, { method: 'POST', form });
    rmSync(file, { force: true });
    return true;
  } catch (error) {
    log(`replay of ${sessionId} not uploaded (kept in ${file}): ${(error as Error).message}`);
    return false;
  }
}

// A running terminal: registered (or re-using its stored key), configured from the server, its
// leftovers from an earlier run closed, the SSH and web doors listening and the heartbeat going.
// `stop()` ends every open session (uploading the recordings) before the doors close.
import { mkdirSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseAllowedTargets } from '../server/net/allowed-targets.ts';
import { Api } from './api.ts';
import { CommandSink } from './command-sink.ts';
import type { ServerConfig, TerminalOptions } from './config.ts';
import { startHeartbeat } from './heartbeat.ts';
import { hostKey } from './host-key.ts';
import { ensureRegistered } from './registration.ts';
import { uploadReplay, type Services } from './services.ts';
import type { TerminalSession } from './session.ts';
import { createSshDoor } from './ssh-door.ts';
import { createWebDoor } from './web-door.ts';

export interface RunningTerminal {
  sshPort: number;
  httpPort: number;
  services: Services;
  stop(): Promise<void>;
}

interface OpenSession { id: string }

const MAX_HEARTBEAT_SECONDS = 5;

/** Sessions an earlier run left open: their recordings (if kept) are uploaded, then they are closed. */
async function closeLeftovers(services: Services): Promise<void> {
  const { api } = services;
  let open: OpenSession[] = [];
  try {
    open = await api.all<OpenSession>(`/api/v1/terminal/sessions/?terminal=${encodeURIComponent(services.terminalId ?? '')}&is_finished=0`);
  } catch (error) {
    services.log(`could not list the sessions left open: ${(error as Error).message}`);
  }
  for (const session of open) {
    const hasReplay = await uploadReplay(api, session.id, join(services.replayDir, `${session.id}.cast`), services.log);
    await api.patch(`/api/v1/terminal/sessions/${session.id}/`, { is_finished: true, date_end: new Date().toISOString(), ...(hasReplay ? { has_replay: true } : {}) })
      .catch((error: Error) => services.log(`session ${session.id} not closed: ${error.message}`));
  }
  if (open.length) services.log(`closed ${open.length} session(s) left open by an earlier run`);
  // Recordings whose session is already closed (an upload that failed at the end): one more try.
  for (const file of readdirSync(services.replayDir).filter((name) => name.endsWith('.cast'))) {
    const id = file.replace(/\.cast$/, '');
    if (!open.some((s) => s.id === id)) await uploadReplay(api, id, join(services.replayDir, file), services.log);
  }
}

function listen(server: { listen: (port: number, host: string, cb: () => void) => unknown; once: (e: 'error', cb: (error: Error) => void) => unknown; address: () => AddressInfo | string | null }, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startTerminal(options: TerminalOptions): Promise<RunningTerminal> {
  const log = options.log ?? ((line: string) => console.log(`[terminal] ${line}`));
  // A malformed allow-list stops the terminal at start, as it stops the server.
  const targets = parseAllowedTargets(options.allowedTargets);
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const replayDir = join(options.dataDir, 'replays');
  mkdirSync(replayDir, { recursive: true });
  const api = new Api(options.apiBase);
  const terminalId = await ensureRegistered(api, options.dataDir, options.name, options.bootstrapToken);
  const config = await api.get<ServerConfig>('/api/v1/terminal/terminals/config/');
  const sessions = new Map<string, TerminalSession>();
  const commands = new CommandSink(api, log);
  const services: Services = {
    api, config, commands, sessions, replayDir, targets, log, terminalId,
    uploadReplay: (id, file) => uploadReplay(api, id, file, log),
  };
  await closeLeftovers(services);

  const ssh = createSshDoor(services, hostKey(options.dataDir));
  const web = createWebDoor(services);
  const sshPort = await listen(ssh as never, options.sshPort, options.host);
  const httpPort = await listen(web as never, options.httpPort, options.host);
  // At most the server's interval (its "alive" test), and at most 5 s so a kill task lands within seconds.
  const interval = options.heartbeatInterval ?? Math.min(Number(config.TERMINAL_HEARTBEAT_INTERVAL) || 20, MAX_HEARTBEAT_SECONDS);
  const stopHeartbeat = startHeartbeat(services, interval);
  log(`SSH on ${options.host}:${sshPort}, web terminal on ${options.host}:${httpPort}, heartbeat every ${interval}s`);

  let stopping: Promise<void> | null = null;
  return {
    sshPort, httpPort, services,
    stop: () => {
      stopping ??= (async () => {
        stopHeartbeat();
        ssh.close();
        web.close();
        await Promise.all([...sessions.values()].map((session) => session.end('stopping')));
        await commands.stop();
        web.closeAllConnections();
      })();
      return stopping;
    },
  };
}

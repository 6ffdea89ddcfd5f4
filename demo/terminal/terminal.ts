// A running terminal: registered (or re-using its stored key), configured from the server, its
// leftovers from an earlier run closed, the SSH and web doors listening and the heartbeat going.
// `stop()` ends every open session (uploading the recordings) before the doors close.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseAllowedTargets } from '../shared/allowed-targets.ts';
import { Api } from './delivery/api.ts';
import { ready as filterReady } from '../shared/command-filter/command-filter.ts';
import { CommandSink } from './delivery/command-sink.ts';
import type { ServerConfig, TerminalOptions } from './config.ts';
import { startHeartbeat } from './heartbeat.ts';
import { hostKey } from './doors/host-key.ts';
import { InflightNotes } from './delivery/inflight.ts';
import { NoteFolder } from './delivery/note-folder.ts';
import type { FtpLogRecord } from './delivery/outbox-jobs.ts';
import { closeLeftovers } from './leftovers.ts';
import { Outbox } from './delivery/outbox.ts';
import { uploadToServer } from './delivery/outbox-jobs.ts';
import { StoreQueue } from './recordings/store-queue.ts';
import { ensureRegistered } from './delivery/registration.ts';
import type { OpenSession, Services } from './services.ts';
import { createSshDoor } from './doors/ssh-door.ts';
import { StorageHealth } from './delivery/storage-health.ts';
import { createWebDoor } from './doors/web-door.ts';

export interface RunningTerminal {
  sshPort: number;
  httpPort: number;
  services: Services;
  stop(): Promise<void>;
}

const MAX_HEARTBEAT_SECONDS = 5;

function listen(
  server: {
    listen: (port: number, host: string, cb: () => void) => unknown;
    once: (e: 'error', cb: (error: Error) => void) => unknown;
    address: () => AddressInfo | string | null;
  },
  port: number,
  host: string,
): Promise<number> {
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
  const sessions = new Map<string, OpenSession>();
  // TERMINAL_SEND_INTERVAL (seconds, default 1) is a test hook: a long one keeps commands on disk only,
  // as a terminal killed before its next send would have them.
  const storage = new StorageHealth(options.dataDir, log);
  const outbox = new Outbox(
    api,
    options.dataDir,
    log,
    (Number(process.env.TERMINAL_SEND_INTERVAL) || 1) * 1000,
    storage,
  );
  const commands = new CommandSink(outbox);
  const inflight = new InflightNotes(join(options.dataDir, 'inflight'), storage);
  // Recordings the server keeps in an object store: their own journal and retries (a store's outage never
  // holds up commands), and the server's own upload for any the server says it keeps after all.
  const recordings = new StoreQueue(api, options.dataDir, log, (session, file) =>
    uploadToServer({ api, log, replayed: new Set() }, session, file),
  );
  outbox.useObjectStore(recordings);
  const transfers = new NoteFolder<FtpLogRecord>(join(options.dataDir, 'transfers'), storage, 'a transfer note');
  const services: Services = {
    api,
    config,
    commands,
    outbox,
    inflight,
    transfers,
    sessions,
    replayDir,
    recordings,
    storage,
    targets,
    log,
    terminalId,
  };
  // Lines an earlier run let through but never recorded (killed before their output was read) go
  // first, so their sessions close after them; transfers it never saw end did not complete.
  for (const record of inflight.takeLeftovers()) commands.add(record);
  for (const record of transfers.takeLeftovers()) outbox.ftpLog({ ...record, is_success: false });
  await closeLeftovers(services);
  // The command filter's shell parser (WebAssembly) before the first session: until it is loaded every
  // line is judged by the stricter rule for lines that cannot be parsed.
  await filterReady();

  const ssh = createSshDoor(services, hostKey(options.dataDir));
  const web = createWebDoor(services);
  const sshPort = await listen(ssh as never, options.sshPort, options.host);
  const httpHost = options.httpHost ?? '127.0.0.1'; // the web door: loopback unless TERMINAL_HTTP_HOST says otherwise
  const httpPort = await listen(web as never, options.httpPort, httpHost);
  services.doors = { sshPort, httpPort, httpHost };
  // At most the server's interval (its "alive" test), and at most 5 s so a kill task lands within seconds.
  const interval =
    options.heartbeatInterval ?? Math.min(Number(config.TERMINAL_HEARTBEAT_INTERVAL) || 20, MAX_HEARTBEAT_SECONDS);
  const stopHeartbeat = startHeartbeat(services, interval);
  log(`SSH on ${options.host}:${sshPort}, web terminal on ${httpHost}:${httpPort}, heartbeat every ${interval}s`);

  let stopping: Promise<void> | null = null;
  return {
    sshPort,
    httpPort,
    services,
    stop: () => {
      stopping ??= (async () => {
        stopHeartbeat();
        ssh.close();
        web.close();
        await Promise.all([...sessions.values()].map((session) => session.end('stopping')));
        await commands.stop();
        // What the server did not take yet stays in the journal for the next start.
        await outbox.stop();
        // Likewise the recordings not in their object store yet (a healthy store gets a few seconds more).
        await recordings.stop();
        web.closeAllConnections();
      })();
      return stopping;
    },
  };
}

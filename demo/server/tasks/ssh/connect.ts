// Opens an authenticated SSH connection with the `ssh2` client, directly or through a gateway
// (a `direct-tcpip` channel opened with forwardOut). Every step is bounded by `timeoutMs`, and every
// host goes through the outbound allow-list before any socket or channel is opened for it.
import { Client, type ConnectConfig } from 'ssh2';
import type { Duplex } from 'node:stream';
import { resolveAllowed, TargetRefusedError, type TargetPolicy } from '../../../shared/allowed-targets.ts';
import { describeSshError, withTimeout } from './errors.ts';

export interface SshEndpoint {
  host: string;
  port: number;
  username: string;
  password?: string;
  privateKey?: string;
}

export interface SshOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Reach the target through this SSH host (JumpServer's domain gateway). */
  gateway?: SshEndpoint;
  /** The outbound allow-list; the gateway and the target must both be inside it. */
  policy: TargetPolicy;
  /**
   * The target is an address on the gateway itself (its own 127.0.0.1, as the gateway check uses):
   * it is the gateway's host, already checked, so it is not checked again as if it were ours.
   */
  targetOnGateway?: boolean;
}

export interface SshConnection {
  client: Client;
  close(): void;
}

/** Which step failed: the gateway login, the gateway's channel to the target, or the target login. */
export type SshStep = 'gateway' | 'forward' | 'target';

export class SshStepError extends Error {
  constructor(
    readonly step: SshStep,
    readonly reason: string,
    cause: unknown,
  ) {
    super(step === 'target' ? reason : `${step === 'gateway' ? 'Gateway' : 'Gateway channel'}: ${reason}`, { cause });
  }

  /** The allow-list refused the host: no connection was attempted. */
  get refused(): boolean {
    return this.cause instanceof TargetRefusedError;
  }
}

export async function openSsh(target: SshEndpoint, opts: SshOptions): Promise<SshConnection> {
  const fail =
    (step: SshStep) =>
    (error: unknown): never => {
      const reason = error instanceof TargetRefusedError ? error.message : describeSshError(error, opts.timeoutMs);
      throw new SshStepError(step, reason, error);
    };
  // Both checks come first: a refused target must not even cost a login on the gateway.
  const gatewayHost = opts.gateway ? await resolveAllowed(opts.gateway.host, opts.policy).catch(fail('gateway')) : '';
  const targetHost =
    opts.gateway && opts.targetOnGateway
      ? target.host
      : await resolveAllowed(target.host, opts.policy).catch(fail('target'));
  target = { ...target, host: targetHost };
  if (!opts.gateway) {
    const client = await connectClient(target, opts).catch(fail('target'));
    return { client, close: () => client.end() };
  }
  const gateway = await connectClient({ ...opts.gateway, host: gatewayHost }, opts).catch(fail('gateway'));
  try {
    const channel = await forward(gateway, target, opts.timeoutMs).catch(fail('forward'));
    const client = await connectClient(target, opts, channel).catch(fail('target'));
    return {
      client,
      close: () => {
        client.end();
        gateway.end();
      },
    };
  } catch (error) {
    gateway.end();
    throw error;
  }
}

function forward(gateway: Client, target: SshEndpoint, timeoutMs: number): Promise<Duplex> {
  const opened = new Promise<Duplex>((resolve, reject) => {
    gateway.forwardOut('127.0.0.1', 0, target.host, target.port, (error, channel) =>
      error ? reject(error) : resolve(channel),
    );
  });
  return withTimeout(opened, timeoutMs, 'Timed out');
}

function connectClient(endpoint: SshEndpoint, opts: SshOptions, sock?: Duplex): Promise<Client> {
  const client = new Client();
  const config: ConnectConfig = {
    host: endpoint.host,
    port: endpoint.port,
    username: endpoint.username,
    readyTimeout: opts.timeoutMs,
    keepaliveInterval: 0,
    ...(sock ? { sock } : {}),
    ...(endpoint.password ? { password: endpoint.password } : {}),
    // JumpServer validates a key with the password as its passphrase.
    ...(endpoint.privateKey
      ? { privateKey: endpoint.privateKey, ...(endpoint.password ? { passphrase: endpoint.password } : {}) }
      : {}),
    // Admin users are machine accounts: never answer interactive prompts, never use an agent.
    tryKeyboard: false,
  };
  const ready = new Promise<Client>((resolve, reject) => {
    const onAbort = (): void => {
      client.destroy();
      reject(new Error('Cancelled'));
    };
    if (opts.signal?.aborted) return onAbort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    client.once('ready', () => {
      opts.signal?.removeEventListener('abort', onAbort);
      resolve(client);
    });
    // Kept for the connection's whole life: an 'error' without a listener would crash the server.
    client.on('error', (error) => {
      opts.signal?.removeEventListener('abort', onAbort);
      client.destroy();
      reject(error);
    });
    try {
      client.connect(config);
    } catch (error) {
      reject(error); // e.g. an unparsable private key
    }
  });
  // readyTimeout covers the handshake; this also bounds a TCP connect that never answers.
  return withTimeout(ready, opts.timeoutMs + 500, 'Timed out', () => client.destroy());
}

/** Opens a connection, runs `use` on it and always closes it (also when the signal aborts midway). */
export async function withSsh<T>(
  target: SshEndpoint,
  opts: SshOptions,
  use: (client: Client) => Promise<T>,
): Promise<T> {
  const connection = await openSsh(target, opts);
  const onAbort = (): void => connection.close();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await use(connection.client);
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    connection.close();
  }
}

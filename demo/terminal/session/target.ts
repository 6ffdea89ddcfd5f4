// The connection to the asset: an ssh2 client logged in with the system user's credentials, opened
// through the domain's gateway (a tunnel on the gateway's own SSH connection) when the asset has one,
// with an interactive shell of the user's window size.
import { coalesceWrites, socketOf } from './coalesced-writes.ts';
import { Client, type ClientChannel, type ConnectConfig } from 'ssh2';
import { resolveAllowed, type TargetPolicy } from '../../shared/allowed-targets.ts';

export interface Endpoint {
  host: string;
  port: number;
  username: string;
  password?: string;
  privateKey?: string;
  passphrase?: string;
}

export interface Target {
  channel: ClientChannel;
  resize(cols: number, rows: number): void;
  close(): void;
}

const READY_TIMEOUT = 15_000;

function credentials(endpoint: Endpoint): ConnectConfig {
  const config: ConnectConfig = { username: endpoint.username, readyTimeout: READY_TIMEOUT, keepaliveInterval: 30_000 };
  if (endpoint.privateKey) {
    config.privateKey = endpoint.privateKey;
    if (endpoint.passphrase && endpoint.privateKey.includes('ENCRYPTED')) config.passphrase = endpoint.passphrase;
  }
  if (endpoint.password) config.password = endpoint.password;
  return config;
}

function connect(config: ConnectConfig): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    let ready = false;
    client.once('ready', () => {
      ready = true;
      // The asset's side of every keystroke: no Nagle wait (see ssh-door.ts).
      client.setNoDelay(true);
      resolve(client);
    });
    // Kept for the connection's life: a later error (a dropped gateway) must not crash the terminal.
    client.on('error', (error) => {
      if (!ready) reject(error);
    });
    client.connect(config);
    coalesceWrites(socketOf(client));
  });
}

/** An SSH connection to the asset (through its gateway's tunnel when it has one); `close` ends both. */
export interface AssetConnection {
  client: Client;
  close(): void;
}

/**
 * `policy`: the outbound allow-list (BASTION_ALLOWED_TARGETS), checked for the gateway and the asset before
 * any socket opens; each is then reached at the checked address.
 */
export async function connectAsset(
  asset: Endpoint,
  gateway: Endpoint | null,
  policy: TargetPolicy,
): Promise<AssetConnection> {
  let tunnel: Client | null = null;
  let client: Client;
  try {
    const assetAddress = await resolveAllowed(asset.host, policy);
    if (gateway) {
      tunnel = await connect({
        ...credentials(gateway),
        host: await resolveAllowed(gateway.host, policy),
        port: gateway.port,
      });
      const stream = await new Promise<ClientChannel>((resolve, reject) => {
        tunnel!.forwardOut('127.0.0.1', 0, assetAddress, asset.port, (error, channel) =>
          error ? reject(error) : resolve(channel),
        );
      });
      client = await connect({ ...credentials(asset), sock: stream });
    } else {
      client = await connect({ ...credentials(asset), host: assetAddress, port: asset.port });
    }
  } catch (error) {
    tunnel?.end();
    throw error;
  }
  client.once('close', () => tunnel?.end());
  return {
    client,
    close: () => {
      client.end();
      tunnel?.end();
    },
  };
}

export async function openTarget(
  asset: Endpoint,
  gateway: Endpoint | null,
  window: { cols: number; rows: number; term?: string },
  policy: TargetPolicy,
): Promise<Target> {
  const { client, close } = await connectAsset(asset, gateway, policy);
  const channel = await new Promise<ClientChannel>((resolve, reject) => {
    client.shell({ term: window.term || 'xterm', cols: window.cols, rows: window.rows }, (error, stream) =>
      error ? reject(error) : resolve(stream),
    );
  }).catch((error) => {
    close();
    throw error;
  });
  // Errors after the shell opened end the session through the channel's close.
  channel.on('error', () => channel.destroy());
  client.on('error', () => channel.destroy());
  client.once('close', () => channel.destroy());
  return {
    channel,
    resize: (cols, rows) => channel.setWindow(rows, cols, 0, 0),
    close: () => {
      channel.end();
      close();
    },
  };
}

// The terminal's settings: process env for where it lives, the server's terminals/config/ for how it
// behaves (TERMINAL_* and SECURITY_MAX_IDLE_TIME), env overriding the server where both name a value.
import { hostname } from 'node:os';
import { resolve } from 'node:path';

export interface TerminalOptions {
  apiBase: string;
  bootstrapToken: string;
  name: string;
  dataDir: string;
  /** Where the SSH door listens (TERMINAL_HOST). */
  host: string;
  sshPort: number;
  /**
   * Where the web door listens (TERMINAL_HTTP_HOST; default loopback). Only the server's socket proxy
   * has any business there, and it signs its upgrades anyway; an SSH door published to the network
   * need not take this port with it.
   */
  httpHost?: string;
  httpPort: number;
  /** Seconds between heartbeats; undefined = the server's TERMINAL_HEARTBEAT_INTERVAL. */
  heartbeatInterval?: number;
  /** Networks sessions may connect to, comma-separated CIDRs (BASTION_ALLOWED_TARGETS); empty = any. */
  allowedTargets?: string;
  log?: (line: string) => void;
}

export interface ServerConfig {
  TERMINAL_PASSWORD_AUTH?: boolean;
  TERMINAL_PUBLIC_KEY_AUTH?: boolean;
  TERMINAL_HEARTBEAT_INTERVAL?: number;
  TERMINAL_ASSET_LIST_SORT_BY?: string;
  TERMINAL_ASSET_LIST_PAGE_SIZE?: string;
  SECURITY_MAX_IDLE_TIME?: number;
  /** The key the server signs web-terminal upgrades with (shared/proxy-signature.ts). */
  TERMINAL_PROXY_SECRET?: unknown;
  [key: string]: unknown;
}

export const DEFAULT_HTTP_HOST = '127.0.0.1';

const number = (value: string | undefined, fallback: number) =>
  value && Number.isFinite(Number(value)) ? Number(value) : fallback;

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): TerminalOptions {
  return {
    apiBase: env.BASTION_API || `http://127.0.0.1:${env.PORT || 8080}`,
    bootstrapToken: env.BOOTSTRAP_TOKEN || '',
    name: env.TERMINAL_NAME || `koko-${hostname()}`.slice(0, 32),
    dataDir: resolve(env.TERMINAL_DATA_DIR || './data/terminal'),
    host: env.TERMINAL_HOST || '127.0.0.1',
    sshPort: number(env.TERMINAL_SSH_PORT, 2222),
    httpHost: env.TERMINAL_HTTP_HOST || DEFAULT_HTTP_HOST,
    httpPort: number(env.TERMINAL_HTTP_PORT, 5000),
    allowedTargets: env.BASTION_ALLOWED_TARGETS ?? '',
    heartbeatInterval: env.TERMINAL_HEARTBEAT_INTERVAL ? number(env.TERMINAL_HEARTBEAT_INTERVAL, 20) : undefined,
  };
}

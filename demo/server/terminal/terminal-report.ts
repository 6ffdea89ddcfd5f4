// What a terminal's heartbeat says of itself beyond 2.3's fields (our extension; a 2.3 koko sends none of
// it and nothing changes for it): where its doors listen — so the server can reach the web door of each of
// several terminals — and how its uploads to the object store go, which the Terminals page and a
// session's detail show. The only module that writes those columns of `terminals`.
import { isIP } from 'node:net';
import type { DB } from '../core/db/open.ts';
import { setDoorPorts, setReplayStoreState } from './terminal-store.ts';

/** Sessions of the waiting list a heartbeat may name (the rest is a count). */
export const MAX_PENDING_IDS = 100;
const MAX_ERROR = 500;

export interface ReplayStoreReport {
  pending: number;
  sessions: string[];
  error: string;
  since: number | null;
}

const port = (value: unknown): number | null =>
  Number.isInteger(value) && (value as number) > 0 && (value as number) < 65536 ? (value as number) : null;
const isLoopback = (address: string) => /^127\./.test(address) || address === '::1' || /^::ffff:127\./i.test(address);
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.)/i, '');

/**
 * The address the server dials for this terminal's web door: the one it says it listens on when that is
 * where its heartbeat came from (or both are this machine's loopback), else the heartbeat's own source —
 * a terminal listening on every interface, or behind NAT, is reached where it calls from, and a terminal
 * cannot send the server's proxy to some third address.
 */
export function webHostOf(declared: unknown, peer: string): string {
  const from = plain(peer);
  const said = typeof declared === 'string' ? plain(declared.trim().replace(/^\[|\]$/g, '')) : '';
  if (!isIP(said) || /^0+(\.0+){3}$/.test(said) || said === '::') return from;
  if (said === from || (isLoopback(said) && isLoopback(from))) return said;
  return from;
}

function storeReport(value: unknown): ReplayStoreReport | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const report = value as Record<string, unknown>;
  const pending =
    Number.isSafeInteger(report.pending) && (report.pending as number) >= 0 ? (report.pending as number) : 0;
  const sessions = Array.isArray(report.sessions)
    ? report.sessions
        .filter((id): id is string => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id))
        .slice(0, MAX_PENDING_IDS)
        .map((id) => id.toLowerCase())
    : [];
  const error = typeof report.error === 'string' ? report.error.slice(0, MAX_ERROR) : '';
  const since = Number.isSafeInteger(report.since) ? (report.since as number) : null;
  return { pending, sessions, error, since: error ? since : null };
}

/** Notes the extension fields of a heartbeat body (`ssh_port`, `http_port`, `http_host`, `replay_store`). */
export function noteTerminalReport(db: DB, terminalId: string, body: Record<string, unknown>, peer: string): void {
  const ssh = port(body.ssh_port);
  const http = port(body.http_port);
  setDoorPorts(db, terminalId, {
    ssh: ssh ?? undefined,
    http: http ? { port: http, host: webHostOf(body.http_host, peer) } : undefined,
  });
  const store = storeReport(body.replay_store);
  if (store) setReplayStoreState(db, terminalId, store);
}

export interface TerminalStoreState {
  alive: boolean;
  name: string;
  pending: number;
  pendingIds: string[];
  error: string;
  since: number | null;
}

/** What a terminal last said of its uploads, for the Terminals page and its sessions' detail. */
export function terminalStoreState(row: Record<string, unknown>, alive: boolean): TerminalStoreState {
  let ids: string[] = [];
  try {
    ids = JSON.parse(String(row.replay_pending_ids ?? '[]')) as string[];
  } catch {
    /* an unreadable list names nothing */
  }
  return {
    alive,
    name: String(row.name ?? ''),
    pending: Number(row.replay_pending ?? 0),
    pendingIds: Array.isArray(ids) ? ids : [],
    error: String(row.replay_error ?? ''),
    since: typeof row.replay_error_since === 'number' ? row.replay_error_since : null,
  };
}

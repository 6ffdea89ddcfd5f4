// What the outbox delivers and how each kind goes to the server: commands in batches (each with the id
// it got when it was recorded, so a batch sent twice is stored once), and a session's end — its
// recording uploaded, then the session PATCHed finished. Each answers null when the queue may move on,
// else why it has to try again later.
import { existsSync, openAsBlob, renameSync, rmSync } from 'node:fs';
import { Api } from './api.ts';
import type { CommandRecord } from './command-record.ts';
import { verdictOf, type Verdict } from './delivery-verdict.ts';
import type { Entry } from './journal.ts';

export type SpooledCommand = CommandRecord & { id: string };

/** The close PATCH as the session left it; `has_replay` is added when the upload was taken. */
export interface CloseBody {
  is_finished: true;
  date_end: string;
  has_command?: boolean;
}

/**
 * One row of the FTP log (`POST audits/ftp-logs/`, 2.3's fields), with the id it got when the operation
 * happened, and the ids of the user, asset and system user (the server writes their names from them).
 */
export interface FtpLogRecord {
  id: string;
  user: string;
  remote_addr: string;
  asset: string;
  system_user: string;
  org_id: string;
  user_id?: string;
  asset_id?: string;
  system_user_id?: string;
  operate: 'Delete' | 'Upload' | 'Download' | 'Rmdir' | 'Rename' | 'Mkdir' | 'Symlink';
  filename: string;
  is_success: boolean;
}

export type Job =
  | { kind: 'command'; record: SpooledCommand }
  | { kind: 'ftp'; record: FtpLogRecord }
  | { kind: 'end'; session: string; file: string | null; close: CloseBody | null };

export interface Delivery {
  api: Api;
  log(line: string): void;
  /** Everything up to entry n is done (delivered or given up). */
  done(n: number): void;
  /** Sessions whose recording the server took in this run (a close retried after it says so). */
  replayed: Set<string>;
  /** Where recordings bound for an object store go (recordings/store-queue.ts); without it, all go to the server. */
  objectStore?: { add(session: string, file: string): void };
}

/** Where the server keeps a session's recording (`sessions/<id>/replay/target/`): its disk, an object store, or nowhere. */
interface ReplayTarget {
  type: string;
  storage?: string;
  key?: string;
}

type Outcome = { verdict: 'ok'; reason?: undefined } | { verdict: Verdict; reason: string };

async function attempt(api: Api, call: () => Promise<unknown>): Promise<Outcome> {
  try {
    await call();
    return { verdict: 'ok' };
  } catch (error) {
    return { verdict: await verdictOf(error, api), reason: (error as Error).message };
  }
}

const COMMANDS = '/api/v1/terminal/commands/';

/**
 * One batch in one POST. A refused batch holds at least one item the server will never take (the batch is
 * all-or-nothing): its items go one by one, and only those refused on their own are dropped (logged).
 */
export async function sendCommands(delivery: Delivery, entries: Entry<Job>[]): Promise<string | null> {
  const records = entries.map((entry) => (entry.value as Extract<Job, { kind: 'command' }>).record);
  const batch = await attempt(delivery.api, () => delivery.api.post(COMMANDS, records));
  if (batch.verdict === 'retry') return batch.reason;
  if (batch.verdict === 'ok' || entries.length === 1) {
    if (batch.verdict === 'refused')
      delivery.log(`command ${records[0].id} of session ${records[0].session} refused, dropped: ${batch.reason}`);
    delivery.done(entries[entries.length - 1].n);
    return null;
  }
  for (const [i, entry] of entries.entries()) {
    const single = await attempt(delivery.api, () => delivery.api.post(COMMANDS, [records[i]]));
    if (single.verdict === 'retry') return single.reason;
    if (single.verdict === 'refused')
      delivery.log(`command ${records[i].id} of session ${records[i].session} refused, dropped: ${single.reason}`);
    delivery.done(entry.n);
  }
  return null;
}

const FTP_LOGS = '/api/v1/audits/ftp-logs/';

/** One FTP log row; the server stores an id once, so a row sent again after a lost answer is not doubled. */
export async function sendFtpLog(delivery: Delivery, entry: Entry<Job>): Promise<string | null> {
  const { record } = entry.value as Extract<Job, { kind: 'ftp' }>;
  const sent = await attempt(delivery.api, () => delivery.api.post(FTP_LOGS, record));
  if (sent.verdict === 'retry') return sent.reason;
  if (sent.verdict === 'refused')
    delivery.log(`FTP log ${record.id} (${record.operate} ${record.filename}) refused, dropped: ${sent.reason}`);
  delivery.done(entry.n);
  return null;
}

/**
 * A recording to the server itself (multipart `file` to `sessions/<id>/replay/`), removed once taken; a
 * recording the server refuses is kept beside, renamed `.refused`. Answers null when done, else why to retry.
 */
export async function uploadToServer(
  delivery: Pick<Delivery, 'api' | 'log' | 'replayed'>,
  session: string,
  file: string,
): Promise<string | null> {
  const { api, log, replayed } = delivery;
  const form = new FormData();
  // openAsBlob reads the file as it is sent: a long recording is not held in memory.
  const blob = await openAsBlob(file, { type: 'application/octet-stream' });
  form.append('file', blob, `${session}.cast`);
  // The client's 15 s would cut a large recording on a slow link every time, and a retried upload
  // holds up the queue: a minute, plus a second per MiB.
  const uploader = Object.assign(new Api(api.base, 60_000 + Math.ceil(blob.size / 1024 / 1024) * 1000), {
    key: api.key,
  });
  const upload = await attempt(api, () =>
    uploader.request(`/api/v1/terminal/sessions/${session}/replay/`, { method: 'POST', form }),
  );
  if (upload.verdict === 'retry') return upload.reason;
  if (upload.verdict === 'ok') {
    replayed.add(session);
    rmSync(file, { force: true });
  } else {
    renameSync(file, `${file}.refused`);
    log(`replay of ${session} refused (kept in ${file}.refused): ${upload.reason}`);
  }
  return null;
}

/**
 * The recording first, so the close can say `has_replay`; without a close it is an upload only. Where it
 * goes is the server's word for that session (the storage its terminal pointed at when it opened): the
 * server's disk (uploaded here), an object store (handed to the store queue, which stores it and tells the
 * server; the close goes at once, without `has_replay`), or, for a Null storage, nowhere. A server that
 * does not know the question (an older one) keeps it itself. A retry after the recording went finds no
 * file and only closes (the server keeps has_replay from the upload).
 */
export async function sendEnd(delivery: Delivery, entry: Entry<Job>): Promise<string | null> {
  const { api, log, replayed } = delivery;
  const { session, file, close } = entry.value as Extract<Job, { kind: 'end' }>;
  if (file && existsSync(file)) {
    let target: ReplayTarget = { type: 'server' };
    if (delivery.objectStore) {
      const asked = await attempt(api, async () => {
        target = await api.get<ReplayTarget>(`/api/v1/terminal/sessions/${session}/replay/target/`);
      });
      if (asked.verdict === 'retry') return asked.reason;
    }
    if (target.type === 'null') {
      rmSync(file, { force: true });
      log(`recording of ${session} not kept: its replay storage ${target.storage ?? ''} is Null`);
    } else if (target.key && delivery.objectStore) delivery.objectStore.add(session, file);
    else {
      const retry = await uploadToServer(delivery, session, file);
      if (retry !== null) return retry;
    }
  }
  if (close) {
    const body = replayed.has(session) ? { ...close, has_replay: true } : close;
    const closed = await attempt(api, () => api.patch(`/api/v1/terminal/sessions/${session}/`, body));
    if (closed.verdict === 'retry') return closed.reason;
    if (closed.verdict === 'refused') log(`session ${session} could not be closed, given up: ${closed.reason}`);
  }
  replayed.delete(session);
  delivery.done(entry.n);
  return null;
}

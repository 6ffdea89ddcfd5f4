// Where a session's recording is read from, whichever storage keeps it: an object store (replay_objects,
// written by the session's terminal), the server's disk (replays/, uploaded to the server), or, for a
// demo sample, made from its commands. The console's replay and download read through here, so a session
// plays the same whatever terminal recorded it and wherever that terminal's storage pointed then.
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { DB } from '../core/db/open.ts';
import type { Row } from '../engine/types.ts';
import type { TargetPolicy } from '../../shared/allowed-targets.ts';
import type { ReplayFiles } from './replay-files.ts';
import { openObject } from './replay-objects.ts';
import { storedObject, type StoredObject } from './replay-object-store.ts';
import { sampleReplay } from './sample-replay.ts';

export type Recording =
  { kind: 'object'; stored: StoredObject } | { kind: 'file'; path: string } | { kind: 'sample'; session: Row };

export function findRecording(db: DB, files: ReplayFiles, session: Row): Recording | null {
  const id = String(session.id);
  const stored = storedObject(db, id);
  if (stored) return { kind: 'object', stored };
  if (files.exists(id)) return { kind: 'file', path: files.pathOf(id) };
  // A sample session (seed/session-samples.ts) has no file: its replay is made from its commands.
  if (Number(session.is_sample) === 1) return { kind: 'sample', session };
  return null;
}

/**
 * The recording's gzip bytes, streamed (an object store's through this server: the console's pages stay
 * on their own origin), and their length. Throws StoreUnavailable when its store cannot be read now.
 */
export async function openRecording(
  db: DB,
  policy: TargetPolicy,
  recording: Recording,
): Promise<{ stream: Readable; size: number }> {
  if (recording.kind === 'object')
    return { stream: await openObject(db, policy, recording.stored), size: recording.stored.size };
  if (recording.kind === 'file')
    return { stream: createReadStream(recording.path), size: statSync(recording.path).size };
  const data = sampleReplay(db, recording.session);
  return { stream: Readable.from([data]), size: data.length };
}

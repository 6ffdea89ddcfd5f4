// Replays of the built-in `server` storage: one gzip asciicast per session under the server's data
// directory (`<dataDir>/replays/<session id>.cast.gz`). Uploads are stored gzip whatever was sent,
// checked to be whole and asciicast v2 (a header line with "version": 2) first, and stored once: a
// session's recording is never replaced (commitOnce), and only retention removes it.
import {
  createReadStream,
  createWriteStream,
  existsSync,
  linkSync,
  mkdirSync,
  rmSync,
  type WriteStream,
} from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

export class ReplayFiles {
  constructor(readonly dir: string) {}

  pathOf(sessionId: string): string {
    return join(this.dir, `${sessionId.toLowerCase()}.cast.gz`);
  }

  exists(sessionId: string): boolean {
    return existsSync(this.pathOf(sessionId));
  }

  /**
   * Writes the upload (plain or gzip) to a temporary file and checks it is whole and an asciicast v2;
   * answers that file, which `commit` puts in place once the whole request was read (`discard` drops it).
   * Nothing stored changes before `commit`: an upload refused for any reason (too large, cut off, not a
   * recording) leaves the stored recording as it was. Throws ReplayRejected with the reason.
   */
  async stage(upload: Readable): Promise<string> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const temp = join(this.dir, `.upload-${process.pid}-${randomUUID()}.part`);
    const iterator = upload[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    // What the upload stream throws is the request's fault (busboy ends a part cut short with an error):
    // told apart here from the disk's errors, which stay the server's.
    const read = async () => {
      try {
        return await iterator.next();
      } catch (error) {
        throw new UploadCutOff(
          `The upload ended before the multipart body's closing boundary: ${(error as Error).message}`,
        );
      }
    };
    let out: WriteStream | null = null;
    try {
      const first = await read();
      const head = first.done ? Buffer.alloc(0) : first.value;
      const gzipped = head[0] === 0x1f && head[1] === 0x8b;
      async function* all() {
        if (head.length) yield head;
        for (let next = await read(); !next.done; next = await read()) yield next.value;
      }
      out = createWriteStream(temp, { mode: 0o600 });
      if (gzipped) await pipeline(all(), out);
      else await pipeline(all(), createGzip(), out);
      // Busboy ends a file stream cut at the size limit normally and only flags it: the part is not the recording.
      if ((upload as Readable & { truncated?: boolean }).truncated)
        throw new ReplayTooLarge('The file is larger than the limit.');
      // A gzip upload is stored as sent, so all of it is inflated once: a cut-off gzip is refused here.
      const header = await firstLine(temp, gzipped);
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(header);
      } catch {
        /* reported below */
      }
      if (!parsed || typeof parsed !== 'object' || (parsed as { version?: unknown }).version !== 2) {
        throw new ReplayRejected(
          'The file is not an asciicast v2 recording (its first line must be a header with "version": 2).',
        );
      }
      return temp;
    } catch (error) {
      // The file opens asynchronously: removed only once the stream is closed, or a failure that came
      // first would leave the file its late open makes.
      if (out && !out.closed) await new Promise<void>((closed) => out!.once('close', () => closed()));
      this.discard(temp);
      throw error;
    }
  }

  /**
   * Puts a staged upload in place as the session's recording, once: a link that fails when the recording
   * exists (two uploads at once cannot both land), then the staged name goes. Answers false, the staged
   * file left for `sameRecording`, when the session already has one.
   */
  commitOnce(sessionId: string, staged: string): boolean {
    try {
      linkSync(staged, this.pathOf(sessionId));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
    this.discard(staged);
    return true;
  }

  /** Whether a staged upload holds the same recording as the stored one (compared inflated: gzip or plain sent). */
  async sameRecording(sessionId: string, staged: string): Promise<boolean> {
    const [stored, sent] = await Promise.all([inflatedDigest(this.pathOf(sessionId)), inflatedDigest(staged)]);
    return stored === sent;
  }

  /** SHA-256 of a stored or staged recording's content, inflated (what replay_objects.sha256 holds for a stored object). */
  digestOf(file: string): Promise<string> {
    return inflatedDigest(file);
  }

  /** The session's recording goes (retention: session-retention.ts). */
  remove(sessionId: string): void {
    rmSync(this.pathOf(sessionId), { force: true });
  }

  discard(staged: string): void {
    rmSync(staged, { force: true });
  }
}

export class ReplayRejected extends Error {}

/** The upload went past the size limit. */
export class ReplayTooLarge extends ReplayRejected {}

/** The request's body broke off inside the file part (no closing boundary, a connection cut). */
export class UploadCutOff extends ReplayRejected {}

/** SHA-256 of a stored gzip file's content. */
async function inflatedDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) hash.update(chunk);
  });
  return hash.digest('hex');
}

/** The first line of a gzip text file (at most 64 KiB read); with `whole`, the rest is inflated too, to prove the gzip complete. */
async function firstLine(file: string, whole: boolean): Promise<string> {
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.pipe(gunzip);
  let text = '';
  let line: string | null = null;
  try {
    for await (const chunk of gunzip) {
      if (line === null) {
        text += (chunk as Buffer).toString('utf8');
        const end = text.indexOf('\n');
        if (end >= 0) line = text.slice(0, end);
        else if (text.length > 65_536) line = text;
      }
      if (line !== null && !whole) break;
    }
  } catch {
    throw new ReplayRejected('The file is not valid gzip.');
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  return line ?? text;
}

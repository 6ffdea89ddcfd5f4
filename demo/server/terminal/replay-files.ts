// Replays of the built-in `server` storage: one gzip asciicast per session under the server's data
// directory (`<dataDir>/replays/<session id>.cast.gz`). Uploads are stored gzip whatever was sent, and
// checked to be asciicast v2 (a header line with "version": 2) before they replace anything.
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
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

  /** Stores the upload (plain or gzip); throws an Error with the reason when it is not asciicast v2. */
  async store(sessionId: string, upload: Readable): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    const final = this.pathOf(sessionId);
    const temp = `${final}.${process.pid}.${Date.now()}.part`;
    const iterator = upload[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const first = await iterator.next();
    const head = first.done ? Buffer.alloc(0) : first.value;
    const gzipped = head[0] === 0x1f && head[1] === 0x8b;
    async function* all() {
      if (head.length) yield head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    }
    try {
      if (gzipped) await pipeline(all(), createWriteStream(temp));
      else await pipeline(all(), createGzip(), createWriteStream(temp));
      const header = await firstLine(temp);
      let parsed: unknown = null;
      try { parsed = JSON.parse(header); } catch { /* reported below */ }
      if (!parsed || typeof parsed !== 'object' || (parsed as { version?: unknown }).version !== 2) {
        throw new ReplayRejected('The file is not an asciicast v2 recording (its first line must be a header with "version": 2).');
      }
      renameSync(temp, final);
    } finally {
      rmSync(temp, { force: true });
    }
  }
}

export class ReplayRejected extends Error {}

/** The first line of a gzip text file (at most 64 KiB read). */
async function firstLine(file: string): Promise<string> {
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.pipe(gunzip);
  let text = '';
  try {
    for await (const chunk of gunzip) {
      text += (chunk as Buffer).toString('utf8');
      const end = text.indexOf('\n');
      if (end >= 0) return text.slice(0, end);
      if (text.length > 65_536) break;
    }
  } catch {
    throw new ReplayRejected('The file is not valid gzip.');
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  return text;
}

// The web file manager's side of the terminal: `/koko/files/…` on the terminal's HTTP port, reached only
// through the server's proxy (server web/file-manager-proxy.ts), which signs each request with the user
// it vouches for, their username and name, the browser's address, the method and the path
// (shared/proxy-signature.ts `signRequest`); anything else is 401 before a path is read. The operations are the
// SFTP door's (file-ops.ts) on the same virtual tree, so the same grant checks and FTP log rows apply.
// Uploads and downloads stream: the request body is written to the asset chunk by chunk, a download is
// read from it 256 KB at a time as the browser takes it.
//   GET  list?path=             {path, entries: [{name, size, mtime, mode, is_dir, permissions}], actions, writable}
//   GET  locate?asset=&system_user=   {path} (the folder of that asset and system user)
//   GET  download?path=         the file (attachment)
//   PUT  upload?path=           the body becomes the file → 201 {path, size}
//   POST mkdir?path=  rename?from=&to=  remove?path= (a folder with everything in it)
import { transferred } from './transfer-gc.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { posix } from 'node:path';
import type { FileEntry } from 'ssh2';
import { verifyRequest, type VouchedFiles } from '../../shared/proxy-signature.ts';
import { langOfAcceptLanguage } from '../texts/language.ts';
import type { Services } from '../services.ts';
import { text } from '../texts/texts.ts';
import { call, FileError, FileTree, normalizeVirtual, STATUS, statusOf } from './file-tree.ts';
import * as ops from './file-ops.ts';

export const FILES_PREFIX = '/koko/files/';
const READ_CHUNK = 256 * 1024;
/** Reads asked ahead of the one being sent, and writes sent before the first is acknowledged. */
const READ_AHEAD = 8;
const WRITES_IN_FLIGHT = 16;
/** A user's tree (and its asset connections) is kept this long after their last request. */
const IDLE_MS = 60_000;

interface Kept {
  tree: FileTree;
  timer: NodeJS.Timeout;
}

const HTTP_OF: Record<number, number> = {
  [STATUS.NO_SUCH_FILE]: 404,
  [STATUS.PERMISSION_DENIED]: 403,
  [STATUS.OP_UNSUPPORTED]: 400,
  [STATUS.FAILURE]: 400,
  [STATUS.BAD_MESSAGE]: 400,
  [STATUS.CONNECTION_LOST]: 502,
  6: 502,
};

function json(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response
    .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    .end(JSON.stringify(body));
}

/** `-rwxr-xr-x` from a mode. */
export function permissionsText(mode: number): string {
  const type = (mode & 0o170000) === 0o040000 ? 'd' : (mode & 0o170000) === 0o120000 ? 'l' : '-';
  const bits = 'rwxrwxrwx'
    .split('')
    .map((letter, i) => ((mode >> (8 - i)) & 1 ? letter : '-'))
    .join('');
  return type + bits;
}

const entryOf = (entry: FileEntry) => ({
  name: entry.filename,
  size: entry.attrs.size ?? 0,
  mtime: entry.attrs.mtime ?? 0,
  mode: entry.attrs.mode ?? 0,
  is_dir: ((entry.attrs.mode ?? 0) & 0o170000) === 0o040000,
  permissions: permissionsText(entry.attrs.mode ?? 0),
});

export class WebFiles {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly services: Services) {}

  /** Answers the request when it is one of ours (true), else leaves it to the caller (false). */
  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const url = new URL(request.url ?? '/', 'http://terminal');
    if (!url.pathname.startsWith(FILES_PREFIX)) return false;
    const secret = this.services.config.TERMINAL_PROXY_SECRET;
    const vouched = verifyRequest(
      typeof secret === 'string' ? secret : undefined,
      request.headers,
      request.method ?? 'GET',
      request.url ?? '',
      Date.now(),
    );
    if (!vouched) {
      this.services.log(`refused a file request without a valid signature from ${request.socket.remoteAddress ?? '?'}`);
      json(response, 401, { detail: text(langOfAcceptLanguage(request.headers['accept-language']), 'files.unsigned') });
      request.resume();
      return true;
    }
    this.serve(url, request, response, vouched).catch((error: unknown) => {
      const code = statusOf(error);
      if (!(error instanceof FileError) && code === STATUS.FAILURE)
        this.services.log(`web files: ${(error as Error).message}`);
      request.resume();
      const lang = langOfAcceptLanguage(request.headers['accept-language']);
      json(response, HTTP_OF[code] ?? 400, {
        detail: error instanceof FileError ? error.in(lang) : (error as Error).message,
        code,
      });
    });
    return true;
  }

  private treeOf(vouched: VouchedFiles): FileTree {
    const key = `${vouched.user}\n${vouched.forwardedFor}`;
    let kept = this.kept.get(key);
    if (kept) clearTimeout(kept.timer);
    else {
      kept = {
        tree: new FileTree(this.services, {
          user: { id: vouched.user, username: vouched.username, name: vouched.name || vouched.username },
          remoteAddr: vouched.forwardedFor,
        }),
        timer: null as never,
      };
      this.kept.set(key, kept);
    }
    const current = kept;
    current.timer = setTimeout(() => {
      this.kept.delete(key);
      current.tree.close();
    }, IDLE_MS);
    current.timer.unref();
    return current.tree;
  }

  private async serve(
    url: URL,
    request: IncomingMessage,
    response: ServerResponse,
    vouched: VouchedFiles,
  ): Promise<void> {
    const tree = this.treeOf(vouched);
    const action = url.pathname.slice(FILES_PREFIX.length).replace(/\/$/, '');
    const param = (name: string) => url.searchParams.get(name) ?? '';
    const method = request.method ?? 'GET';
    const expect = (wanted: string) => {
      if (method !== wanted) throw new FileError(STATUS.OP_UNSUPPORTED, 'files.use_method', { method: wanted });
    };
    switch (action) {
      case 'list': {
        expect('GET');
        const path = normalizeVirtual(param('path') || '/');
        const entries = (await ops.list(tree, path))
          .map(entryOf)
          .sort((a, b) => Number(b.is_dir) - Number(a.is_dir) || a.name.localeCompare(b.name));
        // What the page may offer here (each operation is still checked when it comes).
        const place = await tree.locate(path);
        const actions = place?.kind === 'inside' ? await tree.actions(place) : [];
        return json(response, 200, { path, entries, actions, writable: place?.kind === 'inside' });
      }
      case 'locate': {
        expect('GET');
        const path = await tree.folderOf(param('asset'), param('system_user') || undefined);
        if (!path) throw new FileError(STATUS.NO_SUCH_FILE, 'files.not_granted');
        return json(response, 200, { path });
      }
      case 'download': {
        expect('GET');
        return this.download(tree, normalizeVirtual(param('path')), response);
      }
      case 'upload': {
        expect('PUT');
        return this.upload(tree, normalizeVirtual(param('path')), request, response);
      }
      case 'mkdir':
        expect('POST');
        await ops.mkdir(tree, normalizeVirtual(param('path')));
        request.resume();
        return json(response, 201, { path: normalizeVirtual(param('path')) });
      case 'rename':
        expect('POST');
        await ops.rename(tree, normalizeVirtual(param('from')), normalizeVirtual(param('to')));
        request.resume();
        return json(response, 200, { path: normalizeVirtual(param('to')) });
      case 'remove':
        expect('POST');
        await ops.removeTree(tree, normalizeVirtual(param('path')));
        request.resume();
        return json(response, 200, {});
      default:
        throw new FileError(STATUS.NO_SUCH_FILE, 'files.not_found');
    }
  }

  private async download(tree: FileTree, path: string, response: ServerResponse): Promise<void> {
    const file = await ops.open(tree, path, ops.OPEN_FLAGS.READ);
    const { sftp } = file.conn;
    const closeRemote = () => sftp.close(file.handle, () => {});
    try {
      const attrs = await call<{ size?: number }>((done) => sftp.fstat(file.handle, done));
      const name = posix.basename(path);
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'cache-control': 'no-store',
        'content-disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        ...(attrs.size !== undefined ? { 'content-length': String(attrs.size) } : {}),
      });
      // The browser (or the server's proxy for it) went away before the end: stop reading the asset.
      let gone = false;
      response.once('close', () => {
        if (!response.writableFinished) gone = true;
      });
      // A few reads ahead of the one being written (one at a time waits a round trip per chunk), in
      // order; a short read drops what was asked after it and asks again from where it ended.
      const size = attrs.size ?? Number.MAX_SAFE_INTEGER;
      const read = (offset: number, length: number) =>
        new Promise<Buffer>((resolve, reject) =>
          sftp.read(file.handle, Buffer.allocUnsafe(length), 0, length, offset, (error, bytes, buffer) =>
            error ? reject(error) : resolve(buffer.subarray(0, bytes)),
          ),
        );
      const ahead: { length: number; data: Promise<Buffer> }[] = [];
      let next = 0;
      const fill = () => {
        while (ahead.length < READ_AHEAD && next < size) {
          const length = Math.min(READ_CHUNK, size - next);
          const data = read(next, length);
          data.catch(() => {}); // a read dropped after a short one may fail unheard
          ahead.push({ length, data });
          next += length;
        }
      };
      let sent = 0;
      fill();
      while (ahead.length && !gone) {
        const { length, data } = ahead.shift()!;
        const chunk = await data;
        if (!chunk.length) break;
        sent += chunk.length;
        transferred(chunk.length);
        if (chunk.length < length) {
          ahead.length = 0;
          next = sent;
        }
        fill();
        // The browser's pace: reading ahead stops while this chunk waits to leave.
        if (!response.write(chunk))
          await new Promise((resolve) => {
            response.once('drain', resolve);
            response.once('close', resolve);
          });
      }
      if (gone) response.destroy();
      else response.end();
      // Every byte handed to the browser's connection: the download completed on the door's side.
      file.transfer.end(!gone);
    } finally {
      file.transfer.end(false); // any other way out (a failed read, the asset gone) did not complete
      closeRemote();
    }
  }

  private async upload(
    tree: FileTree,
    path: string,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const file = await ops.open(tree, path, ops.OPEN_FLAGS.WRITE | ops.OPEN_FLAGS.CREAT | ops.OPEN_FLAGS.TRUNC);
    const { sftp } = file.conn;
    let offset = 0;
    // Several writes in flight (one at a time waits a round trip per chunk); the body is read no faster
    // than the asset takes it: past WRITES_IN_FLIGHT the loop waits, and the request stays paused.
    let inFlight = 0;
    let failed: Error | null = null;
    let wake: (() => void) | null = null;
    const settled = () => {
      inFlight -= 1;
      wake?.();
    };
    try {
      for await (const chunk of request as AsyncIterable<Buffer>) {
        if (failed) break;
        const at = offset;
        offset += chunk.length;
        transferred(chunk.length);
        inFlight += 1;
        call<void>((done) => sftp.write(file.handle, chunk, 0, chunk.length, at, done)).then(
          settled,
          (error: Error) => {
            failed ??= error;
            settled();
          },
        );
        while (inFlight >= WRITES_IN_FLIGHT && !failed)
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
      }
      while (inFlight > 0)
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      if (failed) throw failed;
    } catch (error) {
      file.transfer.end(false);
      throw error;
    } finally {
      const closed = await call<void>((done) => sftp.close(file.handle, done)).then(
        () => true,
        () => false,
      );
      // The whole body, every write and the close answered OK: the upload completed; anything else did not.
      file.transfer.end(closed && request.complete && !failed);
    }
    if (!request.complete) throw new FileError(STATUS.CONNECTION_LOST, 'files.cut_short');
    json(response, 201, { path, size: offset });
  }

  close(): void {
    for (const kept of this.kept.values()) {
      clearTimeout(kept.timer);
      kept.tree.close();
    }
    this.kept.clear();
  }
}

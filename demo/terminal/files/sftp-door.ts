// The SSH door's `sftp` subsystem: an SFTP server (ssh2's, protocol version 3 as OpenSSH speaks it) over
// the user's FileTree. Every request is answered — a refusal is a PERMISSION_DENIED status with the
// reason, never a dropped channel. Reads and writes are passed one by one to the asset's SFTP session,
// in requests as large as OpenSSH's sftp-server takes (the door offers limits@openssh.com, as it does:
// sftp-flow.ts); at most IN_FLIGHT bytes of them each way are held by the door at a time, so a file of
// any size streams through without being held, whatever the client keeps in flight.
import type { Attributes, FileEntry, SFTPWrapper } from 'ssh2';
import { call, normalizeVirtual, STATUS, statusOf, type FileTree } from './file-tree.ts';
import * as ops from './file-ops.ts';
import {
  afterClientWindow,
  exitStatus,
  heldForClient,
  inboundFlow,
  LIMITS_EXTENSION,
  limitsReply,
  MAX_DATA,
  offerLimits,
  sendPacket,
} from './sftp-flow.ts';
import { transferred } from './transfer-gc.ts';

type Handle =
  /** `failed`: a read or write of it failed on the asset, so its transfer did not complete. */
  | { kind: 'file'; file: ops.OpenFile; path: string; failed: boolean }
  | { kind: 'dir'; entries: FileEntry[]; next: number };

/** Names per READDIR answer (OpenSSH asks again until EOF). */
const NAMES_PER_ANSWER = 100;
/** A READ asks at most this much of the asset at once (SFTP lets an answer be shorter than asked). */
const MAX_READ = MAX_DATA;
/**
 * File data the door holds for one SFTP session at most, each way: WRITEs taken from the client and not
 * yet acknowledged by the asset, READs asked of the asset and not yet sent on to the client. Past it the
 * client's window stays closed (uploads) or further READs wait (downloads): memory stays bounded
 * whatever the client keeps in flight, and it is still more than the asset's channel window (2 MB for
 * OpenSSH), so the asset is never left waiting.
 */
const IN_FLIGHT = 4 * 1024 * 1024;

export function serveSftp(sftp: SFTPWrapper, tree: FileTree, log: (line: string) => void): void {
  offerLimits(sftp);
  const handles = new Map<number, Handle>();
  let nextHandle = 1;
  let writing = 0;
  const inbound = inboundFlow(sftp, () => writing >= IN_FLIGHT);
  let reading = 0;
  const reads: (() => void)[] = [];
  let waitingForClient = false;
  /** Starts the waiting READs that fit: what the door holds for the client counts against them too. */
  const startReads = () => {
    while (reads.length && reading < IN_FLIGHT) {
      if (reading + heldForClient(sftp) >= IN_FLIGHT) {
        if (!waitingForClient) {
          waitingForClient = true;
          afterClientWindow(sftp, () => {
            waitingForClient = false;
            startReads();
          });
        }
        return;
      }
      reads.shift()!();
    }
  };

  const handleOf = (raw: Buffer): Handle | undefined =>
    raw.length === 4 ? handles.get(raw.readUInt32BE(0)) : undefined;
  const newHandle = (handle: Handle): Buffer => {
    const id = nextHandle++;
    handles.set(id, handle);
    const raw = Buffer.alloc(4);
    raw.writeUInt32BE(id, 0);
    return raw;
  };
  const fail = (reqid: number, error: unknown) => {
    const code = statusOf(error);
    if (code === STATUS.FAILURE) log(`sftp: ${(error as Error).message}`);
    sftp.status(reqid, code, (error as Error).message);
  };
  /** Runs a request's work; whatever it throws is its status answer. */
  const answer = (reqid: number, work: () => Promise<void>) => {
    work().catch((error) => fail(reqid, error));
  };
  const ok = (reqid: number) => sftp.status(reqid, STATUS.OK);
  const badHandle = (reqid: number) => sftp.status(reqid, STATUS.FAILURE, 'Invalid handle');

  sftp.on('REALPATH', (reqid, path) => {
    const absolute = normalizeVirtual(path);
    sftp.name(reqid, [{ filename: absolute, longname: absolute, attrs: {} as Attributes }]);
  });
  sftp.on('STAT', (reqid, path) =>
    answer(reqid, async () => {
      sftp.attrs(reqid, await ops.stat(tree, path));
    }),
  );
  sftp.on('LSTAT', (reqid, path) =>
    answer(reqid, async () => {
      sftp.attrs(reqid, await ops.stat(tree, path, true));
    }),
  );
  sftp.on('OPENDIR', (reqid, path) =>
    answer(reqid, async () => {
      sftp.handle(reqid, newHandle({ kind: 'dir', entries: await ops.list(tree, path), next: 0 }));
    }),
  );
  sftp.on('READDIR', (reqid, raw) => {
    const handle = handleOf(raw);
    if (!handle || handle.kind !== 'dir') return badHandle(reqid);
    if (handle.next >= handle.entries.length) return sftp.status(reqid, STATUS.EOF);
    const names = handle.entries.slice(handle.next, handle.next + NAMES_PER_ANSWER);
    handle.next += names.length;
    sftp.name(reqid, names);
  });
  sftp.on('OPEN', (reqid, path, flags, attrs) =>
    answer(reqid, async () => {
      const file = await ops.open(tree, path, flags, attrs);
      sftp.handle(reqid, newHandle({ kind: 'file', file, path, failed: false }));
    }),
  );
  sftp.on('READ', (reqid, raw, offset, length) => {
    const handle = handleOf(raw);
    if (!handle || handle.kind !== 'file') return badHandle(reqid);
    if (!handle.file.read) return sftp.status(reqid, STATUS.PERMISSION_DENIED, 'The file was not opened for reading');
    const size = Math.min(length, MAX_READ);
    reads.push(() => {
      reading += size;
      answer(reqid, async () => {
        const { conn, handle: remote } = handle.file;
        try {
          const got = await new Promise<Buffer>((resolve, reject) =>
            conn.sftp.read(remote, Buffer.allocUnsafe(size), 0, size, offset, (error, bytes, buffer) =>
              error ? reject(error) : resolve(buffer.subarray(0, bytes)),
            ),
          );
          if (!got.length) sftp.status(reqid, STATUS.EOF);
          else {
            sftp.data(reqid, got);
            transferred(got.length);
          }
        } catch (error) {
          handle.failed = true;
          throw error;
        } finally {
          reading -= size;
          startReads();
        }
      });
    });
    startReads();
  });
  sftp.on('WRITE', (reqid, raw, offset, data) => {
    const handle = handleOf(raw);
    if (!handle || handle.kind !== 'file') return badHandle(reqid);
    if (!handle.file.write) return sftp.status(reqid, STATUS.PERMISSION_DENIED, 'The file was not opened for writing');
    writing += data.length;
    transferred(data.length);
    answer(reqid, async () => {
      const { conn, handle: remote } = handle.file;
      try {
        await call<void>((done) => conn.sftp.write(remote, data, 0, data.length, offset, done));
      } catch (error) {
        handle.failed = true;
        throw error;
      } finally {
        writing -= data.length;
        inbound.resume();
      }
      ok(reqid);
    });
  });
  sftp.on('FSTAT', (reqid, raw) => {
    const handle = handleOf(raw);
    if (!handle) return badHandle(reqid);
    if (handle.kind === 'dir') return badHandle(reqid);
    answer(reqid, async () => {
      sftp.attrs(reqid, await call<Attributes>((done) => handle.file.conn.sftp.fstat(handle.file.handle, done)));
    });
  });
  sftp.on('FSETSTAT', (reqid, raw, attrs) => {
    const handle = handleOf(raw);
    if (!handle || handle.kind !== 'file') return badHandle(reqid);
    answer(reqid, async () => {
      await ops.fsetstat(tree, handle.file, handle.path, attrs);
      ok(reqid);
    });
  });
  sftp.on('CLOSE', (reqid, raw) => {
    const handle = handleOf(raw);
    if (!handle) return badHandle(reqid);
    handles.delete(raw.readUInt32BE(0));
    if (handle.kind === 'dir') return ok(reqid);
    answer(reqid, async () => {
      try {
        await call<void>((done) => handle.file.conn.sftp.close(handle.file.handle, done));
      } catch (error) {
        handle.file.transfer.end(false);
        throw error;
      }
      // Closed by the client with every read and write answered OK: the transfer completed.
      handle.file.transfer.end(!handle.failed);
      ok(reqid);
    });
  });
  sftp.on('SETSTAT', (reqid, path, attrs) =>
    answer(reqid, async () => {
      await ops.setstat(tree, path, attrs);
      ok(reqid);
    }),
  );
  sftp.on('MKDIR', (reqid, path, attrs) =>
    answer(reqid, async () => {
      await ops.mkdir(tree, path, attrs);
      ok(reqid);
    }),
  );
  sftp.on('RMDIR', (reqid, path) =>
    answer(reqid, async () => {
      await ops.rmdir(tree, path);
      ok(reqid);
    }),
  );
  sftp.on('REMOVE', (reqid, path) =>
    answer(reqid, async () => {
      await ops.remove(tree, path);
      ok(reqid);
    }),
  );
  sftp.on('RENAME', (reqid, from, to) =>
    answer(reqid, async () => {
      await ops.rename(tree, from, to);
      ok(reqid);
    }),
  );
  sftp.on('SYMLINK', (reqid, link, target) =>
    answer(reqid, async () => {
      await ops.symlink(tree, target, link);
      ok(reqid);
    }),
  );
  sftp.on('READLINK', (reqid, path) =>
    answer(reqid, async () => {
      const target = await ops.readlink(tree, path);
      sftp.name(reqid, [{ filename: target, longname: target, attrs: {} as Attributes }]);
    }),
  );
  sftp.on('EXTENDED', (reqid, name) => {
    if (name === LIMITS_EXTENSION && sendPacket(sftp, limitsReply(reqid))) return;
    sftp.status(reqid, STATUS.OP_UNSUPPORTED);
  });

  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    // Files still open when the channel goes (the client killed, the connection cut): not completed.
    for (const handle of handles.values()) if (handle.kind === 'file') handle.file.transfer.end(false);
    handles.clear();
    tree.close();
  };
  // The client is done (its EOF): the channel is closed from here too, or the client waits for it, with
  // the exit status an sftp-server gives (scp reads it: without one its ssh exits 255 and the copy fails).
  sftp.once('end', () => {
    finish();
    exitStatus(sftp, 0);
    sftp.end();
  });
  sftp.once('close', finish);
  sftp.on('error', () => {});
}

// The file operations both file doors offer, on a user's FileTree: each checks what the grant engine
// allows for the asset and system user, runs on the asset's SFTP session, and writes the FTP log row 2.3
// writes for it (Download, Upload, Mkdir, Rmdir, Delete, Rename, Symlink; refused attempts too, marked
// unsuccessful). Reading and listing return what the asset answers; paths are the tree's virtual ones.
// Every path is resolved by the asset and kept under the system user's root (confined.ts): what follows
// a link (read, write, list, stat, chmod) acts on the link's resolved target, what acts on an entry
// itself (lstat, remove, rename, mkdir, a new link) on the entry in its resolved folder.
import { posix } from 'node:path';
import type { Attributes, FileEntry, InputAttributes } from 'ssh2';
import { entry, followed, linkTarget } from './confined.ts';
import {
  call,
  FileError,
  FileTree,
  STATUS,
  virtualDirAttrs,
  type AssetSftp,
  type Inside,
  type Transfer,
} from './file-tree.ts';

/**
 * An open file on the asset: its handle there, the session it belongs to, and the transfer whose FTP row
 * is written when the door is done with it (`transfer.end(completed)`).
 */
export interface OpenFile {
  conn: AssetSftp;
  handle: Buffer;
  real: string;
  read: boolean;
  write: boolean;
  transfer: Transfer;
}

/** ssh2's SFTP OPEN flags (draft-02). */
export const OPEN_FLAGS = { READ: 0x01, WRITE: 0x02, APPEND: 0x04, CREAT: 0x08, TRUNC: 0x10, EXCL: 0x20 } as const;

export async function stat(tree: FileTree, path: string, link = false): Promise<Attributes> {
  const place = await tree.locate(path);
  if (!place) throw new FileError(STATUS.NO_SUCH_FILE, 'files.no_such_file');
  if (place.kind !== 'inside') return virtualDirAttrs();
  await tree.require(place, 'browse');
  // A system user's folder is the door's own: it stands for the asset's root, which may be anything.
  if (!place.rest) return virtualDirAttrs(true);
  const conn = await tree.connection(place);
  if (link) {
    const real = await entry(conn, place);
    return call<Attributes>((done) => conn.sftp.lstat(real, done));
  }
  const real = await followed(conn, place);
  return call<Attributes>((done) => conn.sftp.stat(real, done));
}

/** Every entry of a folder (virtual ones made up, the asset's as it lists them, without `.` and `..`). */
export async function list(tree: FileTree, path: string): Promise<FileEntry[]> {
  const place = await tree.locate(path);
  if (!place) throw new FileError(STATUS.NO_SUCH_FILE, 'files.no_such_file');
  const virtual = await tree.virtualEntries(place);
  if (virtual) return virtual;
  const inside = place as Inside;
  await tree.require(inside, 'browse');
  const conn = await tree.connection(inside);
  const real = await followed(conn, inside);
  return call<FileEntry[]>((done) => conn.sftp.readdir(real, done));
}

/** Opens a file on the asset: for reading (Download, needs download_file) or writing (Upload, needs upload_file). */
export async function open(
  tree: FileTree,
  path: string,
  flags: number,
  attrs: InputAttributes = {},
): Promise<OpenFile> {
  const place = await tree.inside(path);
  if (!place.rest) throw new FileError(STATUS.FAILURE, 'files.not_a_file');
  const read = (flags & OPEN_FLAGS.READ) !== 0;
  const write = (flags & (OPEN_FLAGS.WRITE | OPEN_FLAGS.APPEND | OPEN_FLAGS.CREAT | OPEN_FLAGS.TRUNC)) !== 0;
  const name = (conn: AssetSftp | null) => FileTree.pathOf(place, conn);
  // A file opened both ways is both a download and an upload, and needs both actions.
  if (write && read) {
    try {
      await tree.require(place, 'download_file');
    } catch (error) {
      tree.log(place, 'Download', FileTree.pathOf(place, null), false);
      throw error;
    }
  }
  // The file really opened (a link's target, under the root) is what the row names; the row is written
  // when the transfer ends (FileTree.beginTransfer), or now when the open fails.
  const operate = write ? 'Upload' : 'Download';
  const opened = await tree.logged(
    place,
    write ? 'upload_file' : 'download_file',
    operate,
    name,
    async (conn, row) => {
      const real = await followed(conn, place);
      row.filename = real;
      // Noted before the asset's file is touched (an upload truncates it).
      const transfer = tree.beginTransfer(place, operate, real);
      try {
        const handle = await call<Buffer>((done) => conn.sftp.open(real, flags, attrs, done));
        return { conn, handle, real, transfer };
      } catch (error) {
        transfer.cancel(); // the failed open is logged's row
        throw error;
      }
    },
    true,
  );
  return { ...opened, read, write };
}

/** A path under a system user's folder: that folder itself (the asset's root) is not removed, moved or changed. */
async function belowRoot(tree: FileTree, path: string): Promise<Inside> {
  const place = await tree.inside(path);
  if (!place.rest) throw new FileError(STATUS.PERMISSION_DENIED, 'files.root_stays');
  return place;
}

export async function mkdir(tree: FileTree, path: string, attrs: InputAttributes = {}): Promise<void> {
  const place = await tree.inside(path);
  if (!place.rest) throw new FileError(STATUS.FAILURE, 'files.folder_exists');
  await tree.logged(
    place,
    'upload_file',
    'Mkdir',
    (c) => FileTree.pathOf(place, c),
    async (conn, row) => {
      row.filename = await entry(conn, place);
      await call<void>((done) => conn.sftp.mkdir(row.filename, attrs, done));
    },
  );
}

export async function rmdir(tree: FileTree, path: string): Promise<void> {
  const place = await belowRoot(tree, path);
  await tree.logged(
    place,
    'upload_file',
    'Rmdir',
    (c) => FileTree.pathOf(place, c),
    async (conn, row) => {
      row.filename = await entry(conn, place);
      await call<void>((done) => conn.sftp.rmdir(row.filename, done));
    },
  );
}

export async function remove(tree: FileTree, path: string): Promise<void> {
  const place = await belowRoot(tree, path);
  // A link is removed itself, never what it points at.
  await tree.logged(
    place,
    'upload_file',
    'Delete',
    (c) => FileTree.pathOf(place, c),
    async (conn, row) => {
      row.filename = await entry(conn, place);
      await call<void>((done) => conn.sftp.unlink(row.filename, done));
    },
  );
}

/**
 * A folder and everything in it (the web file manager's delete), one logged operation per entry. The
 * system user's root is refused before anything is touched, and so is a folder the user may not change.
 */
export async function removeTree(tree: FileTree, path: string): Promise<void> {
  const place = await belowRoot(tree, path);
  const attrs = await stat(tree, path, true);
  if (((attrs.mode ?? 0) & 0o170000) !== 0o040000) return remove(tree, path);
  try {
    await tree.require(place, 'upload_file');
  } catch (error) {
    tree.log(place, 'Rmdir', FileTree.pathOf(place, null), false);
    throw error;
  }
  for (const entry of await list(tree, path)) await removeTree(tree, posix.join(path, entry.filename));
  await rmdir(tree, path);
}

/** Both paths in one system user's folder of one asset (a rename cannot cross to another session). */
async function pair(tree: FileTree, from: string, to: string): Promise<[Inside, Inside]> {
  const [a, b] = await Promise.all([tree.inside(from), tree.inside(to)]);
  if (a.asset !== b.asset || a.su !== b.su) throw new FileError(STATUS.OP_UNSUPPORTED, 'files.one_session');
  if (!a.rest || !b.rest) throw new FileError(STATUS.PERMISSION_DENIED, 'files.root_stays');
  return [a, b];
}

export async function rename(tree: FileTree, from: string, to: string): Promise<void> {
  const [a, b] = await pair(tree, from, to);
  await tree.logged(
    a,
    'upload_file',
    'Rename',
    (c) => `${FileTree.pathOf(a, c)}=>${FileTree.pathOf(b, c)}`,
    async (conn, row) => {
      const [from, to] = [await entry(conn, a), await entry(conn, b)];
      row.filename = `${from}=>${to}`;
      await call<void>((done) => conn.sftp.rename(from, to, done));
    },
  );
}

/**
 * A link at `link` to `target`: relative to the link's folder, or a path of the door's tree in the same
 * system user's folder. Made to the path the target resolves to on the asset, which must be under the
 * root (confined.ts): a link out of it is refused, and the row names both real paths.
 */
export async function symlink(tree: FileTree, target: string, link: string): Promise<void> {
  const place = await belowRoot(tree, link);
  const within = target.startsWith('/') ? await tree.locate(target) : null;
  const sameFolder =
    within?.kind === 'inside' && within.asset === place.asset && within.su === place.su ? within : null;
  await tree.logged(
    place,
    'upload_file',
    'Symlink',
    (c) => `${FileTree.pathOf(place, c)}=>${target}`,
    async (conn, row) => {
      const at = await entry(conn, place);
      const to = await linkTarget(conn, at, target, sameFolder);
      row.filename = `${at}=>${to}`;
      await call<void>((done) => conn.sftp.symlink(to, at, done));
    },
  );
}

export async function readlink(tree: FileTree, path: string): Promise<string> {
  const place = await tree.inside(path);
  await tree.require(place, 'browse');
  const conn = await tree.connection(place);
  const real = await entry(conn, place);
  return call<string>((done) => conn.sftp.readlink(real, done));
}

/** Changing a file's mode, owner or times is a write: upload_file (not logged: 2.3 has no such row). */
export async function setstat(tree: FileTree, path: string, attrs: InputAttributes): Promise<void> {
  const place = await belowRoot(tree, path);
  await tree.require(place, 'upload_file');
  const conn = await tree.connection(place);
  const real = await followed(conn, place);
  await call<void>((done) => conn.sftp.setstat(real, attrs, done));
}

/** The same on an open file: free for a file opened for writing (the open needed upload_file). */
export async function fsetstat(tree: FileTree, file: OpenFile, path: string, attrs: InputAttributes): Promise<void> {
  if (!file.write) await tree.require(await tree.inside(path), 'upload_file');
  await call<void>((done) => file.conn.sftp.fsetstat(file.handle, attrs, done));
}

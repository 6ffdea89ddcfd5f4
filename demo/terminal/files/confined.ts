// Every path the file doors touch on an asset stays under the system user's `sftp_root`, as the asset
// itself resolves it: a symbolic link is followed by the asset's own realpath (over the SFTP session,
// never guessed from the text), and whatever it resolves to must be the root or below it. A link whose
// target leaves the root is neither followed nor created, and the FTP log names the file really read or
// written, not the link. 2.3's koko joined the root and the path and let the asset follow any link:
// `ln -s /etc/passwd l` then `get l` read /etc/passwd under a grant of download_file in /tmp.
//
// What this cannot close: a user with a shell on the asset who swaps a folder for a link between the
// door's realpath and the operation itself (SFTP has no openat or O_NOFOLLOW); the operation then runs
// on the path resolved a moment before.
import { posix } from 'node:path';
import { call, FileError, FileTree, STATUS, statusOf, type AssetSftp, type Inside } from './file-tree.ts';

/** Whether `path` (absolute, resolved) is `root` or below it. */
export function underRoot(root: string, path: string): boolean {
  if (root === '/') return path.startsWith('/');
  return path === root || path.startsWith(`${root}/`);
}

const outside = () => new FileError(STATUS.PERMISSION_DENIED, 'files.outside_root');

/** The asset's realpath of `path`, or null when nothing is there (another error is the asset's answer). */
async function realpath(conn: AssetSftp, path: string): Promise<string | null> {
  try {
    return await call<string>((done) => conn.sftp.realpath(path, done));
  } catch (error) {
    if (statusOf(error) === STATUS.NO_SUCH_FILE) return null;
    throw error;
  }
}

async function exists(conn: AssetSftp, path: string): Promise<boolean> {
  try {
    await call((done) => conn.sftp.lstat(path, done));
    return true;
  } catch (error) {
    if (statusOf(error) === STATUS.NO_SUCH_FILE) return false;
    throw error;
  }
}

/** `path` resolved on the asset, links followed to the end; one not there yet: its folder resolved, its name kept. */
async function resolved(conn: AssetSftp, path: string): Promise<string> {
  const real = await realpath(conn, path);
  // OpenSSH's realpath answers a missing last name with the path itself, and a dangling link with where
  // it points: both are checked below like any other answer.
  if (real !== null) {
    if (!underRoot(conn.root, real)) throw outside();
    return real;
  }
  // Something is there that the asset cannot resolve (a link to nowhere, on another server): not followed.
  if (await exists(conn, path)) throw outside();
  const name = posix.basename(path);
  if (name === '.' || name === '..' || !name) throw outside();
  const folder = await realpath(conn, posix.dirname(path));
  if (folder === null) throw new FileError(STATUS.NO_SUCH_FILE, 'files.no_such_file');
  const made = posix.join(folder, name);
  if (!underRoot(conn.root, made)) throw outside();
  return made;
}

/**
 * The file or folder a place names, links followed: what a read, a write, a listing, a stat or a chmod
 * really touches. Refused (PERMISSION_DENIED) when that is outside the root.
 */
export function followed(conn: AssetSftp, place: Inside): Promise<string> {
  return place.rest ? resolved(conn, FileTree.real(conn, place)) : Promise.resolve(conn.root);
}

/**
 * The entry a place names itself, not followed if it is a link: its folder resolved, its own name kept —
 * what an lstat, a removal, a rename, a new folder or a new link acts on.
 */
export async function entry(conn: AssetSftp, place: Inside): Promise<string> {
  const path = FileTree.real(conn, place);
  const folder = await realpath(conn, posix.dirname(path));
  if (folder === null) throw new FileError(STATUS.NO_SUCH_FILE, 'files.no_such_file');
  const made = posix.join(folder, posix.basename(path));
  if (!underRoot(conn.root, folder) || made === conn.root) throw outside();
  return made;
}

/**
 * Where a new link at `linkEntry` may point: `target` as the client gave it — relative to the link's
 * folder, or a path of the door's tree (`within`, the target's place there, must be this same system
 * user's folder) — resolved on the asset and under the root. The link is made to that resolved path,
 * so what it names cannot change with the text's `..` or the links it went through.
 */
export async function linkTarget(
  conn: AssetSftp,
  linkEntry: string,
  target: string,
  within: Inside | null,
): Promise<string> {
  if (target.startsWith('/')) {
    if (!within) throw outside();
    return followed(conn, within);
  }
  return resolved(conn, `${posix.dirname(linkEntry)}/${target}`);
}

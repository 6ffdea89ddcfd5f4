// The data folder holds the database, its -wal/-shm, the secret key and the recordings: only the server's
// account may read them (folder 0700, files 0600). Files are created with that mode (SQLite gives -wal and
// -shm the database file's mode), and a folder or database left readable by an older version is tightened
// at start. A folder this server does not own, or a shared one (sticky bit: /tmp), is never changed.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

const OTHERS = 0o077;

export function prepareDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { mode, uid } = statSync(dir);
  const shared = (mode & 0o1000) !== 0 || (typeof process.getuid === 'function' && uid !== process.getuid());
  if (mode & OTHERS && !shared) chmodSync(dir, 0o700);
}

/** Creates the database file 0600 before SQLite opens it (an empty file is a new database to SQLite). */
export function prepareDatabaseFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  }
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path) && statSync(path).mode & OTHERS) chmodSync(path, 0o600);
  }
}

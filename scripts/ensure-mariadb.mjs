// The database-app tests start a private MariaDB server (Debian's mariadb-server: mariadb-install-db
// builds its datadir, mariadbd serves it on a loopback port) and talk to it with the real `mariadb`
// client (Debian's mariadb-client). When any of them is missing, install them if we are root, otherwise
// stop with instructions instead of letting the tests fail later with a confusing spawn error.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const MARIADBD_PATH = '/usr/sbin/mariadbd';
export const INSTALL_DB_PATH = '/usr/bin/mariadb-install-db';
export const MARIADB_CLIENT_PATH = '/usr/bin/mariadb';
const NEEDED = [MARIADBD_PATH, INSTALL_DB_PATH, MARIADB_CLIENT_PATH];
const PACKAGES = 'mariadb-server mariadb-client';

function run(command) {
  console.log(`$ ${command}`);
  return spawnSync('sh', ['-c', command], { stdio: 'inherit' }).status === 0;
}

const missing = NEEDED.filter((path) => !existsSync(path));
if (missing.length) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `The database-app tests need ${missing.join(' and ')}, which ${missing.length > 1 ? 'are' : 'is'} missing.\n` +
        `Install with:  sudo apt-get update && sudo apt-get install -y ${PACKAGES}\n` +
        '(the tests run their own mariadbd on a loopback port; the system service need not be started).',
    );
    process.exit(1);
  }
  console.log(`missing ${missing.join(', ')}: installing Debian's ${PACKAGES}`);
  // Where no policy-rc.d stops it, the package starts the system service on 127.0.0.1:3306; the tests and
  // the demo never use it (their servers have their own datadir, socket and address).
  const install = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${PACKAGES}`;
  if (!run(install) || NEEDED.some((path) => !existsSync(path))) {
    console.error(`Installing ${PACKAGES} failed; install by hand: apt-get install -y ${PACKAGES}`);
    process.exit(1);
  }
}

// The replay-storage tests and `npm run bench -- storage` start a private S3 server: Ceph's RADOS Gateway
// as a one-node cluster (scripts/lib/ceph-rgw.mjs). When Debian's packages are missing, install them if we
// are root (without recommends: 54 packages, ~260 MB, about 90 s; no daemon is started by the packages),
// otherwise stop with instructions instead of letting the tests fail later with a confusing spawn error.
import { spawnSync } from 'node:child_process';
import { CEPH_BINARIES, CEPH_PACKAGES, cephInstalled } from './lib/ceph-rgw.mjs';
import { existsSync } from 'node:fs';

function run(command) {
  console.log(`$ ${command}`);
  return spawnSync('sh', ['-c', command], { stdio: 'inherit' }).status === 0;
}

if (!cephInstalled()) {
  const missing = CEPH_BINARIES.filter((path) => !existsSync(path));
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `The replay-storage tests need ${missing.join(', ')}, which ${missing.length > 1 ? 'are' : 'is'} missing.\n` +
        `Install with:  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${CEPH_PACKAGES}\n` +
        '(the tests run their own one-node cluster on loopback ports; no system service is used).',
    );
    process.exit(1);
  }
  console.log(`missing ${missing.join(', ')}: installing Debian's ${CEPH_PACKAGES}`);
  const install = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${CEPH_PACKAGES}`;
  if (!run(install) || !cephInstalled()) {
    console.error(
      `Installing ${CEPH_PACKAGES} failed; install by hand: apt-get install -y --no-install-recommends ${CEPH_PACKAGES}`,
    );
    process.exit(1);
  }
}

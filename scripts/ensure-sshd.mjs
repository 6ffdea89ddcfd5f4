// The task-runner tests start a private OpenSSH server (Debian's openssh-server) on a loopback port,
// and the push tests need sudo on that host: the admin user becomes root with sudo to create the
// system user's account, as 2.3's push playbook does (Ansible `become`). When either is missing,
// install it if we are root, otherwise stop with instructions instead of letting the tests fail later
// with a confusing spawn error. The door's full-screen tests run programs with command lines of their own
// on that host (vim, vi and view, less, man, nano): a refused shell escape must leave nothing in them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const SSHD_PATH = '/usr/sbin/sshd';
export const SUDO_PATH = '/usr/bin/sudo';

const NEEDED = [
  { path: SSHD_PATH, pkg: 'openssh-server' },
  { path: SUDO_PATH, pkg: 'sudo' },
  { path: '/usr/bin/vim.basic', pkg: 'vim' },
  { path: '/usr/bin/less', pkg: 'less' },
  { path: '/usr/bin/nano', pkg: 'nano' },
  { path: '/usr/bin/man', pkg: 'man-db' },
];

function run(command) {
  console.log(`$ ${command}`);
  return spawnSync('sh', ['-c', command], { stdio: 'inherit' }).status === 0;
}

const missing = NEEDED.filter(({ path }) => !existsSync(path));
if (missing.length) {
  const packages = missing.map(({ pkg }) => pkg).join(' ');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `The task-runner and door tests need ${missing.map(({ path }) => path).join(' and ')}, which ${missing.length > 1 ? 'are' : 'is'} missing.\n` +
        `Install with:  sudo apt-get update && sudo apt-get install -y ${packages}\n` +
        '(the tests run their own sshd on a loopback port; the system service need not be started).',
    );
    process.exit(1);
  }
  console.log(`missing ${missing.map(({ path }) => path).join(', ')}: installing Debian's ${packages}`);
  // policy-rc.d-less containers may try to start the service; the tests never rely on it.
  const install = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${packages}`;
  if (!run(install) || missing.some(({ path }) => !existsSync(path))) {
    console.error(`Installing ${packages} failed; install by hand: apt-get install -y ${packages}`);
    process.exit(1);
  }
}

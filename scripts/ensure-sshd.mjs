// The task-runner tests start a private OpenSSH server (Debian's openssh-server) on a loopback port.
// When sshd is missing, install it if we are root, otherwise stop with instructions instead of
// letting every connectivity test fail later with a confusing spawn error.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const SSHD_PATH = '/usr/sbin/sshd';

function run(command) {
  console.log(`$ ${command}`);
  return spawnSync('sh', ['-c', command], { stdio: 'inherit' }).status === 0;
}

if (!existsSync(SSHD_PATH)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `OpenSSH's server is needed for the task-runner tests and ${SSHD_PATH} is missing.\n` +
        'Install it with:  sudo apt-get update && sudo apt-get install -y openssh-server\n' +
        '(the tests run their own sshd on a loopback port; the system service need not be started).',
    );
    process.exit(1);
  }
  console.log(`${SSHD_PATH} is missing: installing Debian's openssh-server`);
  // policy-rc.d-less containers may try to start the service; the tests never rely on it.
  const install = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y openssh-server';
  if (!run(install) || !existsSync(SSHD_PATH)) {
    console.error('Installing openssh-server failed; install it by hand: apt-get install -y openssh-server');
    process.exit(1);
  }
}

// The LDAP tests start a private OpenLDAP server (Debian's slapd, with ldap-utils for its schema tools)
// on a loopback port. When it is missing, install it if we are root, otherwise stop with instructions
// instead of letting the tests fail later with a confusing spawn error. Debconf is answered first so
// the package installs without questions; its own system database is never used by the tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const SLAPD_PATH = '/usr/sbin/slapd';
export const SLAPADD_PATH = '/usr/sbin/slapadd';
const PACKAGES = 'slapd ldap-utils';

function run(command, input) {
  console.log(`$ ${command}`);
  return (
    spawnSync('sh', ['-c', command], { stdio: [input ? 'pipe' : 'inherit', 'inherit', 'inherit'], input }).status === 0
  );
}

if (!existsSync(SLAPD_PATH) || !existsSync(SLAPADD_PATH)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `The LDAP tests need ${SLAPD_PATH}, which is missing.\n` +
        `Install with:  sudo apt-get update && sudo apt-get install -y ${PACKAGES}\n` +
        '(the tests run their own slapd on a loopback port; the system service need not be started).',
    );
    process.exit(1);
  }
  console.log(`missing ${SLAPD_PATH}: installing Debian's ${PACKAGES}`);
  // Throwaway answers: the packaged database is never used, the tests build their own.
  const answers =
    [
      'slapd slapd/no_configuration boolean false',
      'slapd slapd/domain string example.test',
      'slapd shared/organization string Bastion Test',
      'slapd slapd/password1 password unused-admin',
      'slapd slapd/password2 password unused-admin',
    ].join('\n') + '\n';
  if (!run('debconf-set-selections', answers)) process.exit(1);
  const install = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${PACKAGES}`;
  if (!run(install) || !existsSync(SLAPD_PATH)) {
    console.error(`Installing ${PACKAGES} failed; install by hand: apt-get install -y ${PACKAGES}`);
    process.exit(1);
  }
}

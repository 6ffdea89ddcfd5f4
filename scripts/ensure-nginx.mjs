// The deployment tests start a private nginx (Debian's package) on a loopback port with the shipped
// configuration (deploy/nginx/) in front of the reference server, and check that configuration with
// `nginx -t`. When nginx is missing, install it if we are root, otherwise stop with instructions instead
// of letting the tests fail later with a confusing spawn error. Debian 12 also ships ngx_brotli's static
// module (libnginx-mod-http-brotli-static): it is installed with nginx when the archive has it, so the
// build's `.br` copies are tested as sent; without it the configuration still works (gzip copies only).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const NGINX_PATH = '/usr/sbin/nginx';
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const NGINX_PACKAGE = 'nginx';
const BROTLI_PACKAGE = 'libnginx-mod-http-brotli-static';

function run(command) {
  console.log(`$ ${command}`);
  return spawnSync('sh', ['-c', command], { stdio: 'inherit' }).status === 0;
}

/** Whether the package lists know the package: Debian releases before 12 lack the brotli module. */
function inArchive(pkg) {
  const policy = spawnSync('apt-cache', ['policy', pkg], { encoding: 'utf8' });
  return policy.status === 0 && /Candidate: (?!\(none\))\S+/.test(policy.stdout);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

if (!existsSync(NGINX_PATH)) {
  if (!isRoot) {
    console.error(
      `The deployment tests need ${NGINX_PATH}, which is missing.\n` +
        `Install with:  sudo apt-get update && sudo apt-get install -y ${NGINX_PACKAGE} ${BROTLI_PACKAGE}\n` +
        '(the tests run their own nginx on a loopback port; the system service need not be started).',
    );
    process.exit(1);
  }
  if (!run('apt-get update')) process.exit(1);
  const packages = [NGINX_PACKAGE, ...(inArchive(BROTLI_PACKAGE) ? [BROTLI_PACKAGE] : [])].join(' ');
  console.log(`missing ${NGINX_PATH}: installing Debian's ${packages}`);
  // Where no policy-rc.d stops it, the package starts the system service on port 80; the tests never use it.
  if (!run(`DEBIAN_FRONTEND=noninteractive apt-get install -y ${packages}`) || !existsSync(NGINX_PATH)) {
    console.error(`Installing ${packages} failed; install by hand: apt-get install -y ${packages}`);
    process.exit(1);
  }
} else if (!existsSync(BROTLI_STATIC_MODULE) && isRoot && inArchive(BROTLI_PACKAGE)) {
  // nginx was there before: add the module from the lists as they are (no update on every run).
  console.log(`missing ${BROTLI_STATIC_MODULE}: installing Debian's ${BROTLI_PACKAGE}`);
  run(`DEBIAN_FRONTEND=noninteractive apt-get install -y ${BROTLI_PACKAGE}`);
}

if (!existsSync(BROTLI_STATIC_MODULE)) {
  // Not a failure: the configuration serves the gzip copies without it, and the tests check that.
  console.log(
    `no ${BROTLI_STATIC_MODULE}: the nginx tests check the gzip copies only (apt-get install ${BROTLI_PACKAGE} adds brotli)`,
  );
}

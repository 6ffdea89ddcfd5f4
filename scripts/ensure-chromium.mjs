// Browser tests drive Debian's Chromium (no browser download is possible here). When it is missing,
// install it if we are root, otherwise stop with instructions instead of failing later inside wtr.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEFAULT_CHROME = '/usr/bin/chromium';
const chromePath = process.env.CHROME_PATH || DEFAULT_CHROME;

function run(command) {
  console.log(`$ ${command}`);
  return spawnSync('sh', ['-c', command], { stdio: 'inherit' }).status === 0;
}

if (!existsSync(chromePath)) {
  if (process.env.CHROME_PATH) {
    console.error(`CHROME_PATH points at ${chromePath}, which does not exist.`);
    process.exit(1);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is needed for the browser tests and ${chromePath} is missing.\n` +
        'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or point CHROME_PATH at an existing Chrome/Chromium binary.',
    );
    process.exit(1);
  }
  console.log(`${chromePath} is missing: installing Debian's chromium`);
  if (!run('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium') || !existsSync(chromePath)) {
    console.error('Installing chromium failed; install it by hand: apt-get install -y chromium');
    process.exit(1);
  }
}

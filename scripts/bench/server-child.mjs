// A real reference server in a child process (what a browser talks to), on a free loopback port,
// a given DATA_DIR and the bench's dist/ snapshot, so the browser sections measure the network path too.
import { spawn } from 'node:child_process';
import { freePort } from '../lib/free-port.mjs';

const START_TIMEOUT_MS = 60_000;

/** Starts the server on `dataDir` serving `distDir` at /ui/; resolves once /api/health/ answers. */
export async function startServer({ dataDir, distDir, demoPassword }) {
  const port = await freePort();
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    BASTION_DEMO_PASSWORD: demoPassword,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/bench-server.mjs'], {
    env,
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + START_TIMEOUT_MS; Date.now() < deadline;) {
    if (
      await fetch(`${base}/api/health/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the bench server did not start');
}

export async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

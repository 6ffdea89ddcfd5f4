// A test's private daemon (slapd, nginx): started in the foreground on a loopback port, waited for until
// it accepts connections, stopped with its scratch folder. A test process that ends without stopping it
// (a crash, Ctrl-C) does not leave it behind.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';

function listening(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Spawns `command args`, which must listen on 127.0.0.1:`port` within 10 s; `dir` is removed on stop.
 * `failure(said)` names what did not start; `said` is its stderr (and `extraLog()`, e.g. an error log file).
 */
export async function startDaemon({ command, args, port, dir, failure, extraLog = () => '' }) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // SIGTERM: slapd's clean stop, nginx's fast shutdown (the master stops its workers itself).
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const said = `${stderr}${extraLog()}`.trim();
      await stop();
      throw new Error(failure(said || `exit ${child.exitCode}`));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return stop;
}

// A test's private daemon (slapd, nginx, mariadbd): started in the foreground on a loopback port, waited
// for until it accepts connections, stopped with its scratch folder. A test process that ends without
// stopping it (a crash, Ctrl-C) does not leave it behind.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';

function listening(host, port) {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Spawns `command args`, which must listen on `host`:`port` (127.0.0.1 unless told) within `timeoutMs`
 * (10 s unless told); `dir`, when given, is removed on stop (a kept data folder is simply not named).
 * `failure(said)` names what did not start; `said` is its stderr (and `extraLog()`, e.g. an error log file).
 * `detached`: its own process group, so a Ctrl-C reaches only the launcher, which stops it in its turn.
 * `ready()`: what else must hold besides the port accepting (which another process on the same port could
 * do), e.g. the daemon's own log saying it is up.
 * Resolves to `stop()`, which sends SIGTERM and waits for the exit.
 */
export async function startDaemon({ command, args, port, host = '127.0.0.1', dir, failure, extraLog = () => '', timeoutMs = 10_000, detached = false, ready = () => true }) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], detached });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // SIGTERM: slapd's and mariadbd's clean stop, nginx's fast shutdown (the master stops its workers itself).
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (!(await listening(host, port)) || !(await ready())) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      const said = `${stderr}${extraLog()}`.trim();
      const how = child.exitCode !== null ? `exit ${child.exitCode}` : child.signalCode !== null ? `killed by ${child.signalCode}` : `not listening after ${timeoutMs} ms`;
      await stop();
      throw new Error(failure(said ? `${how}; ${said}` : how));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return stop;
}

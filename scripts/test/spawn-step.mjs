// Runs one step of `npm test`, showing its output live and keeping a copy to read the totals from.
//
// A step never holds `npm test` past its time: at `timeoutMs` its whole process group is killed and the
// step ends with what it printed (CI has a hard limit; a hung step must end as a failure that says where,
// not as a run cut off with no summary). A step that has exited is done even if a process it left behind
// still holds its output open.
import { spawn } from 'node:child_process';

// How long output left open by a leftover grandchild is still read after the step itself has exited.
const DRAIN_MS = 5000;

// Steps run in their own process groups, which a Ctrl-C at the terminal does not reach: pass it on.
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const pid of running) {
      try {
        process.kill(-pid, signal);
      } catch {
        /* already gone */
      }
    }
    process.exit(130);
  });
}

/** @returns {Promise<{ code: number, output: string, timedOut: boolean }>} code -1 when the command could not start */
export function runStep(title, command, args, { env = process.env, timeoutMs = 0 } = {}) {
  console.log(`\n=== ${title}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    // Its own process group, so that a timeout ends the runners' children too.
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    if (child.pid) running.add(child.pid);
    let output = '';
    let timedOut = false;
    let settled = false;
    const finish = (code) => {
      if (settled) return;
      settled = true;
      running.delete(child.pid);
      clearTimeout(watchdog);
      child.stdout.destroy();
      child.stderr.destroy();
      console.log(
        `=== ${title}: ${timedOut ? 'stopped after' : 'done in'} ${Math.round((Date.now() - started) / 1000)} s`,
      );
      resolve({ code, output, timedOut });
    };
    const killGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        /* already gone */
      }
    };
    const watchdog =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            const note = `\n${title}: still running after ${Math.round(timeoutMs / 60_000)} min; stopped (counted as a failure)\n`;
            output += note;
            process.stderr.write(note);
            killGroup('SIGTERM');
            setTimeout(() => killGroup('SIGKILL'), 10_000).unref();
          }, timeoutMs)
        : null;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('error', (error) => {
      console.error(`${title}: cannot start ${command}: ${error.message}`);
      finish(-1);
    });
    child.on('exit', (code, signal) => {
      const status = timedOut ? 124 : (code ?? (signal ? 128 : 1));
      child.on('close', () => finish(status));
      setTimeout(() => finish(status), DRAIN_MS).unref();
    });
  });
}

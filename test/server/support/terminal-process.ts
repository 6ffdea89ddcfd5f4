// The terminal component as its own process (`demo/terminal/main.ts`, as `npm start` runs it), for the
// tests that kill it with SIGKILL and start it again.
import { spawn, type ChildProcess } from 'node:child_process';
import type { TestContext } from 'node:test';
import { eventually } from './terminal-world.ts';

/** Starts the terminal with `env`; resolves with its SSH port once it listens. */
export async function terminalProcess(
  t: TestContext,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/terminal/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let out = '';
  child.stdout!.on('data', (data) => {
    out += data;
  });
  child.stderr!.on('data', (data) => {
    out += data;
  });
  const port = Number(
    (await eventually(() => /SSH on 127\.0\.0\.1:(\d+)/.exec(out), 20_000, 'the terminal to listen'))[1],
  );
  return { child, port, output: () => out };
}

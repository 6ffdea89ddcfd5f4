// Commands a portal developer types, run as children: their exit code and everything they printed.
import { spawn } from 'node:child_process';

export interface Ran {
  code: number | null;
  output: string;
}

export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} took over ${options.timeoutMs} ms:\n${output.slice(-3000)}`));
    }, options.timeoutMs ?? 300_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The same, failing with what it printed unless it exits 0. */
export async function mustRun(command: string, args: string[], options: Parameters<typeof run>[2]): Promise<string> {
  const ran = await run(command, args, options);
  if (ran.code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${ran.code}:\n${ran.output.slice(-4000)}`);
  return ran.output;
}

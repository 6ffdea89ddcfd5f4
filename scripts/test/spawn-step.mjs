// Runs one step of `npm test`, showing its output live and keeping a copy to read the totals from.
import { spawn } from 'node:child_process';

/** @returns {Promise<{ code: number, output: string }>} code -1 when the command could not start */
export function runStep(title, command, args, { env = process.env } = {}) {
  console.log(`\n=== ${title}: ${[command, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
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
      resolve({ code: -1, output });
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

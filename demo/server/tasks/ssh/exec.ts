// Runs one command over an open SSH connection and collects its output, bounded by a timeout.
import type { Client } from 'ssh2';
import { withTimeout } from './errors.ts';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Output beyond this is dropped: hardware commands print a few KiB; a runaway command must not fill memory. */
const MAX_OUTPUT = 1024 * 1024;

/**
 * `input` is written to the command's stdin, then stdin is closed: how secrets (a password for sudo,
 * a script holding the password to set) reach the host without ever being part of a command line.
 */
export function runCommand(client: Client, command: string, timeoutMs: number, input?: string): Promise<CommandResult> {
  let close: (() => void) | undefined;
  const finished = new Promise<CommandResult>((resolve, reject) => {
    client.exec(command, (error, channel) => {
      if (error) return reject(error);
      close = () => channel.close();
      let stdout = '';
      let stderr = '';
      channel.on('data', (chunk: Buffer) => {
        if (stdout.length < MAX_OUTPUT) stdout += chunk.toString('utf8');
      });
      channel.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < MAX_OUTPUT) stderr += chunk.toString('utf8');
      });
      channel.on('close', (code: number | null) => resolve({ code: code ?? null, stdout, stderr }));
      if (input !== undefined) channel.end(input);
    });
  });
  return withTimeout(finished, timeoutMs, `Timed out running "${command}"`, () => close?.());
}

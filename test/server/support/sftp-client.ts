// OpenSSH's own clients through the terminal's SSH door, for the SFTP suites: sftp in batch mode and scp
// as the world's user (their key), and the FTP log rows the server then lists.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TerminalWorld } from './terminal-world.ts';

export interface SftpRun {
  code: number;
  out: string;
}

/** OpenSSH's sftp in batch mode as `world`'s user (their key), through the door. */
export function sftpBatch(
  world: TerminalWorld,
  dir: string,
  commands: string[],
  port = world.terminal.sshPort,
): Promise<SftpRun> {
  const batch = join(dir, `batch-${randomBytes(4).toString('hex')}`);
  writeFileSync(batch, `${commands.join('\n')}\n`);
  return run('sftp', [
    ...clientOptions(world, dir),
    '-b',
    batch,
    '-P',
    String(port),
    `${world.user.username}@127.0.0.1`,
  ]);
}

export function clientOptions(world: TerminalWorld, dir: string): string[] {
  const key = join(dir, 'id_user');
  if (!existsSync(key)) {
    writeFileSync(key, world.user.privateKey.endsWith('\n') ? world.user.privateKey : `${world.user.privateKey}\n`);
    chmodSync(key, 0o600);
  }
  return [
    '-i',
    key,
    '-o',
    'IdentitiesOnly=yes',
    '-o',
    'StrictHostKeyChecking=no',
    '-o',
    'UserKnownHostsFile=/dev/null',
    '-o',
    'LogLevel=ERROR',
    '-o',
    'BatchMode=yes',
  ];
}

export function run(command: string, args: string[]): Promise<SftpRun> {
  return new Promise((resolve) => {
    execFile(command, args, { maxBuffer: 16 * 1024 * 1024, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` });
    });
  });
}

export interface FtpRow {
  user: string;
  asset: string;
  system_user: string;
  operate: string;
  filename: string;
  is_success: boolean;
  remote_addr: string;
}

export async function ftpRows(world: TerminalWorld, query: string): Promise<FtpRow[]> {
  const answer = await world.admin('GET', `/api/v1/audits/ftp-logs/?${query}`);
  assert.equal(answer.status, 200, answer.body);
  return answer.json as FtpRow[];
}

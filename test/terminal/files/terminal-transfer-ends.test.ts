// A transfer's FTP row says how it ended: an upload whose client goes away before closing the file, or
// whose terminal is killed with SIGKILL in the middle, is a row with is_success=false (the second one
// written by the terminal's next start, from the note it kept on disk), never a successful one beside a
// partial file; an upload closed normally is successful.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Client, type SFTPWrapper } from 'ssh2';
import { terminalProcess } from '../../server/support/terminal-process.ts';
import { BOOTSTRAP_TOKEN, eventually, terminalWorld, type TerminalWorld } from '../../server/support/terminal-world.ts';

function sftpAt(world: TerminalWorld, port: number): Promise<{ client: Client; sftp: SFTPWrapper }> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    client.once('error', reject);
    client.once('ready', () => client.sftp((error, sftp) => (error ? reject(error) : resolve({ client, sftp }))));
    client.connect({
      host: '127.0.0.1',
      port,
      username: world.user.username,
      privateKey: world.user.privateKey,
      readyTimeout: 30_000,
    });
  });
}

/** Opens the file for writing and writes its first 64 KB; the handle stays open. */
function startUpload(sftp: SFTPWrapper, path: string): Promise<void> {
  const chunk = randomBytes(64 * 1024);
  return new Promise((resolve, reject) =>
    sftp.open(path, 'w', (error, handle) => {
      if (error) return reject(error);
      sftp.write(handle, chunk, 0, chunk.length, 0, (writeError) => (writeError ? reject(writeError) : resolve()));
    }),
  );
}

const uploads = (world: TerminalWorld, name: string) =>
  world.app.bastion.db
    .prepare("SELECT is_success FROM ftp_logs WHERE operate = 'Upload' AND filename = ?")
    .pluck()
    .all(name) as number[];

test('an upload whose client leaves before closing the file is an unsuccessful Upload row', async (t) => {
  const world = await terminalWorld(t);
  const base = `cut-${process.pid}-${randomBytes(3).toString('hex')}.bin`;
  const name = `/tmp/${base}`; // the system user's sftp_root is /tmp
  const { client, sftp } = await sftpAt(world, world.terminal.sshPort);
  t.after(() => {
    client.end();
    rmSync(name, { force: true });
  });
  await startUpload(sftp, `/td-target/td-ssh/${base}`);
  assert.ok(existsSync(name), 'the partial file is on the asset');
  assert.deepEqual(uploads(world, name), [], 'no row while it runs');
  client.end();
  await eventually(() => uploads(world, name).length === 1, 10_000, 'the row');
  assert.deepEqual(uploads(world, name), [0]);
  assert.deepEqual(readdirSync(join(world.dataDir, 'transfers')), [], 'its note removed');
});

test('an upload cut by a terminal killed with SIGKILL is an unsuccessful row, written by the next start', async (t) => {
  const world = await terminalWorld(t);
  const dataDir = mkdtempSync(join(tmpdir(), 'bastion-terminal-'));
  const base = `killed-${process.pid}-${randomBytes(3).toString('hex')}.bin`;
  const name = `/tmp/${base}`;
  t.after(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(name, { force: true });
  });
  const env = {
    BASTION_API: world.base,
    BOOTSTRAP_TOKEN,
    TERMINAL_DATA_DIR: dataDir,
    TERMINAL_NAME: `td-cut-${process.pid}`,
    TERMINAL_SSH_PORT: '0',
    TERMINAL_HTTP_PORT: '0',
    TERMINAL_HEARTBEAT_INTERVAL: '1',
    BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
  };
  const first = await terminalProcess(t, env);
  const { client, sftp } = await sftpAt(world, first.port);
  client.on('error', () => {});
  t.after(() => client.end());
  await startUpload(sftp, `/td-target/td-ssh/${base}`);
  assert.equal(readdirSync(join(dataDir, 'transfers')).length, 1, 'the transfer is noted while it runs');
  const exited = new Promise((resolve) => first.child.once('exit', resolve));
  first.child.kill('SIGKILL');
  await exited;
  assert.deepEqual(uploads(world, name), []);

  const second = await terminalProcess(t, env);
  await eventually(() => uploads(world, name).length === 1, 20_000, `the row from the next start: ${second.output()}`);
  assert.deepEqual(uploads(world, name), [0]);
  const stopped = new Promise((resolve) => second.child.once('exit', resolve));
  second.child.kill('SIGTERM');
  await stopped;
  assert.deepEqual(uploads(world, name), [0], 'once');
});

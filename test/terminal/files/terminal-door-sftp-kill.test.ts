// FTP log rows survive the terminal's death: a terminal process that journaled its SFTP operations but
// had not sent them is killed with SIGKILL; the next start sends every row, once.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { OUTBOX_FILE } from '../../../demo/terminal/delivery/outbox.ts';
import { sftpBatch } from '../../server/support/sftp-client.ts';
import { BOOTSTRAP_TOKEN, eventually, terminalWorld } from '../../server/support/terminal-world.ts';
import { terminalProcess } from '../../server/support/terminal-process.ts';

test('FTP log rows journaled by a terminal killed with SIGKILL are sent by its next start, once', async (t) => {
  const world = await terminalWorld(t);
  const db = world.app.bastion.db;
  const dataDir = mkdtempSync(join(tmpdir(), 'bastion-terminal-'));
  const dir = mkdtempSync(join(tmpdir(), 'bastion-sftp-kill-'));
  const tag = `kill-${process.pid}-${randomBytes(3).toString('hex')}`;
  t.after(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
    rmSync(`/tmp/${tag}.txt`, { force: true });
    rmSync(`/tmp/${tag}-dir`, { recursive: true, force: true });
  });
  const env = {
    BASTION_API: world.base,
    BOOTSTRAP_TOKEN,
    TERMINAL_DATA_DIR: dataDir,
    TERMINAL_NAME: `td-kill-${process.pid}`,
    TERMINAL_SSH_PORT: '0',
    TERMINAL_HTTP_PORT: '0',
    TERMINAL_HEARTBEAT_INTERVAL: '1',
    BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
  };
  // An hour between sends: the rows are journaled, and nothing is sent before the kill.
  const first = await terminalProcess(t, { ...env, TERMINAL_SEND_INTERVAL: '3600' });
  writeFileSync(join(dir, 'up.txt'), 'kept\n');
  const result = await sftpBatch(
    world,
    dir,
    [
      `put ${join(dir, 'up.txt')} /td-target/td-ssh/${tag}.txt`,
      `mkdir /td-target/td-ssh/${tag}-dir`,
      `rmdir /td-target/td-ssh/${tag}-dir`,
    ],
    first.port,
  );
  assert.equal(result.code, 0, result.out);
  const journal = join(dataDir, OUTBOX_FILE);
  await eventually(
    () =>
      existsSync(journal) &&
      readFileSync(journal, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"kind":"ftp"')).length === 3,
    5000,
    'the rows in the journal',
  );
  const rows = () =>
    db.prepare('SELECT operate, filename FROM ftp_logs WHERE filename LIKE ? ORDER BY operate').all(`%${tag}%`) as {
      operate: string;
      filename: string;
    }[];
  assert.deepEqual(rows(), [], 'not sent before the kill');

  const exited = new Promise((resolve) => first.child.once('exit', resolve));
  first.child.kill('SIGKILL');
  await exited;

  const second = await terminalProcess(t, env);
  await eventually(() => rows().length >= 3, 20_000, `the rows to arrive: ${second.output()}`);
  assert.deepEqual(rows(), [
    { operate: 'Mkdir', filename: `/tmp/${tag}-dir` },
    { operate: 'Rmdir', filename: `/tmp/${tag}-dir` },
    { operate: 'Upload', filename: `/tmp/${tag}.txt` },
  ]);
  const stopped = new Promise<number | null>((resolve) => second.child.once('exit', resolve));
  second.child.kill('SIGTERM');
  assert.equal(await stopped, 0, second.output());
  assert.equal(rows().length, 3, 'once');
});

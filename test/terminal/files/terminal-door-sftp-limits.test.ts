// OpenSSH's sftp through the door moves files in the requests it uses against OpenSSH's own sftp-server
// (255 KB, from the limits@openssh.com extension the door offers, where it fell back to 32 KB before),
// and the files still arrive whole both ways, each transfer one FTP log row.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { clientOptions, ftpRows, run } from '../../server/support/sftp-client.ts';
import { eventually, terminalWorld } from '../../server/support/terminal-world.ts';

test("OpenSSH's sftp uses 255 KB requests through the door, and the bytes arrive", async (t) => {
  const world = await terminalWorld(t);
  const dir = mkdtempSync(join(tmpdir(), 'bastion-sftp-limits-'));
  const tag = randomBytes(3).toString('hex');
  const remote = `/tmp/sftp-limits-${tag}.bin`;
  t.after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(remote, { force: true });
  });
  // Not a multiple of the request size, and several requests of it.
  const content = randomBytes(3 * 1024 * 1024 + 12_345);
  writeFileSync(join(dir, 'up.bin'), content);
  const batch = join(dir, 'batch');
  writeFileSync(
    batch,
    [
      `put ${join(dir, 'up.bin')} /td-target/td-ssh/sftp-limits-${tag}.bin`,
      `get /td-target/td-ssh/sftp-limits-${tag}.bin ${join(dir, 'back.bin')}`,
    ].join('\n') + '\n',
  );
  // sftp's own -vvv prints what it negotiated (its ssh keeps LogLevel=ERROR from the options).
  const result = await run('sftp', [
    '-vvv',
    ...clientOptions(world, dir),
    '-b',
    batch,
    '-P',
    String(world.terminal.sshPort),
    `${world.user.username}@127.0.0.1`,
  ]);
  assert.equal(result.code, 0, result.out);
  assert.match(result.out, /Server supports extension "limits@openssh\.com" revision 1/);
  assert.match(result.out, /server upload\/download buffer sizes 261120 \/ 261120; using 261120 \/ 261120/);
  assert.ok(readFileSync(remote).equals(content), 'the asset has the same bytes');
  assert.ok(readFileSync(join(dir, 'back.bin')).equals(content), 'the same bytes came back');

  const rows = await eventually(
    async () => {
      const found = await ftpRows(world, `asset=td-target&search=sftp-limits-${tag}`);
      return found.length >= 2 ? found : null;
    },
    10_000,
    'two FTP log rows',
  );
  assert.deepEqual(rows.map((row) => `${row.operate} ${row.filename} ${row.is_success}`).sort(), [
    `Download ${remote} true`,
    `Upload ${remote} true`,
  ]);
});

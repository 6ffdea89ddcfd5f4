// SFTP through the SSH door with OpenSSH's own clients (sftp, scp) against the private sshd: the virtual
// tree (granted assets only, one folder per system user), files put and got back (content checked on
// the asset), sftp_root honoured (tmp, home, an absolute path), reads refused without download_file and
// writes without upload_file as permission errors that leave the session working, and every operation
// an FTP log row with the right user, asset, system user, operation, file and outcome.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { orgRoot } from '../../../demo/server/assets/node-tree.ts';
import { seal } from '../../../demo/server/core/secrets/vault.ts';
import { world as perms } from '../../server/perms/perms-world.ts';
import { clientOptions, ftpRows, run, sftpBatch } from '../../server/support/sftp-client.ts';
import { eventually, terminalWorld, type TerminalWorld } from '../../server/support/terminal-world.ts';

/** More assets on the sshd for td-alice: one per action set, and system users with other sftp roots. */
function fileGrants(world: TerminalWorld) {
  const db = world.app.bastion.db;
  const w = perms(db, Date.now());
  const { sshd } = world;
  const users = [world.user.id];
  const asset = (hostname: string) => {
    const id = w.asset(hostname, [orgRoot(db, '')], { protocols: `ssh/${sshd.port}` });
    db.prepare("UPDATE assets SET ip = '127.0.0.1' WHERE id = ?").run(id);
    return id;
  };
  const systemUser = (name: string, sftpRoot: string) => {
    const id = w.systemUser(name, 'ssh', 20);
    db.prepare('UPDATE system_users SET username = ?, password = ?, sftp_root = ? WHERE id = ?').run(
      sshd.username,
      seal(db, sshd.password),
      sftpRoot,
      id,
    );
    return id;
  };
  const readOnly = asset('td-readonly');
  w.permission('td-readonly-grant', {
    users,
    assets: [readOnly],
    systemUsers: [world.ids.systemUser],
    actions: ['connect', 'download_file'],
  });
  const dropBox = asset('td-dropbox');
  w.permission('td-dropbox-grant', {
    users,
    assets: [dropBox],
    systemUsers: [world.ids.systemUser],
    actions: ['upload_file'],
  });
  const roots = asset('td-roots');
  const home = systemUser('td-home', 'home');
  const vartmp = systemUser('td-vartmp', '/var/tmp');
  w.permission('td-roots-grant', { users, assets: [roots], systemUsers: [home, vartmp] });
  return { readOnly, dropBox, roots };
}

test('SFTP through the SSH door', async (t) => {
  const world = await terminalWorld(t);
  fileGrants(world);
  const dir = mkdtempSync(join(tmpdir(), 'bastion-sftp-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const tag = `${process.pid}-${randomBytes(3).toString('hex')}`;
  const remote = (name: string) => `/tmp/sftp-${tag}-${name}`;
  t.after(() => {
    for (const name of ['up.txt', 'moved.txt', 'scp.txt', 'ro.txt', 'drop.txt']) rmSync(remote(name), { force: true });
    rmSync(`/var/tmp/sftp-${tag}-root.txt`, { force: true });
    rmSync(`/home/bastiontest/sftp-${tag}-home.txt`, { force: true });
  });
  const content = `hello through the door ${tag}\n${randomBytes(3000).toString('base64')}\n`;
  writeFileSync(join(dir, 'up.txt'), content);

  await t.test('the tree: granted assets with SSH, then their system users; nothing else', async () => {
    const top = await sftpBatch(world, dir, ['ls -1 /', 'ls -1 /td-target', 'ls -1 /td-roots']);
    assert.equal(top.code, 0, top.out);
    const lines = top.out.split('\n').map((line) => line.trim());
    for (const host of ['td-target', 'td-readonly', 'td-dropbox', 'td-roots'])
      assert.ok(lines.includes(host) || lines.includes(`/${host}`), `${host} in ${top.out}`);
    assert.doesNotMatch(top.out, /td-hidden/);
    assert.match(top.out, /td-ssh/);
    assert.match(top.out, /td-home[\s\S]*td-vartmp|td-vartmp[\s\S]*td-home/);
    // An asset that is not granted is not there, even by its name.
    const hidden = await sftpBatch(world, dir, ['-ls /td-hidden', 'ls /']);
    assert.match(hidden.out, /not found|No such file/i);
  });

  await t.test('put, get back, rename and delete a file: the asset has it, the log says so', async () => {
    const result = await sftpBatch(world, dir, [
      `put ${join(dir, 'up.txt')} /td-target/td-ssh/sftp-${tag}-up.txt`,
      `get /td-target/td-ssh/sftp-${tag}-up.txt ${join(dir, 'back.txt')}`,
      `rename /td-target/td-ssh/sftp-${tag}-up.txt /td-target/td-ssh/sftp-${tag}-moved.txt`,
      `mkdir /td-target/td-ssh/sftp-${tag}-dir`,
      `rmdir /td-target/td-ssh/sftp-${tag}-dir`,
    ]);
    assert.equal(result.code, 0, result.out);
    assert.equal(readFileSync(join(dir, 'back.txt'), 'utf8'), content);
    assert.equal(readFileSync(remote('moved.txt'), 'utf8'), content, 'on the asset under its new name');
    assert.equal(existsSync(remote('up.txt')), false);
    const removed = await sftpBatch(world, dir, [`rm /td-target/td-ssh/sftp-${tag}-moved.txt`]);
    assert.equal(removed.code, 0, removed.out);
    assert.equal(existsSync(remote('moved.txt')), false);

    const rows = await eventually(
      async () => {
        const found = await ftpRows(world, `asset=td-target&search=${tag}`);
        return found.length >= 6 ? found : null;
      },
      10_000,
      'six FTP log rows',
    );
    const seen = rows.map((row) => `${row.operate} ${row.filename} ${row.is_success}`).sort();
    assert.deepEqual(seen, [
      `Delete ${remote('moved.txt')} true`,
      `Download ${remote('up.txt')} true`,
      `Mkdir /tmp/sftp-${tag}-dir true`,
      `Rename ${remote('up.txt')}=>${remote('moved.txt')} true`,
      `Rmdir /tmp/sftp-${tag}-dir true`,
      `Upload ${remote('up.txt')} true`,
    ]);
    for (const row of rows) {
      assert.equal(row.user, 'td-alice(td-alice)');
      assert.equal(row.system_user, 'td-ssh');
      assert.equal(row.remote_addr, '127.0.0.1');
    }
  });

  await t.test('scp (over SFTP) copies both ways', async () => {
    const options = clientOptions(world, dir);
    const target = `${world.user.username}@127.0.0.1:/td-target/td-ssh/sftp-${tag}-scp.txt`;
    const up = await run('scp', [...options, '-P', String(world.terminal.sshPort), join(dir, 'up.txt'), target]);
    assert.equal(up.code, 0, up.out);
    assert.equal(readFileSync(remote('scp.txt'), 'utf8'), content);
    const down = await run('scp', [
      ...options,
      '-P',
      String(world.terminal.sshPort),
      target,
      join(dir, 'scp-back.txt'),
    ]);
    assert.equal(down.code, 0, `${down.out}`);
    assert.equal(readFileSync(join(dir, 'scp-back.txt'), 'utf8'), content);
  });

  await t.test('sftp_root: home and an absolute path', async () => {
    const result = await sftpBatch(world, dir, [
      `put ${join(dir, 'up.txt')} /td-roots/td-home/sftp-${tag}-home.txt`,
      `put ${join(dir, 'up.txt')} /td-roots/td-vartmp/sftp-${tag}-root.txt`,
    ]);
    assert.equal(result.code, 0, result.out);
    assert.equal(readFileSync(`/home/bastiontest/sftp-${tag}-home.txt`, 'utf8'), content);
    assert.equal(readFileSync(`/var/tmp/sftp-${tag}-root.txt`, 'utf8'), content);
  });

  await t.test(
    'without upload_file nothing is written; without download_file nothing is read; the session goes on',
    async () => {
      writeFileSync(remote('ro.txt'), 'read me\n');
      chmodSync(remote('ro.txt'), 0o666);
      writeFileSync(remote('drop.txt'), 'not for reading\n');
      chmodSync(remote('drop.txt'), 0o666);
      const result = await sftpBatch(world, dir, [
        `-put ${join(dir, 'up.txt')} /td-readonly/td-ssh/sftp-${tag}-new.txt`,
        `-mkdir /td-readonly/td-ssh/sftp-${tag}-nodir`,
        `-rm /td-readonly/td-ssh/sftp-${tag}-ro.txt`,
        `-rename /td-readonly/td-ssh/sftp-${tag}-ro.txt /td-readonly/td-ssh/sftp-${tag}-ro2.txt`,
        `-chmod 600 /td-readonly/td-ssh/sftp-${tag}-ro.txt`,
        `get /td-readonly/td-ssh/sftp-${tag}-ro.txt ${join(dir, 'ro.txt')}`,
        `-get /td-dropbox/td-ssh/sftp-${tag}-drop.txt ${join(dir, 'drop.txt')}`,
        `put ${join(dir, 'up.txt')} /td-dropbox/td-ssh/sftp-${tag}-drop.txt`,
        'ls /',
      ]);
      assert.equal(result.code, 0, result.out);
      assert.match(result.out, /Permission denied/);
      assert.equal(existsSync(`/tmp/sftp-${tag}-new.txt`), false);
      assert.equal(existsSync(`/tmp/sftp-${tag}-nodir`), false);
      assert.equal(readFileSync(remote('ro.txt'), 'utf8'), 'read me\n');
      assert.equal(statSync(remote('ro.txt')).mode & 0o777, 0o666, 'chmod refused');
      assert.equal(readFileSync(join(dir, 'ro.txt'), 'utf8'), 'read me\n', 'downloads allowed with download_file');
      assert.equal(existsSync(join(dir, 'drop.txt')), false, 'no download without download_file');
      assert.equal(readFileSync(remote('drop.txt'), 'utf8'), content, 'uploads allowed with upload_file');

      const refused = await eventually(
        async () => {
          const found = (await ftpRows(world, `search=${tag}`)).filter((row) => !row.is_success);
          return found.length >= 5 ? found : null;
        },
        10_000,
        'the refused operations logged',
      );
      const seen = refused.map((row) => `${row.asset} ${row.operate} ${row.filename}`).sort();
      assert.deepEqual(seen, [
        `td-dropbox Download ${remote('drop.txt')}`,
        `td-readonly Delete ${remote('ro.txt')}`,
        `td-readonly Mkdir /tmp/sftp-${tag}-nodir`,
        `td-readonly Rename ${remote('ro.txt')}=>/tmp/sftp-${tag}-ro2.txt`,
        `td-readonly Upload /tmp/sftp-${tag}-new.txt`,
      ]);
    },
  );

  await t.test(
    "grants in two orgs: one folder per org at the root, each org's assets inside; the row names the asset's org",
    async () => {
      const db = world.app.bastion.db;
      const engineering = db.prepare("SELECT id FROM orgs WHERE name = 'Engineering'").pluck().get() as string;
      const w = perms(db, Date.now());
      const host = w.asset('td-eng-files', [orgRoot(db, engineering)], {
        protocols: `ssh/${world.sshd.port}`,
        org: engineering,
      });
      db.prepare("UPDATE assets SET ip = '127.0.0.1' WHERE id = ?").run(host);
      const su = w.systemUser('td-eng-ssh', 'ssh', 20, engineering);
      db.prepare('UPDATE system_users SET username = ?, password = ? WHERE id = ?').run(
        world.sshd.username,
        seal(db, world.sshd.password),
        su,
      );
      w.permission('td-eng-grant', { users: [world.user.id], assets: [host], systemUsers: [su], org: engineering });
      t.after(() => rmSync(remote('eng.txt'), { force: true }));
      const result = await sftpBatch(world, dir, [
        'ls -1 /',
        'ls -1 /DEFAULT',
        'ls -1 /Engineering',
        `put ${join(dir, 'up.txt')} /Engineering/td-eng-files/td-eng-ssh/sftp-${tag}-eng.txt`,
      ]);
      assert.equal(result.code, 0, result.out);
      const top = result.out.split('sftp> ')[1];
      assert.deepEqual(
        top
          .trim()
          .split('\n')
          .slice(1)
          .map((line) => line.trim())
          .sort(),
        ['/DEFAULT', '/Engineering'],
      );
      assert.match(result.out, /\/DEFAULT\/td-target/);
      assert.match(result.out, /\/Engineering\/td-eng-files/);
      assert.doesNotMatch(result.out.split('sftp> ls -1 /Engineering')[1], /td-target/);
      assert.equal(readFileSync(remote('eng.txt'), 'utf8'), content);
      const row = await eventually(
        () =>
          db.prepare('SELECT asset, system_user, org_id FROM ftp_logs WHERE filename = ?').get(remote('eng.txt')) as
            { asset: string; system_user: string; org_id: string } | undefined,
        10_000,
        'the Engineering row',
      );
      assert.deepEqual(row, { asset: 'td-eng-files', system_user: 'td-eng-ssh', org_id: engineering });
    },
  );
});

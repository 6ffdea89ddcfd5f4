// Files stay under the system user's sftp_root whatever links the asset holds (issue 30): with OpenSSH's
// sftp through the SSH door and with the web file manager's requests, a link whose target leaves the
// root is neither followed (get, ls, put, chmod) nor created (ln -s), a link inside it is followed, and
// the FTP log names the file really read or written. 2.3's koko followed any link: `ln -s /etc/passwd l`
// then `get l` gave /etc/passwd to a user granted download_file in /tmp. Each row: the attempt, the
// answer, what the asset and the FTP log then hold.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { orgRoot } from '../../../demo/server/assets/node-tree.ts';
import { loginSession } from '../../server/helpers.ts';
import { world as perms } from '../../server/perms/perms-world.ts';
import { ftpRows, sftpBatch, type FtpRow } from '../../server/support/sftp-client.ts';
import { eventually, terminalWorld } from '../../server/support/terminal-world.ts';

test('links out of the sftp root are neither followed nor made; the FTP log names the real file', async (t) => {
  const world = await terminalWorld(t);
  const db = world.app.bastion.db;
  const w = perms(db, Date.now());
  // td-readonly: connect and download_file only, root /tmp (the default) — the finding's grant.
  const readOnly = w.asset('td-readonly', [orgRoot(db, '')], { protocols: `ssh/${world.sshd.port}` });
  db.prepare("UPDATE assets SET ip = '127.0.0.1' WHERE id = ?").run(readOnly);
  w.permission('td-readonly-grant', {
    users: [world.user.id],
    assets: [readOnly],
    systemUsers: [world.ids.systemUser],
    actions: ['connect', 'download_file'],
  });

  const tag = `links-${process.pid}-${randomBytes(3).toString('hex')}`;
  const at = (name: string) => `/tmp/${tag}-${name}`;
  const outside = `/var/tmp/${tag}`;
  mkdirSync(outside);
  // What a user with a shell on the asset left in /tmp: links out of the root, a file and a link to it.
  writeFileSync(at('file'), `inside the root ${tag}\n`, { mode: 0o644 });
  writeFileSync(join(outside, 'secret'), `outside the root ${tag}\n`, { mode: 0o644 });
  symlinkSync('/etc/passwd', at('passwd'));
  symlinkSync(outside, at('dir-out'));
  symlinkSync(join(outside, 'secret'), at('secret'));
  symlinkSync(join(outside, 'planted'), at('dangling'));
  symlinkSync(at('file'), at('good'));
  // Left by that user: theirs to remove in the sticky /tmp.
  const [uid, gid] = ['-u', '-g'].map((flag) =>
    Number(execFileSync('id', [flag, world.sshd.username]).toString().trim()),
  );
  for (const name of ['file', 'passwd', 'dir-out', 'secret', 'dangling', 'good']) lchownSync(at(name), uid, gid);
  t.after(() => {
    for (const name of [
      'file',
      'passwd',
      'dir-out',
      'secret',
      'dangling',
      'good',
      'made-out',
      'made-up',
      'made-in',
      'l-rel',
    ])
      rmSync(at(name), { force: true });
    rmSync(outside, { recursive: true, force: true });
  });
  const dir = mkdtempSync(join(tmpdir(), 'bastion-links-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const secretMode = statSync(join(outside, 'secret')).mode;
  const rowsOf = async (count: number) =>
    eventually(
      async () => {
        const rows = await ftpRows(world, `search=${tag}`);
        return rows.length >= count ? rows : null;
      },
      10_000,
      `${count} FTP rows`,
    );
  const row = (rows: FtpRow[], operate: string, filename: string) =>
    rows.find((r) => r.operate === operate && r.filename === filename);

  await t.test('over SFTP', async () => {
    const ro = '/td-readonly/td-ssh';
    const rw = '/td-target/td-ssh';
    let refused = { code: -1, out: '' };
    const attempts: [string, string, () => void][] = [
      // The finding: a link to /etc/passwd, read under download_file only.
      [
        'get a link to /etc/passwd',
        `-get ${ro}/${tag}-passwd ${join(dir, 'passwd')}`,
        () => assert.equal(existsSync(join(dir, 'passwd')), false),
      ],
      [
        'get a link to a file outside',
        `-get ${rw}/${tag}-secret ${join(dir, 'secret')}`,
        () => assert.equal(existsSync(join(dir, 'secret')), false),
      ],
      // sftp lists what the door lists: nothing of the folder the link leads to.
      [
        'ls a link to a folder outside',
        `-ls ${rw}/${tag}-dir-out/`,
        () => assert.doesNotMatch(refused.out, /dir-out\/secret|^\s*secret\s*$/m),
      ],
      [
        'put through a link to nowhere outside',
        `-put ${join(dir, 'up')} ${rw}/${tag}-dangling`,
        () => assert.equal(existsSync(join(outside, 'planted')), false),
      ],
      [
        'chmod through a link outside',
        `-chmod 600 ${rw}/${tag}-secret`,
        () => assert.equal(statSync(join(outside, 'secret')).mode, secretMode),
      ],
      [
        'ln -s /etc/passwd',
        `-ln -s /etc/passwd ${rw}/${tag}-made-out`,
        () => assert.equal(existsSync(at('made-out')), false),
      ],
      [
        'ln -s with ../ out of the root',
        `-ln -s ../var/tmp/${tag}/secret ${rw}/${tag}-made-up`,
        () => assert.equal(existsSync(at('made-up')), false),
      ],
    ];
    writeFileSync(join(dir, 'up'), 'planted\n');
    refused = await sftpBatch(
      world,
      dir,
      attempts.map(([, command]) => command),
    );
    assert.equal(refused.code, 0, refused.out);
    assert.equal((refused.out.match(/Permission denied/gi) ?? []).length, attempts.length - 1, refused.out);
    for (const [name, , check] of attempts) {
      assert.doesNotThrow(check, name);
    }
    assert.doesNotMatch(readFileSync(join(dir, 'up'), 'utf8'), /root:/);

    // Inside the root: a link is followed, and made (to the path it resolves to).
    const allowed = await sftpBatch(world, dir, [
      `get ${ro}/${tag}-good ${join(dir, 'good')}`,
      `ln -s ${tag}-file ${rw}/${tag}-made-in`,
      `get ${rw}/${tag}-made-in ${join(dir, 'made-in')}`,
      // A link out of the root is removed itself, never what it points at.
      `rm ${rw}/${tag}-secret`,
    ]);
    assert.equal(allowed.code, 0, allowed.out);
    assert.equal(readFileSync(join(dir, 'good'), 'utf8'), `inside the root ${tag}\n`);
    assert.equal(readFileSync(join(dir, 'made-in'), 'utf8'), `inside the root ${tag}\n`);
    assert.equal(readlinkSync(at('made-in')), at('file'), 'made to the resolved path');
    assert.equal(existsSync(at('secret')), false);
    assert.ok(existsSync(join(outside, 'secret')), 'the target of the removed link is untouched');

    const rows = await rowsOf(7);
    // Refused attempts are rows, unsuccessful, under the path asked for (sftp's get stops at its stat,
    // refused the same way, before anything is opened: no row, as for any file it cannot stat).
    for (const [operate, filename] of [
      ['Upload', at('dangling')],
      ['Symlink', `${at('made-out')}=>/etc/passwd`],
      ['Symlink', `${at('made-up')}=>../var/tmp/${tag}/secret`],
    ]) {
      assert.equal(
        row(rows, operate, filename)?.is_success,
        false,
        `${operate} ${filename}: ${JSON.stringify(rows.map((r) => [r.operate, r.filename, r.is_success]))}`,
      );
    }
    // What was really read is named: the file, not the link.
    assert.equal(row(rows, 'Download', at('file'))?.is_success, true, 'the download through td-good names the file');
    assert.equal(row(rows, 'Download', at('good')), undefined, 'no row names the link');
    assert.equal(row(rows, 'Symlink', `${at('made-in')}=>${at('file')}`)?.is_success, true);
    assert.equal(row(rows, 'Delete', at('secret'))?.is_success, true);
  });

  await t.test('through the web file manager', async () => {
    const session = await loginSession(world.app, world.user.username);
    const call = (method: string, path: string, body?: BodyInit) =>
      fetch(`${world.base}/koko/files/${path}`, {
        method,
        body,
        headers: { ...session.headers, origin: world.base },
        duplex: 'half',
      } as RequestInit);
    const q = encodeURIComponent;
    const refusals: [string, () => Promise<Response>][] = [
      ['download a link to /etc/passwd', () => call('GET', `download?path=${q(`/td-readonly/td-ssh/${tag}-passwd`)}`)],
      ['list a link to a folder outside', () => call('GET', `list?path=${q(`/td-target/td-ssh/${tag}-dir-out`)}`)],
      [
        'upload through a link to nowhere outside',
        () => call('PUT', `upload?path=${q(`/td-target/td-ssh/${tag}-dangling`)}`, 'planted\n'),
      ],
    ];
    for (const [name, attempt] of refusals) {
      const answer = await attempt();
      assert.equal(answer.status, 403, `${name}: ${await answer.text()}`);
    }
    assert.equal(existsSync(join(outside, 'planted')), false);
    assert.ok(lstatSync(at('dangling')).isSymbolicLink());
    const good = await call('GET', `download?path=${q(`/td-readonly/td-ssh/${tag}-good`)}`);
    assert.equal(good.status, 200);
    assert.equal(await good.text(), `inside the root ${tag}\n`);
    const rows = await rowsOf(10);
    assert.equal(
      row(rows, 'Download', at('passwd'))?.is_success,
      false,
      'the refused download is a row, under the path asked for',
    );
    assert.equal(
      rows.filter((r) => r.operate === 'Download' && r.filename === at('file') && r.is_success).length,
      3,
      'the web download names the file too',
    );
    assert.equal(rows.filter((r) => r.filename === at('good')).length, 0);
  });
});

// The web file manager's requests over HTTP, as the page sends them: through the server's proxy to the
// terminal (signed), on the same virtual tree and rules as SFTP — list, locate, upload (streamed body),
// download (same bytes), mkdir, rename, remove (a folder with its files) — each an FTP log row; a
// download without download_file is a 403 with a clear message; a signed-out or cross-site request is
// refused at the server, and an unsigned one at the terminal.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { test } from 'node:test';
import { orgRoot } from '../../../demo/server/assets/node-tree.ts';
import { loginSession } from '../../server/helpers.ts';
import { world as perms } from '../../server/perms/perms-world.ts';
import { ftpRows } from '../../server/support/sftp-client.ts';
import { eventually, terminalWorld } from '../../server/support/terminal-world.ts';

test("the web file manager's requests through the server", async (t) => {
  const world = await terminalWorld(t);
  const db = world.app.bastion.db;
  const w = perms(db, Date.now());
  const dropBox = w.asset('td-dropbox', [orgRoot(db, '')], { protocols: `ssh/${world.sshd.port}` });
  db.prepare("UPDATE assets SET ip = '127.0.0.1' WHERE id = ?").run(dropBox);
  w.permission('td-dropbox-grant', {
    users: [world.user.id],
    assets: [dropBox],
    systemUsers: [world.ids.systemUser],
    actions: ['upload_file'],
  });

  const session = await loginSession(world.app, world.user.username);
  const tag = `web-${process.pid}-${randomBytes(3).toString('hex')}`;
  t.after(() => {
    for (const name of ['up.bin', 'moved.bin', 'drop.txt']) rmSync(`/tmp/${tag}-${name}`, { force: true });
    rmSync(`/tmp/${tag}-dir`, { recursive: true, force: true });
  });
  const call = (method: string, path: string, body?: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${world.base}/koko/files/${path}`, {
      method,
      body,
      headers: { ...session.headers, origin: world.base, ...headers },
      duplex: 'half',
    } as RequestInit);
  const q = encodeURIComponent;

  await t.test("list: the granted assets, then a system user folder, then the asset's files", async () => {
    const root = await (await call('GET', 'list?path=/')).json();
    assert.deepEqual(root.entries.map((e: { name: string }) => e.name).sort(), ['td-dropbox', 'td-target']);
    const located = await (
      await call('GET', `locate?asset=${world.ids.target}&system_user=${world.ids.systemUser}`)
    ).json();
    assert.equal(located.path, '/td-target/td-ssh');
    const files = await call('GET', 'list?path=/td-target/td-ssh');
    assert.equal(files.status, 200);
    const listing = await files.json();
    assert.ok(listing.entries.every((e: { permissions: string }) => /^[-dl][-rwx]{9}$/.test(e.permissions)));
  });

  await t.test('upload, download, mkdir, rename, remove: on the asset, and each an FTP log row', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const up = await call('PUT', `upload?path=${q(`/td-target/td-ssh/${tag}-up.bin`)}`, bytes, {
      'content-type': 'application/octet-stream',
    });
    assert.equal(up.status, 201, await up.clone().text());
    assert.deepEqual(readFileSync(`/tmp/${tag}-up.bin`), bytes);
    const down = await call('GET', `download?path=${q(`/td-target/td-ssh/${tag}-up.bin`)}`);
    assert.equal(down.status, 200);
    assert.match(down.headers.get('content-disposition') ?? '', /attachment/);
    assert.deepEqual(Buffer.from(await down.arrayBuffer()), bytes);
    assert.equal((await call('POST', `mkdir?path=${q(`/td-target/td-ssh/${tag}-dir`)}`)).status, 201);
    assert.equal(
      (
        await call(
          'POST',
          `rename?from=${q(`/td-target/td-ssh/${tag}-up.bin`)}&to=${q(`/td-target/td-ssh/${tag}-dir/${tag}-moved.bin`)}`,
        )
      ).status,
      200,
    );
    assert.ok(existsSync(`/tmp/${tag}-dir/${tag}-moved.bin`));
    assert.equal((await call('POST', `remove?path=${q(`/td-target/td-ssh/${tag}-dir`)}`)).status, 200);
    assert.equal(existsSync(`/tmp/${tag}-dir`), false);
    const rows = await eventually(
      async () => {
        const found = await ftpRows(world, `search=${tag}`);
        return found.length >= 6 ? found : null;
      },
      10_000,
      'the FTP log rows',
    );
    assert.deepEqual(rows.map((row) => row.operate).sort(), [
      'Delete',
      'Download',
      'Mkdir',
      'Rename',
      'Rmdir',
      'Upload',
    ]);
    assert.ok(
      rows.every(
        (row) =>
          row.is_success &&
          row.user === 'td-alice(td-alice)' &&
          row.asset === 'td-target' &&
          row.system_user === 'td-ssh',
      ),
    );
  });

  await t.test('a download without download_file is refused with a clear message; the upload is allowed', async () => {
    const up = await call('PUT', `upload?path=${q(`/td-dropbox/td-ssh/${tag}-drop.txt`)}`, 'dropped\n');
    assert.equal(up.status, 201);
    const down = await call('GET', `download?path=${q(`/td-dropbox/td-ssh/${tag}-drop.txt`)}`);
    assert.equal(down.status, 403);
    assert.match((await down.json()).detail, /download_file/);
  });

  await t.test('signed out, cross-site or unsigned: refused', async () => {
    const anonymous = await fetch(`${world.base}/koko/files/list?path=/`);
    assert.equal(anonymous.status, 401);
    const crossSite = await call('POST', `mkdir?path=${q(`/td-target/td-ssh/${tag}-x`)}`, undefined, {
      origin: 'http://evil.example',
    });
    assert.equal(crossSite.status, 403);
    const noCsrf = await fetch(`${world.base}/koko/files/mkdir?path=${q(`/td-target/td-ssh/${tag}-x`)}`, {
      method: 'POST',
      headers: { cookie: session.cookie, origin: world.base },
    });
    assert.equal(noCsrf.status, 401);
    const direct = await fetch(`http://127.0.0.1:${world.terminal.httpPort}/koko/files/list?path=/`, {
      headers: { 'x-bastion-user': world.user.id },
    });
    assert.equal(direct.status, 401);
    assert.equal(existsSync(`/tmp/${tag}-x`), false);
  });

  await t.test('hostile queries and methods get a 4xx, never a 5xx, and change nothing', async () => {
    const rowCount = () => db.prepare('SELECT count(*) FROM ftp_logs').pluck().get() as number;
    await world.terminal.services.outbox.flush(); // the rows of the tests before
    const before = rowCount();
    const probes: [string, string][] = [
      ['GET', 'list?path=%00'],
      ['GET', `list?path=${'a/'.repeat(3000)}`],
      ['GET', 'list?path=/../../etc'],
      ['GET', 'locate?asset=x&system_user=y'],
      ['GET', 'download?path=/'],
      ['GET', 'download?path=/td-target/td-ssh'],
      ['POST', 'mkdir?path=/'],
      ['POST', 'mkdir?path=/td-target'],
      ['POST', 'rename?from=/td-target/td-ssh&to=/x'],
      ['POST', 'rename'],
      ['POST', 'remove?path=/td-target/td-ssh'],
      ['POST', 'remove?path=%00'],
      ['PUT', 'upload?path=/td-target/new.txt'],
      ['POST', 'list?path=/'],
      ['GET', 'upload?path=/td-target/td-ssh/x'],
      ['GET', 'nothing-here'],
      ['PUT', `upload?path=${q('/td-target/td-ssh/\u0000x')}`],
    ];
    for (const [method, path] of probes) {
      const answer = await call(method, path, method === 'GET' ? undefined : 'x');
      const body = await answer.text();
      assert.ok(
        answer.status >= 400 && answer.status < 500,
        `${method} ${path.slice(0, 60)} answered ${answer.status}: ${body}`,
      );
      // Why, in words: the terminal's `detail`, or the server's own field errors (a NUL is refused before it is passed on).
      assert.ok(
        Object.values(JSON.parse(body) as Record<string, unknown>).some((why) => String(why).length > 0),
        `${method} ${path.slice(0, 60)} says why: ${body}`,
      );
    }
    // Each was refused before it reached the asset: no FTP log row either (rows are sent within a second).
    await world.terminal.services.outbox.flush();
    const added = db
      .prepare('SELECT operate, filename, is_success FROM ftp_logs ORDER BY date_start DESC LIMIT ?')
      .all(Math.max(0, rowCount() - before));
    assert.deepEqual(added, [], 'nothing done, nothing logged');
    assert.equal(existsSync('/tmp/x'), false);
  });
});

// A big file through the door streams: uploaded and downloaded with OpenSSH's sftp, then through the web
// file manager's requests (the server's proxy, then the terminal), the same bytes arrive on the asset and
// back, and the process running the door (server and terminal both live in this test process) grows by
// far less than the file while it passes. BIG_FILE_MB sets the size
// (default 200; the README's figures are for 1024).
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loginSession } from '../../server/helpers.ts';
import { terminalWorld } from '../../server/support/terminal-world.ts';
import { sftpBatch } from '../../server/support/sftp-client.ts';

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BIG_FILE_MB) || 200;
/** What the door may add while the file passes: well under the file, and the bench's budget. */
const BUDGET_MB = 64;

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Runs `work` while sampling this process's RSS every 20 ms; answers the peak above the RSS at the start. */
async function peakGrowth(work: () => Promise<void>): Promise<number> {
  global.gc?.();
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return (Math.max(peak, process.memoryUsage.rss()) - base) / MB;
}

test(`a ${SIZE_MB} MB file streams through the SFTP door both ways`, { timeout: 600_000 }, async (t) => {
  const world = await terminalWorld(t);
  const dir = mkdtempSync(join(tmpdir(), 'bastion-sftp-big-'));
  const name = `sftp-big-${process.pid}-${randomBytes(3).toString('hex')}.bin`;
  t.after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(`/tmp/${name}`, { force: true });
  });
  const local = join(dir, 'big.bin');
  execFileSync('sh', ['-c', `head -c ${SIZE_MB * MB} /dev/urandom > '${local}'`]);
  const digest = await sha256(local);

  let started = Date.now();
  const up = await peakGrowth(async () => {
    const result = await sftpBatch(world, dir, [`put ${local} /td-target/td-ssh/${name}`]);
    assert.equal(result.code, 0, result.out);
  });
  const upSeconds = (Date.now() - started) / 1000;
  assert.equal(await sha256(`/tmp/${name}`), digest, 'the asset has the same bytes');

  started = Date.now();
  const down = await peakGrowth(async () => {
    const result = await sftpBatch(world, dir, [`get /td-target/td-ssh/${name} ${join(dir, 'back.bin')}`]);
    assert.equal(result.code, 0, result.out);
  });
  const downSeconds = (Date.now() - started) / 1000;
  assert.equal(await sha256(join(dir, 'back.bin')), digest, 'the same bytes came back');

  // The same file through the web file manager's requests (curl, in a process of its own like a browser):
  // the server's proxy and the terminal both stream.
  const session = await loginSession(world.app, world.user.username);
  const url = (action: string, path: string) => `${world.base}/koko/files/${action}?path=${encodeURIComponent(path)}`;
  const curl = (args: string[]) =>
    new Promise<string>((resolve, reject) =>
      execFile(
        'curl',
        [
          '-sS',
          '--fail-with-body',
          '-H',
          `Cookie: ${session.cookie}`,
          '-H',
          `X-CSRFToken: ${session.csrf}`,
          '-H',
          `Origin: ${world.base}`,
          ...args,
        ],
        { maxBuffer: 1024 * 1024 },
        (error, stdout, stderr) => (error ? reject(new Error(`${stdout}${stderr}`)) : resolve(stdout)),
      ),
    );
  started = Date.now();
  const webUp = await peakGrowth(async () => {
    await curl([
      '-T',
      local,
      '-H',
      'Content-Type: application/octet-stream',
      url('upload', `/td-target/td-ssh/${name}`),
    ]);
  });
  const webUpSeconds = (Date.now() - started) / 1000;
  assert.equal(await sha256(`/tmp/${name}`), digest, 'the asset has the same bytes (web)');
  started = Date.now();
  const webDown = await peakGrowth(async () => {
    await curl(['-o', join(dir, 'web-back.bin'), url('download', `/td-target/td-ssh/${name}`)]);
  });
  const webDownSeconds = (Date.now() - started) / 1000;
  assert.equal(await sha256(join(dir, 'web-back.bin')), digest, 'the same bytes came back (web)');
  t.diagnostic(
    `web upload ${SIZE_MB} MB in ${webUpSeconds.toFixed(1)} s, peak RSS +${webUp.toFixed(1)} MB; web download in ${webDownSeconds.toFixed(1)} s, peak RSS +${webDown.toFixed(1)} MB`,
  );
  assert.ok(webUp < BUDGET_MB, `the web upload grew the process by ${webUp.toFixed(1)} MB`);
  assert.ok(webDown < BUDGET_MB, `the web download grew the process by ${webDown.toFixed(1)} MB`);

  t.diagnostic(
    `upload ${SIZE_MB} MB in ${upSeconds.toFixed(1)} s (${(SIZE_MB / upSeconds).toFixed(0)} MB/s), peak RSS +${up.toFixed(1)} MB`,
  );
  t.diagnostic(
    `download ${SIZE_MB} MB in ${downSeconds.toFixed(1)} s (${(SIZE_MB / downSeconds).toFixed(0)} MB/s), peak RSS +${down.toFixed(1)} MB`,
  );
  assert.ok(up < BUDGET_MB, `upload grew the door's process by ${up.toFixed(1)} MB`);
  assert.ok(down < BUDGET_MB, `download grew the door's process by ${down.toFixed(1)} MB`);
});

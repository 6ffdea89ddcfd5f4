// The server on a disk that fills up: its data folder on a small tmpfs of its own (mounted here, as root),
// filled to the last byte while it runs. Writes are refused with a message that names the cause, reads
// are still answered, the process stays up with no unhandled rejection, and once space returns the same
// writes succeed by themselves.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import { freePort } from '../../../scripts/lib/free-port.mjs';

const root = resolve(import.meta.dirname, '../../..');
const isRoot = process.getuid?.() === 0;
const skip = isRoot ? false : 'mounting a tmpfs needs root';

let mount = '';
let child: ChildProcess | undefined;
let origin = '';
let stderr = '';

/** Fills the tmpfs but for `leaveBytes`, in a file `fillFree` removes. */
function fill(leaveBytes = 0): void {
  const { bavail, bsize } = statfsSync(mount);
  const bytes = Math.max(0, bavail * bsize - leaveBytes);
  spawnSync('fallocate', ['-l', String(bytes), join(mount, 'filler')]);
  // tmpfs may keep a few pages: top it up byte by byte through dd until the write fails.
  spawnSync('sh', ['-c', `dd if=/dev/zero of=${join(mount, 'filler2')} bs=4096 2>/dev/null; true`]);
}
const fillFree = () => {
  rmSync(join(mount, 'filler'), { force: true });
  rmSync(join(mount, 'filler2'), { force: true });
};

async function call(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'Accept-Language': 'en',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, json, text };
}

const signIn = async () =>
  await call('POST', '/api/v1/authentication/auth/', { username: 'admin', password: 'bastion' });

before(
  async () => {
    if (skip) return;
    mount = mkdtempSync(join(tmpdir(), 'bastion-full-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', mount]);
    assert.equal(mounted.status, 0, String(mounted.stderr));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: join(mount, 'data'),
        BASTION_DEMO_PASSWORD: 'bastion',
        BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
      },
    });
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
    });
    for (let i = 0; ; i += 1) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
      if (
        await fetch(`${origin}/api/health/`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 600) throw new Error(`the server did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  },
  { timeout: 180_000 },
);

after(() => {
  if (skip) return;
  child?.kill('SIGKILL');
  spawnSync('umount', ['-l', mount]);
  rmSync(mount, { recursive: true, force: true });
});

test(
  'a full disk refuses writes with its cause, keeps answering reads and the process up; space back, writes work again',
  { skip, timeout: 180_000 },
  async () => {
    const token = String((await signIn()).json.token);
    assert.ok(token.length > 10);
    const asset = (n: number) => ({
      hostname: `disk-full-${n}`,
      ip: '127.0.0.1',
      platform: 'Linux',
      protocols: ['ssh/22'],
      is_active: true,
    });

    // The WAL keeps room it grew to earlier (the seed's writes): emptied first, so the next writes need new pages.
    const db = new Database(join(mount, 'data', 'bastion.sqlite3'));
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    fill();
    // Writes until the disk says no (a few pages may still be free in the file system's last blocks).
    let first = await signIn();
    for (let i = 0; i < 50 && first.status !== 503; i += 1) first = await signIn();
    // Sign-in (a token and a login log row to write), a create (an asset and its tasks), a user: refused, said why.
    const refusals = [
      first,
      await signIn(),
      await call('POST', '/api/v1/assets/assets/', asset(1), token),
      await call(
        'POST',
        '/api/v1/users/users/',
        { username: 'disk-full-user', name: 'Disk full', email: 'df@example.test', role: 'User' },
        token,
      ),
    ];
    for (const refused of refusals) {
      assert.equal(refused.status, 503, refused.text);
      assert.match(String(refused.json.detail), /server's disk is full: nothing was saved/);
    }
    // Reads go on: the profile, lists, the console's page.
    assert.equal((await call('GET', '/api/v1/users/profile/', undefined, token)).status, 200);
    assert.equal((await call('GET', '/api/v1/assets/assets/?limit=5', undefined, token)).status, 200);
    assert.equal((await call('GET', '/api/v1/users/users/?limit=5', undefined, token)).status, 200);
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(child!.exitCode, null, `the server exited: ${stderr.slice(-2000)}`);

    fillFree();
    const created = await call('POST', '/api/v1/assets/assets/', asset(2), token);
    assert.equal(created.status, 201, created.text);
    assert.ok((await signIn()).json.token);
    // The asset's tasks ran (or failed) and were recorded after the disk had been full: still up, no bug.
    await new Promise((r) => setTimeout(r, 2000));
    assert.equal(child!.exitCode, null);
    assert.doesNotMatch(stderr, /\[bug\]|unhandled|Unhandled/);
  },
);

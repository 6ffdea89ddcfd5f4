// The bastion's two processes on disks that fill up, one fault at a time (issue 31's table): the server's
// data folder and the terminal's each on a small tmpfs of their own (mounted here, as root), a private sshd
// as the asset. For each row — sign-in, asset create, session open, typing, SFTP upload, replay upload —
// the disk is filled to the last byte, what the user sees is checked, then space comes back and the same
// thing works by itself. At the end: both processes are up, neither printed "[bug]", and everything
// recorded before or during the faults is on the server.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import { Client, type SFTPWrapper } from 'ssh2';
import { buildApp } from '../../../demo/server/app.ts';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { sshScreen, type Screen } from '../../server/support/terminal-screen.ts';
import { startSshd, type TestSshd } from '../../server/support/sshd.ts';
import { eventually, grantDoorWorld } from '../../server/support/terminal-world.ts';

const root = resolve(import.meta.dirname, '../../..');
const isRoot = process.getuid?.() === 0;
const skip = isRoot ? false : 'mounting a tmpfs needs root';
const PASSWORD = 'bastion';
const BOOTSTRAP_TOKEN = 'disk-full-bootstrap-token-0123456789';
const tag = `df-${process.pid}-${randomBytes(3).toString('hex')}`;

interface Mount {
  dir: string;
  fill(): void;
  free(): void;
}
interface Proc {
  child: ChildProcess;
  output: () => string;
}

const mounts: string[] = [];
let server: Proc;
let terminal: Proc;
let serverMount: Mount;
let terminalMount: Mount;
let sshd: TestSshd;
let base = '';
let sshPort = 0;
let adminToken = '';
let terminalData = '';
let serverData = '';

function mount(size: string): Mount {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-full-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
  assert.equal(mounted.status, 0, String(mounted.stderr));
  mounts.push(dir);
  return {
    dir,
    // To the last byte: a big file, then dd until the write fails (tmpfs keeps a few pages back otherwise).
    fill: () => {
      const { bavail, bsize } = statfsSync(dir);
      spawnSync('fallocate', ['-l', String(Math.max(0, bavail * bsize)), join(dir, 'filler')]);
      spawnSync('sh', ['-c', `dd if=/dev/zero of=${join(dir, 'filler2')} bs=4096 2>/dev/null; true`]);
    },
    free: () => {
      rmSync(join(dir, 'filler'), { force: true });
      rmSync(join(dir, 'filler2'), { force: true });
    },
  };
}

function start(args: string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (data) => {
    out += data;
  });
  child.stderr!.on('data', (data) => {
    out += data;
  });
  return { child, output: () => out };
}

async function api(method: string, path: string, body?: unknown, lang = 'en') {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': lang, authorization: `Bearer ${adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, json, text };
}

/** The server's WAL keeps room it grew to earlier: emptied, so the next writes need new pages. */
function checkpoint(): void {
  const db = new Database(join(serverData, 'bastion.sqlite3'));
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/** A password sign-in at the SSH door: what it answered, and the banners it showed before. */
function signInAtDoor(): Promise<{ ok: boolean; banners: string; error: string }> {
  return new Promise((resolve) => {
    const client = new Client();
    let banners = '';
    client.on('banner', (message: string) => {
      banners += message;
    });
    client.once('ready', () => {
      client.end();
      resolve({ ok: true, banners, error: '' });
    });
    client.once('error', (error) => resolve({ ok: false, banners, error: error.message }));
    client.connect({
      host: '127.0.0.1',
      port: sshPort,
      username: 'td-alice',
      password: PASSWORD,
      readyTimeout: 90_000,
      tryKeyboard: false,
    });
  });
}

async function openMenu(): Promise<Screen> {
  const screen = await sshScreen(sshPort, { username: 'td-alice', password: PASSWORD });
  await screen.waitFor('Opt> ');
  return screen;
}

async function sessions(finished: 0 | 1) {
  return ((await api('GET', `/api/v1/terminal/sessions/?is_finished=${finished}&limit=100`)).json.results ?? []) as {
    id: string;
    has_replay: boolean;
  }[];
}

const acceptedAtSshd = () => (readFileSync(sshd.logFile, 'utf8').match(/Accepted password for/g) ?? []).length;

function sftpOf(): Promise<{ client: Client; sftp: SFTPWrapper }> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    client.once('error', reject);
    client.once('ready', () => client.sftp((error, sftp) => (error ? reject(error) : resolve({ client, sftp }))));
    client.connect({
      host: '127.0.0.1',
      port: sshPort,
      username: 'td-alice',
      password: PASSWORD,
      readyTimeout: 30_000,
    });
  });
}

const put = (sftp: SFTPWrapper, path: string, data: Buffer) =>
  new Promise<void>((resolve, reject) => {
    sftp.open(path, 'w', (error, handle) => {
      if (error) return reject(error);
      sftp.write(handle, data, 0, data.length, 0, (writeError) => {
        if (writeError) return reject(writeError);
        sftp.close(handle, (closeError) => (closeError ? reject(closeError) : resolve()));
      });
    });
  });

before(
  async () => {
    if (skip) return;
    serverMount = mount('160m');
    terminalMount = mount('24m');
    sshd = await startSshd();
    serverData = join(serverMount.dir, 'data');
    terminalData = join(terminalMount.dir, 'terminal');
    mkdirSync(terminalData, { recursive: true });
    // The database made in-process (seeded, the door's world granted), then served by a server process.
    const made = await buildApp({
      dbFile: join(serverData, 'bastion.sqlite3'),
      demoPassword: PASSWORD,
      auditSamples: false,
    });
    grantDoorWorld(made.bastion.db, sshd);
    await made.close();
    const port = await freePort();
    const httpPort = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = start(['demo/server/main.ts'], {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: serverData,
      BOOTSTRAP_TOKEN,
      BASTION_AUDIT_SAMPLES: '0',
      BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
      TERMINAL_HTTP_PORT: String(httpPort),
    });
    await eventually(
      () =>
        fetch(`${base}/api/health/`).then(
          (r) => r.ok,
          () => false,
        ),
      60_000,
      `the server: ${server.output()}`,
    );
    terminal = start(['demo/terminal/main.ts'], {
      BASTION_API: base,
      BOOTSTRAP_TOKEN,
      TERMINAL_DATA_DIR: terminalData,
      TERMINAL_NAME: `df-${process.pid}`,
      TERMINAL_SSH_PORT: '0',
      TERMINAL_HTTP_PORT: String(httpPort),
      TERMINAL_HEARTBEAT_INTERVAL: '1',
      BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
    });
    sshPort = Number(
      (
        await eventually(
          () => /SSH on 127\.0\.0\.1:(\d+)/.exec(terminal.output()),
          60_000,
          `the terminal: ${terminal.output()}`,
        )
      )[1],
    );
    const token = await fetch(`${base}/api/v1/authentication/auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    adminToken = (await token.json()).token;
  },
  { timeout: 180_000 },
);

after(async () => {
  if (skip) return;
  for (const proc of [terminal, server]) proc?.child.kill('SIGKILL');
  await sshd?.stop();
  for (const dir of mounts) {
    spawnSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
  rmSync(`/tmp/${tag}-typed`, { force: true });
  rmSync(`/tmp/${tag}-up.txt`, { force: true });
});

test(
  'full disks, one fault at a time: users are told the cause, nothing recorded is lost, both processes stay up and recover',
  { skip, timeout: 600_000 },
  async (t) => {
    await t.test(
      "sign-in while the server's disk is full: said at the door, not a wrong password; space back, it signs in",
      async () => {
        checkpoint();
        serverMount.fill();
        const refused = await signInAtDoor();
        assert.equal(refused.ok, false);
        assert.match(refused.banners, /cannot record your sign-in: its storage refuses writes/);
        assert.match(refused.banners, /并非密码错误/);
        const direct = await fetch(`${base}/api/v1/authentication/auth/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'en' },
          body: JSON.stringify({ username: 'td-alice', password: PASSWORD }),
        });
        assert.equal(direct.status, 503);
        assert.match((await direct.json()).detail, /server's disk is full: nothing was saved/);
        serverMount.free();
        const again = await signInAtDoor();
        assert.equal(again.ok, true, again.error);
        // Not counted as a wrong password: no failure row for td-alice, whatever the full disk refused.
        const failures = (await api('GET', '/api/v1/audits/login-logs/?username=td-alice&status=0&limit=50')).json;
        assert.equal(
          (failures.results ?? failures).filter((row: { reason?: string }) =>
            /password/i.test(String(row.reason ?? '')),
          ).length,
          0,
        );
      },
    );

    await t.test(
      "asset create while the server's disk is full: 503 naming the cause; space back, created",
      async () => {
        const asset = (n: number) => ({
          hostname: `${tag}-${n}`,
          ip: '127.0.0.1',
          platform: 'Linux',
          protocols: ['ssh/22'],
          is_active: true,
        });
        checkpoint();
        serverMount.fill();
        let refused = await api('POST', '/api/v1/assets/assets/', asset(1));
        for (let i = 0; i < 20 && refused.status !== 503; i += 1)
          refused = await api('POST', '/api/v1/assets/assets/', asset(10 + i));
        assert.equal(refused.status, 503, refused.text);
        assert.match(refused.json.detail, /server's disk is full/);
        const zh = await api('POST', '/api/v1/assets/assets/', asset(2), 'zh');
        assert.match(zh.json.detail, /服务器磁盘已满/);
        serverMount.free();
        assert.equal((await api('POST', '/api/v1/assets/assets/', asset(3))).status, 201);
      },
    );

    await t.test(
      "session open while the terminal's disk is full: refused with the cause, no session row, no recording, no connection to the asset",
      async () => {
        const openBefore = (await sessions(0)).length;
        const accepted = acceptedAtSshd();
        terminalMount.fill();
        const screen = await openMenu();
        screen.mark();
        screen.send('td-target\r');
        await screen.waitFor(
          /Could not connect to td-target: The bastion's disk is full: the session could not be recorded, so it was not opened\./,
        );
        await screen.waitFor('Opt> ');
        assert.equal((await sessions(0)).length, openBefore, 'no session left open on the server');
        assert.deepEqual(
          readdirSync(join(terminalData, 'replays')).filter((name) => name.endsWith('.cast')),
          [],
          'no empty recording',
        );
        assert.equal(acceptedAtSshd(), accepted, 'the asset was never connected');
        terminalMount.free();
        // Space back: the same menu opens the session (and the user leaves it at once).
        screen.mark();
        screen.send('td-target\r');
        await screen.waitFor(/\$ $/);
        screen.send('exit\r');
        await screen.waitFor('Opt> ');
        screen.close();
      },
    );

    await t.test(
      "typing while the terminal's disk is full: the line is refused, not run, with the cause; the session stays open; space back, lines run",
      async () => {
        const screen = await openMenu();
        screen.send('td-target\r');
        await screen.waitFor(/\$ $/);
        const [open] = await eventually(
          async () => ((await sessions(0)).length ? sessions(0) : null),
          10_000,
          'the session',
        );
        screen.mark();
        screen.send(`echo before-${tag}\r`);
        await screen.waitFor(/\$ $/);

        terminalMount.fill();
        screen.mark();
        screen.send(`touch /tmp/${tag}-typed\r`);
        await screen.waitFor(
          /The bastion's disk is full: the line could not be written down before it runs, so it was not run\./,
        );
        await new Promise((r) => setTimeout(r, 500));
        assert.equal(existsSync(`/tmp/${tag}-typed`), false, 'the line did not run');
        // Still open: the shell answers a line the door need not note (an empty one).
        screen.mark();
        screen.send('\r');
        await screen.waitFor(/\$ $/);

        terminalMount.free();
        screen.mark();
        screen.send(`touch /tmp/${tag}-typed\r`);
        await screen.waitFor(/\$ $/);
        await eventually(() => existsSync(`/tmp/${tag}-typed`), 5000, 'the line to run once space is back');
        screen.send('exit\r');
        await screen.waitFor('Opt> ');
        screen.close();

        const closed = await eventually(
          async () => (await sessions(1)).find((row) => row.id === open.id && row.has_replay),
          20_000,
          'the session closed with its recording',
        );
        assert.ok(closed);
        const rows = await eventually(
          async () => {
            const answer = await api('GET', `/api/v1/terminal/commands/?session_id=${open.id}&limit=50`);
            const list = (answer.json.results ?? answer.json) as { input: string; risk_level: number }[];
            return list.length >= 4 ? list : null;
          },
          20_000,
          'the commands',
        );
        const seen = rows.map((row) => [row.input, row.risk_level]).sort();
        assert.deepEqual(
          seen,
          [
            [`echo before-${tag}`, 0],
            ['exit', 0],
            [`touch /tmp/${tag}-typed`, 0],
            [`touch /tmp/${tag}-typed`, 5],
          ].sort(),
        );
        const cast = await api('GET', `/api/v1/terminal/sessions/${open.id}/replay/asciicast/`);
        assert.equal(cast.status, 200);
        assert.match(
          cast.text,
          /the line could not be written down before it runs/,
          'the refusal is in the recording too',
        );
      },
    );

    await t.test(
      "SFTP upload while the terminal's disk is full: refused with the cause, an unsuccessful FTP row; space back, uploaded",
      async () => {
        const { client, sftp } = await sftpOf();
        terminalMount.fill();
        await assert.rejects(
          put(sftp, `/td-target/td-ssh/${tag}-up.txt`, Buffer.from('kept\n')),
          /The bastion's disk is full: the operation could not be written down, so it was not done\./,
        );
        assert.equal(existsSync(`/tmp/${tag}-up.txt`), false, 'nothing was written on the asset');
        terminalMount.free();
        await put(sftp, `/td-target/td-ssh/${tag}-up.txt`, Buffer.from('kept\n'));
        client.end();
        assert.equal(readFileSync(`/tmp/${tag}-up.txt`, 'utf8'), 'kept\n');
        const rows = await eventually(
          async () => {
            const answer = await api('GET', `/api/v1/audits/ftp-logs/?filename=/tmp/${tag}-up.txt&limit=10`);
            const list = (answer.json.results ?? answer.json) as { operate: string; is_success: boolean }[];
            return list.length >= 2 ? list : null;
          },
          20_000,
          'both FTP rows',
        );
        assert.deepEqual(rows.map((row) => [row.operate, row.is_success]).sort(), [
          ['Upload', false],
          ['Upload', true],
        ]);
      },
    );

    await t.test(
      "replay upload while the server's disk is full: kept on the terminal and retried; space back, uploaded and closed",
      async () => {
        const screen = await openMenu();
        screen.send('td-target\r');
        await screen.waitFor(/\$ $/);
        const [open] = await eventually(
          async () => ((await sessions(0)).length ? sessions(0) : null),
          10_000,
          'the session',
        );
        screen.mark();
        screen.send(`echo replay-${tag}\r`);
        await screen.waitFor(/\$ $/);
        // The command reaches the server before its disk fills (sent every second).
        await eventually(
          async () =>
            ((await api('GET', `/api/v1/terminal/commands/?session_id=${open.id}&limit=10`)).json.results ?? [])
              .length >= 1,
          10_000,
          'the command',
        );
        checkpoint();
        serverMount.fill();
        screen.send('exit\r');
        await screen.waitFor('Opt> ');
        screen.close();
        await new Promise((r) => setTimeout(r, 3000));
        assert.equal(
          (await sessions(1)).some((row) => row.id === open.id && row.has_replay),
          false,
          'not taken while the disk is full',
        );
        assert.ok(existsSync(join(terminalData, 'replays', `${open.id}.cast`)), 'the recording waits on the terminal');
        serverMount.free();
        await eventually(
          async () => (await sessions(1)).find((row) => row.id === open.id && row.has_replay),
          30_000,
          'the upload and the close after space returned',
        );
        assert.match(
          (await api('GET', `/api/v1/terminal/sessions/${open.id}/replay/asciicast/`)).text,
          new RegExp(`replay-${tag}`),
        );
        assert.equal(existsSync(join(terminalData, 'replays', `${open.id}.cast`)), false);
      },
    );

    // Both processes went through every row: up, and nothing they did not expect.
    assert.equal(server.child.exitCode, null, server.output().slice(-3000));
    assert.equal(terminal.child.exitCode, null, terminal.output().slice(-3000));
    assert.doesNotMatch(server.output(), /\[bug\]|Unhandled/);
    assert.doesNotMatch(terminal.output(), /\[bug\]|Unhandled/);
    // The terminal reported its full disk in a heartbeat, and the server keeps the last fault.
    const [row] = (await api('GET', `/api/v1/terminal/terminals/?name=df-${process.pid}&limit=10`)).json.results;
    assert.equal(row.storage_last_fault?.kind, 'full');
  },
);

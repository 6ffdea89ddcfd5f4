// A real OpenSSH server on a loopback port for the task-runner tests: own host key, config and
// PidFile in a temporary folder, and a local test user with a password and an RSA key.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

export const TEST_USER = 'bastiontest';
const SSHD = '/usr/sbin/sshd';
const SUDO = '/usr/bin/sudo';
const SUDOERS_FILE = '/etc/sudoers.d/bastion-test';

export interface TestSshd {
  host: string;
  port: number;
  username: string;
  password: string;
  /** PEM ("-----BEGIN RSA PRIVATE KEY-----") key, the format the admin-user API accepts. */
  privateKey: string;
  logFile: string;
  stop(): Promise<void>;
}

export interface SshdOptions {
  /** More AllowUsers patterns (accounts a test creates on this host, e.g. by a push). */
  allowUsers?: string[];
  /**
   * The test user may become root with sudo, giving its password (`ALL=(ALL:ALL) ALL`), like an
   * asset's admin user; written to /etc/sudoers.d/bastion-test (sudo: node scripts/ensure-sshd.mjs).
   */
  sudo?: boolean;
  /** More loopback addresses to listen on beside 127.0.0.1 (assets of a test on distinct 127.x addresses). */
  alsoListen?: string[];
  /**
   * Unauthenticated connections sshd takes at once before it drops new ones (its MaxStartups; default
   * 10:30:100): a load bench's hundreds of door sessions all reach this one sshd, standing for many assets.
   */
  maxStartups?: number;
  /**
   * Niceness of sshd and the sessions it forks (`nice -n`): a load bench's stand-in assets, which would be other
   * machines, yield the CPU to the door they are measuring.
   */
  nice?: number;
}

/** Starts a private sshd; call `stop()` (e.g. in `t.after`). Needs root (useradd, chpasswd). */
export async function startSshd(options: SshdOptions = {}): Promise<TestSshd> {
  if (!existsSync(SSHD)) throw new Error(`${SSHD} is missing: run node scripts/ensure-sshd.mjs`);
  const user = ensureTestUser();
  if (options.sudo) allowSudo();
  const dir = mkdtempSync(join(tmpdir(), 'bastion-sshd-'));
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'host_key')]);
  const port = await freePort();
  const config = join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      ...['127.0.0.1', ...(options.alsoListen ?? [])].map((address) => `ListenAddress ${address}`),
      `HostKey ${join(dir, 'host_key')}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      'UsePAM no',
      'PasswordAuthentication yes',
      'PubkeyAuthentication yes',
      'KbdInteractiveAuthentication no',
      'StrictModes yes',
      'PermitRootLogin no',
      'Subsystem sftp internal-sftp',
      `AllowUsers ${[TEST_USER, ...(options.allowUsers ?? [])].join(' ')}`,
      'LogLevel VERBOSE',
      ...(options.maxStartups ? [`MaxStartups ${options.maxStartups}`] : []),
      '',
    ].join('\n'),
  );
  mkdirSync('/run/sshd', { recursive: true });
  const logFile = join(dir, 'sshd.log');
  const args = ['-D', '-f', config, '-E', logFile];
  const child =
    options.nice === undefined
      ? spawn(SSHD, args, { stdio: 'ignore' })
      : spawn('nice', ['-n', String(options.nice), SSHD, ...args], { stdio: 'ignore' });
  await waitForPort(port, child, logFile);
  return {
    host: '127.0.0.1',
    port,
    username: TEST_USER,
    ...user,
    logFile,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
      // The grant lives only as long as the sshd that needed it (one test file asks for it).
      if (options.sudo) rmSync(SUDOERS_FILE, { force: true });
    },
  };
}

/**
 * The user and its credentials are shared by every test process (node --test runs files in
 * parallel): the first one writes them into a fixture folder by an atomic rename, the others reuse
 * them, so no process ever changes a password or key another one is using.
 */
function ensureTestUser(): { password: string; privateKey: string } {
  const fixture = join(tmpdir(), 'bastion-sshd-fixture');
  if (!existsSync(join(fixture, 'id_rsa'))) {
    const draft = mkdtempSync(join(tmpdir(), 'bastion-sshd-draft-'));
    writeFileSync(join(draft, 'password'), `Bt${randomBytes(12).toString('hex')}`, { mode: 0o600 });
    execFileSync('ssh-keygen', [
      '-q',
      '-t',
      'rsa',
      '-b',
      '2048',
      '-m',
      'PEM',
      '-N',
      '',
      '-C',
      'bastion-test',
      '-f',
      join(draft, 'id_rsa'),
    ]);
    try {
      renameSync(draft, fixture);
    } catch {
      rmSync(draft, { recursive: true, force: true }); // another process won the race
    }
  }
  const password = readFileSync(join(fixture, 'password'), 'utf8');
  const privateKey = readFileSync(join(fixture, 'id_rsa'), 'utf8');
  const publicKey = readFileSync(join(fixture, 'id_rsa.pub'), 'utf8').trim();

  if (spawnStatus('id', [TEST_USER]) !== 0) execFileSync('useradd', ['-m', '-s', '/bin/bash', TEST_USER]);
  execFileSync('chpasswd', { input: `${TEST_USER}:${password}\n` });
  const home = execFileSync('sh', ['-c', `getent passwd ${TEST_USER} | cut -d: -f6`])
    .toString()
    .trim();
  const sshDir = join(home, '.ssh');
  const authorized = join(sshDir, 'authorized_keys');
  mkdirSync(sshDir, { recursive: true });
  const current = existsSync(authorized) ? readFileSync(authorized, 'utf8') : '';
  if (!current.includes(publicKey)) appendFileSync(authorized, `${publicKey}\n`);
  execFileSync('chown', ['-R', `${TEST_USER}:${TEST_USER}`, sshDir]);
  chmodSync(home, 0o755);
  chmodSync(sshDir, 0o700);
  chmodSync(authorized, 0o600);
  return { password, privateKey };
}

/** Idempotent and atomic (test files run in parallel): a checked file renamed into place. */
function allowSudo(): void {
  if (!existsSync(SUDO)) throw new Error(`${SUDO} is missing: run node scripts/ensure-sshd.mjs`);
  mkdirSync('/etc/sudoers.d', { recursive: true });
  const draft = `/etc/sudoers.d/.bastion-test.${process.pid}`; // sudo ignores names with a '.'
  writeFileSync(draft, `${TEST_USER} ALL=(ALL:ALL) ALL\n`, { mode: 0o440 });
  execFileSync('visudo', ['-cf', draft], { stdio: 'ignore' });
  renameSync(draft, SUDOERS_FILE);
}

function spawnStatus(command: string, args: string[]): number {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return 0;
  } catch (error) {
    return (error as { status?: number }).status ?? 1;
  }
}

/** A loopback port that was free a moment ago (also used by tests as a surely closed port). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sshd exited (${child.exitCode}): ${readLog(logFile)}`);
    if (await canConnect(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGTERM');
  throw new Error(`sshd did not listen on ${port} within 10 s: ${readLog(logFile)}`);
}

const readLog = (file: string): string => (existsSync(file) ? readFileSync(file, 'utf8') : '(no log)');

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
    socket.connect(port, '127.0.0.1');
  });
}

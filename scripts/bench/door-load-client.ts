// One door user's visit, as a person makes it with OpenSSH: sign in with their password (given by an
// SSH_ASKPASS script, so the real client does its real password exchange), pick the asset at the door's
// menu, run a few commands in the asset's shell, leave the shell, quit the menu. Timed from spawning the
// client to the asset's shell prompt; a failure says at which step and what the client printed.
import { spawn } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A shell prompt at the end of the output (bash may clear the rest of the line after it). */
const PROMPT = /\$ (\x1b\[K)?$/;
const MENU = /Opt> $/;

export interface VisitResult {
  /** Spawn to the asset's shell prompt (ms); null when the session did not open. */
  connectMs: number | null;
  /** Tokens whose command ran (its output came back). */
  ran: string[];
  /** Why it failed: 'refused' (the door said no to the password), 'unchecked' (the door said it could not check it), 'other'. */
  failure?: { kind: 'refused' | 'unchecked' | 'other'; step: string; detail: string };
}

/** Writes the askpass script into `dir`: it prints the password the client was started with. */
export function askpassScript(dir: string): string {
  const file = join(dir, 'askpass.sh');
  writeFileSync(file, '#!/bin/sh\nprintf \'%s\\n\' "$DOOR_LOAD_PASSWORD"\n');
  chmodSync(file, 0o700);
  return file;
}

/** The client's output, the last 4 KB, with waiters that fail at once when the client exits. */
function screen() {
  let tail = '';
  let ended: string | null = null;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  return {
    add(text: string) {
      tail = (tail + text).slice(-4096);
      wake();
    },
    end(why: string) {
      ended = why;
      wake();
    },
    waitFor: (pattern: RegExp, ms: number) =>
      new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          waiters.delete(check);
          clearTimeout(timer);
          if (error) reject(error);
          else resolve();
        };
        const check = () => {
          if (pattern.test(tail)) done();
          else if (ended) done(new Error(`the client ${ended}`));
        };
        const timer = setTimeout(
          () => done(new Error(`no ${pattern} within ${ms / 1000} s: ${JSON.stringify(tail.slice(-200))}`)),
          ms,
        );
        waiters.add(check);
        check();
      }),
  };
}

export interface VisitOptions {
  sshPort: number;
  username: string;
  password: string;
  askpass: string;
  asset: string;
  tokens: string[];
  connectTimeoutMs: number;
  /** Called once, when the asset's shell prompt came or the visit failed before it. */
  onOpened?: () => void;
  /** Niceness of the ssh client (`nice -n`): the crowd stands for users' own machines (door-load-world.ts). */
  nice?: number;
}

export async function visit({
  sshPort,
  username,
  password,
  askpass,
  asset,
  tokens,
  connectTimeoutMs,
  onOpened,
  nice,
}: VisitOptions): Promise<VisitResult> {
  const started = process.hrtime.bigint();
  const [command, niced] = nice === undefined ? ['ssh', []] : ['nice', ['-n', String(nice), 'ssh']];
  const child = spawn(
    command,
    [
      ...niced,
      '-tt',
      '-F',
      '/dev/null',
      '-p',
      String(sshPort),
      '-o',
      'StrictHostKeyChecking=no',
      '-o',
      'UserKnownHostsFile=/dev/null',
      '-o',
      'LogLevel=ERROR',
      '-o',
      'PreferredAuthentications=password',
      '-o',
      'PubkeyAuthentication=no',
      '-o',
      'NumberOfPasswordPrompts=1',
      '-o',
      `ConnectTimeout=${Math.ceil(connectTimeoutMs / 1000)}`,
      `${username}@127.0.0.1`,
    ],
    {
      env: {
        ...process.env,
        SSH_ASKPASS: askpass,
        SSH_ASKPASS_REQUIRE: 'force',
        DISPLAY: ':0',
        DOOR_LOAD_PASSWORD: password,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const out = screen();
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => out.add(data.toString('latin1')));
  child.stderr.on('data', (data: Buffer) => {
    stderr += data;
  });
  const exited = new Promise<void>((resolve) => {
    child.once('close', (code, signal) => {
      out.end(`exited (${signal ?? code})`);
      resolve();
    });
    child.once('error', (error) => {
      out.end(`failed: ${error.message}`);
      resolve();
    });
  });
  child.stdin.on('error', () => {
    /* the client is gone; its exit says why */
  });
  const result: VisitResult = { connectMs: null, ran: [] };
  let step = 'sign-in';
  try {
    await out.waitFor(MENU, connectTimeoutMs);
    step = 'opening the asset';
    child.stdin.write(`${asset}\r`);
    await out.waitFor(PROMPT, connectTimeoutMs);
    result.connectMs = Number(process.hrtime.bigint() - started) / 1e6;
    onOpened?.();
    for (const token of tokens) {
      step = `command ${token}`;
      child.stdin.write(`echo ${token}\r`);
      // The output line (the typed line shows "echo " before the token; bash starts the output with "\r"
      // after ending bracketed paste), then the next prompt.
      await out.waitFor(new RegExp(`[\\r\\n]${token}\\r\\n[^\\n]*${PROMPT.source}`), 60_000);
      result.ran.push(token);
    }
    step = 'leaving the asset';
    child.stdin.write('exit\r');
    await out.waitFor(MENU, 60_000);
    step = 'quitting the menu';
    child.stdin.write('q\r');
    await Promise.race([
      exited,
      new Promise((_, reject) => setTimeout(() => reject(new Error('the client did not exit within 30 s')), 30_000)),
    ]);
  } catch (error) {
    if (result.connectMs === null) onOpened?.();
    await new Promise((done) => setTimeout(done, 100)); // the client's last words on stderr
    const detail = `${(error as Error).message}${stderr ? `; stderr: ${stderr.trim().slice(-300)}` : ''}`;
    // The door says "this is not a wrong password" when the server could not judge the sign-in.
    const kind =
      result.connectMs !== null
        ? 'other'
        : /not a wrong password/.test(stderr)
          ? 'unchecked'
          : /Permission denied/.test(stderr)
            ? 'refused'
            : 'other';
    result.failure = { kind, step, detail };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  }
  return result;
}

// A batch command's work (§2.7 command-executions): the command runs on every host over SSH as the
// run-as system user (through the host's gateway, inside the allow-list), a few hosts at once. The log
// is what the batch-command page streams: each host's part is headed by its name and ends with its exit
// status, parts never interleave (the first host still running streams live, the others are held
// until it is done), and a summary closes the run. A host that cannot be reached fails alone.
import { setMaxListeners } from 'node:events';
import type { Client } from 'ssh2';
import type { DB } from '../core/db/open.ts';
import { L, pick, type Localized } from '../core/lib/i18n.ts';
import type { AssetTaskResult } from './asset-work.ts';
import { failureText, SKIP_REASONS, TASK_LOG } from './log-messages.ts';
import type { LogTone } from './log-text.ts';
import type { TaskContext, TaskWork } from './runner.ts';
import { SshStepError, withSsh } from './ssh/connect.ts';
import { describeSshError, withTimeout } from './ssh/errors.ts';
import { resolveTarget, type AssetRow, type LoginAccount } from './targets.ts';

export const COMMAND_LOG = {
  start: L('在 {count} 台主机上以 {user} 执行：{command}', 'Running on {count} host(s) as {user}: {command}'),
  header: L('>>> {name}', '>>> {name}'),
  exit: L('<<< {name}: 退出码 {code}', '<<< {name}: exit status {code}'),
  signal: L('<<< {name}: 被信号 {signal} 终止', '<<< {name}: killed by signal {signal}'),
  failed: L('<<< {name}: 失败：{reason}', '<<< {name}: failed: {reason}'),
  truncated: L('（输出超过 {size} KiB，其余部分已省略）', '(output over {size} KiB, the rest is left out)'),
  summary: L(
    '汇总：{ok} 台成功，{failed} 台失败，{skipped} 台跳过',
    'Summary: {ok} succeeded, {failed} failed, {skipped} skipped',
  ),
} satisfies Record<string, Localized>;

/** Hosts worked on at once: 200 hosts must not mean 200 connections. */
export const COMMAND_HOSTS_AT_ONCE = 10;
/** Output kept per host (in the log); past it the host's output is cut with a note. */
const MAX_HOST_OUTPUT = 256 * 1024;
/**
 * The other hosts wait until the first one is logged in (or this long): ten SSH handshakes at once on
 * a small machine would delay the first output a user sees by all of them.
 */
const FIRST_HOST_HEAD_START_MS = 300;
/** A command runs at most this long on a host (connect and login have their own bound). */
export const COMMAND_TIMEOUT_MS = 120_000;

export interface CommandResult extends AssetTaskResult {
  exit: Record<string, number | null>;
}

/** One host's part of the log: written live while it is the first unfinished part, held otherwise. */
interface Part {
  held: [string, LogTone | undefined][];
  done: boolean;
}

class OrderedLog {
  private readonly parts: Part[] = [];
  constructor(private readonly task: TaskContext) {}

  open(): Part {
    const part: Part = { held: [], done: false };
    this.parts.push(part);
    return part;
  }

  write(part: Part, line: string, tone?: LogTone): void {
    if (this.parts[0] === part) this.task.log(line, tone);
    else part.held.push([line, tone]);
  }

  close(part: Part): void {
    part.done = true;
    while (this.parts.length && this.parts[0].done) {
      this.parts.shift();
      const next = this.parts[0];
      if (!next) break;
      for (const [line, tone] of next.held.splice(0)) this.task.log(line, tone);
    }
  }
}

export interface CommandJobInput {
  command: string;
  /** Shown in the first line: the system user's name(username). */
  runAsLabel: string;
  assets: AssetRow[];
  /** The run-as account on one asset (its credentials in clear), or undefined when it has none there. */
  loginOn: (asset: AssetRow) => LoginAccount | undefined;
  commandTimeoutMs?: number;
}

export function commandWork(db: DB, input: CommandJobInput): TaskWork {
  return async (task) => {
    const result: CommandResult = { ok: [], failed: {}, skipped: {}, exit: {} };
    const say = (text: Localized, params: Record<string, string | number>, tone?: LogTone) =>
      task.log(pick(task.lang, text, params), tone);
    say(COMMAND_LOG.start, { count: input.assets.length, user: input.runAsLabel, command: input.command });
    const out = new OrderedLog(task);
    // Every host's connection listens on the task's signal.
    setMaxListeners(COMMAND_HOSTS_AT_ONCE * 4, task.signal);
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const headStart = setTimeout(openGate, FIRST_HOST_HEAD_START_MS);
    let next = 0;
    const worker = async (index: number): Promise<void> => {
      if (index > 0) await gate;
      while (next < input.assets.length && !task.signal.aborted) {
        const asset = input.assets[next++];
        const part = out.open();
        await runOnHost(db, task, input, asset, part, out, result, openGate);
        openGate();
        out.close(part);
      }
    };
    try {
      await Promise.all(
        Array.from({ length: Math.min(COMMAND_HOSTS_AT_ONCE, input.assets.length) }, (_, index) => worker(index)),
      );
    } finally {
      clearTimeout(headStart);
    }
    result.ok.sort();
    if (task.signal.aborted) throw task.signal.reason instanceof Error ? task.signal.reason : new Error('Cancelled');
    say(
      COMMAND_LOG.summary,
      { ok: result.ok.length, failed: Object.keys(result.failed).length, skipped: Object.keys(result.skipped).length },
      Object.keys(result.failed).length ? 'warn' : 'ok',
    );
    return result;
  };
}

async function runOnHost(
  db: DB,
  task: TaskContext,
  input: CommandJobInput,
  asset: AssetRow,
  part: Part,
  out: OrderedLog,
  result: CommandResult,
  loggedIn: () => void,
): Promise<void> {
  const name = `${asset.hostname}(${asset.ip})`;
  const line = (text: Localized, params: Record<string, string | number>, tone?: LogTone) =>
    out.write(part, pick(task.lang, text, params), tone);
  line(COMMAND_LOG.header, { name }, 'warn');
  const login = input.loginOn(asset);
  const target = login ? resolveTarget(db, asset, login) : { asset, skip: 'systemUserNoSecret' as const };
  if (target.skip) {
    const reason = SKIP_REASONS[target.skip];
    line(TASK_LOG.skipped, { name, reason: pick(task.lang, reason) }, 'warn');
    result.skipped[asset.hostname] = reason.en;
    return;
  }
  if (target.gateway) {
    // Said only for a host behind a gateway: the others' part is their output alone.
    const via = pick(task.lang, TASK_LOG.via, {
      gateway: target.gateway.name,
      host: target.gateway.host,
      port: target.gateway.port,
    });
    line(TASK_LOG.connecting, {
      name,
      host: target.endpoint!.host,
      port: target.endpoint!.port,
      user: target.endpoint!.username,
      via,
    });
  }
  try {
    const code = await withSsh(
      target.endpoint!,
      { timeoutMs: task.timeoutMs, signal: task.signal, gateway: target.gateway, policy: task.policy },
      (client) => (
        loggedIn(),
        execStreaming(
          client,
          input.command,
          input.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
          task.signal,
          (text) => out.write(part, text),
          (size) => line(COMMAND_LOG.truncated, { size }),
        )
      ),
    );
    result.exit[asset.hostname] = typeof code === 'number' ? code : null;
    if (typeof code === 'number') line(COMMAND_LOG.exit, { name, code }, code === 0 ? 'ok' : 'fail');
    else line(COMMAND_LOG.signal, { name, signal: code.signal }, 'fail');
    if (code === 0) result.ok.push(asset.hostname);
    else
      result.failed[asset.hostname] =
        typeof code === 'number' ? `Exit status ${code}` : `Killed by signal ${code.signal}`;
  } catch (error) {
    const reason = task.signal.aborted
      ? 'Cancelled'
      : error instanceof SshStepError
        ? error.message
        : describeSshError(error, task.timeoutMs);
    line(COMMAND_LOG.failed, { name, reason: failureText(task.lang, error, reason) }, 'fail');
    result.failed[asset.hostname] = reason;
    result.exit[asset.hostname] = null;
  }
}

/**
 * Runs the command, handing complete output lines (stdout and stderr as they arrive) to `write`;
 * resolves with the exit status, or the signal that ended it. Bounded by `timeoutMs` and the signal.
 */
function execStreaming(
  client: Client,
  command: string,
  timeoutMs: number,
  signal: AbortSignal,
  write: (line: string) => void,
  cut: (kib: number) => void,
): Promise<number | { signal: string }> {
  let close: (() => void) | undefined;
  const finished = new Promise<number | { signal: string }>((resolve, reject) => {
    client.exec(command, (error, channel) => {
      if (error) return reject(error);
      close = () => channel.close();
      const onAbort = () => channel.close();
      signal.addEventListener('abort', onAbort, { once: true });
      let pending = '';
      let size = 0;
      let truncated = false;
      const take = (chunk: Buffer) => {
        if (truncated) return;
        size += chunk.length;
        if (size > MAX_HOST_OUTPUT) {
          truncated = true;
          if (pending) write(pending);
          pending = '';
          cut(MAX_HOST_OUTPUT / 1024);
          return;
        }
        const lines = (pending + chunk.toString('utf8')).split(/\r?\n/);
        pending = lines.pop() ?? '';
        for (const text of lines) write(text);
      };
      channel.on('data', take);
      channel.stderr.on('data', take);
      let exit: number | { signal: string } | undefined;
      channel.on('exit', (code: number | null, signalName?: string) => {
        exit = typeof code === 'number' ? code : { signal: signalName ?? '?' };
      });
      channel.on('close', () => {
        signal.removeEventListener('abort', onAbort);
        if (pending) write(pending);
        if (signal.aborted) return reject(new Error('Cancelled'));
        resolve(exit ?? { signal: '?' });
      });
      channel.end();
    });
  });
  return withTimeout(finished, timeoutMs, `Timed out running the command after ${Math.round(timeoutMs / 1000)} s`, () =>
    close?.(),
  );
}

// The push job (§2.3 `system-users/<id>/tasks/ {action: "push"}`): on each asset, log in with the
// asset's admin user (through its gateway when it has one, through the allow-list always), become
// root with sudo as 2.3's `become` does, and run the push script for each account.
import type { Client } from 'ssh2';
import { platformBase } from '../assets/asset-store.ts';
import { linkedUsernames } from '../assets/system-user-link-store.ts';
import type { DB } from '../core/db/open.ts';
import { pick, type Localized } from '../core/lib/i18n.ts';
import { failureText, SKIP_REASONS, TASK_LOG } from './log-messages.ts';
import type { LogTone } from './log-text.ts';
import { PUSH_LOG } from './push-messages.ts';
import { pushRefusal, pushScript, PUSH_STEPS, type PushAccount, type PushStep } from './push-script.ts';
import type { AssetTaskResult } from './asset-work.ts';
import type { TaskContext, TaskWork } from './runner.ts';
import { SshStepError, withSsh } from './ssh/connect.ts';
import { describeSshError } from './ssh/errors.ts';
import { runCommand } from './ssh/exec.ts';
import type { PushedAccountRow } from './target-store.ts';
import { adminCredentials, resolveTarget, type AssetRow, type AssetTarget, type CredentialRow } from './targets.ts';

/** The system user a push creates accounts for: the row `tasks/target-store.ts` reads. */
export type PushSystemUser = PushedAccountRow;

/** The accounts one push creates: the system user's, or for a dynamic one each linked user's (or `only`). */
export function pushAccounts(db: DB, user: PushSystemUser, only?: string): PushAccount[] {
  const base = {
    password: user.password,
    publicKey: user.public_key,
    shell: user.shell,
    home: user.home,
    groups: user.system_groups,
    sudo: user.sudo,
  };
  if (!user.username_same_with_user) return [{ ...base, username: user.username }];
  const linked = linkedUsernames(db, user.id);
  // `only` must be one of its users: a query parameter must not name any account (root) on the hosts.
  return linked.filter((name) => !only || name === only).map((username) => ({ ...base, username }));
}

export function pushWork(db: DB, assets: AssetRow[], accounts: PushAccount[]): TaskWork {
  return async (task) => {
    const result: AssetTaskResult = { ok: [], failed: {}, skipped: {} };
    const say = (text: Localized, params: Record<string, string | number>, tone?: LogTone) =>
      task.log(pick(task.lang, text, params), tone);
    say(PUSH_LOG.start, { accounts: accounts.map((a) => a.username).join(', ') || '-', count: assets.length });
    for (const asset of assets) {
      if (task.signal.aborted) break;
      const skip = skipReason(db, asset, accounts);
      if (skip) {
        say(TASK_LOG.skipped, { name: asset.hostname, reason: pick(task.lang, skip) }, 'warn');
        result.skipped[asset.hostname] = skip.en;
        continue;
      }
      const target = resolveTarget(db, asset);
      if (target.skip) {
        say(TASK_LOG.skipped, { name: asset.hostname, reason: pick(task.lang, SKIP_REASONS[target.skip]) }, 'warn');
        result.skipped[asset.hostname] = SKIP_REASONS[target.skip].en;
        continue;
      }
      const outcome = await pushToAsset(db, task, target, accounts);
      if (outcome === null) result.ok.push(asset.hostname);
      else result.failed[asset.hostname] = outcome;
    }
    if (task.signal.aborted) throw new Error('Cancelled: the server is stopping');
    say(PUSH_LOG.summary, {
      ok: result.ok.length,
      failed: Object.keys(result.failed).length,
      skipped: Object.keys(result.skipped).length,
    });
    return result;
  };
}

function skipReason(db: DB, asset: AssetRow, accounts: PushAccount[]): Localized | null {
  if (!accounts.length) return PUSH_LOG.noAccounts;
  const base = platformBase(db, asset.id);
  // 2.3 pushes to Windows with win_user over WinRM; this server speaks SSH only.
  if (base === 'Windows') return PUSH_LOG.windows;
  return null;
}

/** null when every account was pushed, else the (English) reason of the first failure. */
async function pushToAsset(
  db: DB,
  task: TaskContext,
  target: AssetTarget,
  accounts: PushAccount[],
): Promise<string | null> {
  const { asset, endpoint, gateway } = target;
  const name = asset.hostname;
  const say = (text: Localized, params: Record<string, string | number>, tone?: LogTone) =>
    task.log(pick(task.lang, text, params), tone);
  const via = gateway
    ? pick(task.lang, TASK_LOG.via, { gateway: gateway.name, host: gateway.host, port: gateway.port })
    : '';
  say(TASK_LOG.connecting, { name, host: endpoint!.host, port: endpoint!.port, user: endpoint!.username, via });
  const admin = adminCredentials(db, String(asset.admin_user)) as CredentialRow;
  try {
    return await withSsh(
      endpoint!,
      { timeoutMs: task.timeoutMs, signal: task.signal, gateway, policy: task.policy },
      async (client) => {
        say(TASK_LOG.authenticated, { name }, 'ok');
        const become = await becomeRoot(client, admin, task.timeoutMs);
        if (!become) {
          say(PUSH_LOG.failed, { name, user: admin.username, reason: pick(task.lang, PUSH_LOG.noSudo) }, 'fail');
          return PUSH_LOG.noSudo.en;
        }
        for (const account of accounts) {
          const refusal = pushRefusal(account);
          if (refusal) {
            say(PUSH_LOG.failed, { name, user: account.username, reason: refusal }, 'fail');
            return refusal;
          }
          const run = await runCommand(client, become.command, task.timeoutMs, become.input + pushScript(account));
          for (const line of run.stdout.split('\n')) {
            const step = /^@@ ([a-z-]+)$/.exec(line.trim())?.[1] as PushStep | undefined;
            if (step && PUSH_STEPS.includes(step)) say(PUSH_LOG.steps[step], { name, user: account.username }, 'ok');
          }
          if (run.code !== 0) {
            const reason = run.stderr.trim().split('\n').filter(Boolean).at(-1) ?? `exit status ${run.code}`;
            say(PUSH_LOG.failed, { name, user: account.username, reason }, 'fail');
            return reason;
          }
          say(PUSH_LOG.pushed, { name, user: account.username }, 'ok');
        }
        return null;
      },
    );
  } catch (error) {
    const reason = error instanceof SshStepError ? error.message : describeSshError(error, task.timeoutMs);
    say(
      error instanceof SshStepError && error.refused ? TASK_LOG.refused : TASK_LOG.unreachable,
      { name, reason: failureText(task.lang, error, reason) },
      'fail',
    );
    return reason;
  }
}

/**
 * How the admin user runs the script as root: directly when it is root, else `sudo -n` when sudo asks
 * no password, else `sudo -S` fed the admin user's password as the first line of stdin (sudo reads
 * exactly that line; the script follows). null when none of these works.
 */
async function becomeRoot(
  client: Client,
  admin: CredentialRow,
  timeoutMs: number,
): Promise<{ command: string; input: string } | null> {
  const shell = '/bin/sh -s';
  if (admin.username === 'root') return { command: shell, input: '' };
  if ((await runCommand(client, 'sudo -n true', timeoutMs)).code === 0)
    return { command: `sudo -n ${shell}`, input: '' };
  if (!admin.password || /[\r\n]/.test(admin.password)) return null;
  const check = await runCommand(client, "sudo -S -p '' true", timeoutMs, `${admin.password}\n`);
  return check.code === 0 ? { command: `sudo -S -p '' ${shell}`, input: `${admin.password}\n` } : null;
}

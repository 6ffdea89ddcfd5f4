// The two real jobs on assets: test connectivity and refresh hardware info. Each asset is tried over
// SSH (through its gateway when it has one); the outcome is written to the asset row and the log.
import type { Client } from 'ssh2';
import type { DB } from '../core/db/open.ts';
import { isoAt } from '../core/lib/time.ts';
import { collectHardware, type HardwareInfo } from './hardware.ts';
import type { TaskContext, TaskWork } from './runner.ts';
import { SshStepError, withSsh } from './ssh/connect.ts';
import { describeSshError } from './ssh/errors.ts';
import { pick, type Localized } from '../core/lib/i18n.ts';
import { failureText, SKIP_REASONS, TASK_LOG } from './log-messages.ts';
import type { LogTone } from './log-text.ts';
import { resolveTarget, type AssetRow, type AssetTarget, type LoginAccount } from './targets.ts';

import type { AssetAction } from './job-record.ts';
import { setConnectivity, setHardware } from '../assets/asset-store.ts';

export type { AssetAction };

/** Hosts tried at once inside one task (the runner separately bounds tasks to 2). */
const HOSTS_AT_ONCE = 4;

export interface AssetTaskResult {
  ok: string[];
  failed: Record<string, string>;
  skipped: Record<string, string>;
}

/**
 * `login` tests another account (a system user) instead of the admin user: its outcome is only the
 * task's result, since an asset's recorded connectivity is its admin user's.
 */
export function assetWork(
  db: DB,
  now: () => number,
  action: AssetAction,
  assets: AssetRow[],
  login?: LoginAccount,
): TaskWork {
  return async (task) => {
    const result: AssetTaskResult = { ok: [], failed: {}, skipped: {} };
    const say = (text: Localized, params: Record<string, string | number>, tone?: LogTone) =>
      task.log(pick(task.lang, text, params), tone);
    say(action === 'test' ? TASK_LOG.testStart : TASK_LOG.refreshStart, { count: assets.length });
    const targets = assets.map((asset) => resolveTarget(db, asset, login));
    for (const { asset, skip } of targets) {
      if (skip) {
        say(TASK_LOG.skipped, { name: asset.hostname, reason: pick(task.lang, SKIP_REASONS[skip]) }, 'warn');
        result.skipped[asset.hostname] = pick('en', SKIP_REASONS[skip]);
      }
    }
    const runnable = targets.filter((target) => !target.skip);
    await eachLimited(runnable, HOSTS_AT_ONCE, async (target) => {
      const outcome = await tryAsset(task, target, action);
      if (task.signal.aborted) return; // the server is closing: the database may be gone
      if (!login) recordOutcome(db, now, target.asset.id, outcome);
      if (outcome.ok) result.ok.push(target.asset.hostname);
      else result.failed[target.asset.hostname] = outcome.reason;
    });
    result.ok.sort(); // hosts finish in any order; report them in a stable one
    if (task.signal.aborted) throw new Error('Cancelled: the server is stopping');
    say(action === 'test' ? TASK_LOG.testSummary : TASK_LOG.refreshSummary, {
      ok: result.ok.length,
      failed: Object.keys(result.failed).length,
      skipped: Object.keys(result.skipped).length,
    });
    return result;
  };
}

type Outcome = { ok: true; hardware?: HardwareInfo } | { ok: false; reason: string };

export async function tryAsset(task: TaskContext, target: AssetTarget, action: AssetAction): Promise<Outcome> {
  const { asset, endpoint, gateway } = target;
  const name = asset.hostname;
  const say = (text: Localized, params: Record<string, string | number>, tone?: LogTone) =>
    task.log(pick(task.lang, text, params), tone);
  const via = gateway
    ? pick(task.lang, TASK_LOG.via, { gateway: gateway.name, host: gateway.host, port: gateway.port })
    : '';
  say(TASK_LOG.connecting, { name, host: endpoint!.host, port: endpoint!.port, user: endpoint!.username, via });
  try {
    return await withSsh(
      endpoint!,
      { timeoutMs: task.timeoutMs, signal: task.signal, gateway, policy: task.policy },
      async (client: Client) => {
        say(TASK_LOG.authenticated, { name }, 'ok');
        if (action === 'test') return { ok: true };
        const hardware = await collectHardware(client, task.timeoutMs, (line) => task.log(`${name}: ${line}`));
        say(
          TASK_LOG.hardwareUpdated,
          {
            name,
            os: hardware.os ?? '?',
            arch: hardware.os_arch ?? '',
            cpus: hardware.cpu_vcpus ?? '?',
            memory: hardware.memory ?? '?',
          },
          'ok',
        );
        return { ok: true, hardware };
      },
    );
  } catch (error) {
    // Connection failures are already described; a failing command after login is not.
    const reason = error instanceof SshStepError ? error.message : describeSshError(error, task.timeoutMs);
    // A refusal is not a network fault: say so plainly. The result keeps the English reason.
    const text = failureText(task.lang, error, reason);
    say(
      error instanceof SshStepError && error.refused ? TASK_LOG.refused : TASK_LOG.unreachable,
      { name, reason: text },
      'fail',
    );
    return { ok: false, reason };
  }
}

function recordOutcome(db: DB, now: () => number, assetId: string, outcome: Outcome): void {
  setConnectivity(db, assetId, outcome.ok, isoAt(now()));
  if (outcome.ok && outcome.hardware) setHardware(db, assetId, { ...outcome.hardware });
}

async function eachLimited<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await run(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

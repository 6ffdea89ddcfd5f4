// The asset-user test (`asset-users/tasks/ {action: "test"}`): each account logs in to its asset with its
// own credentials; the outcome is the task's result only.
import type { DB } from '../core/db/open.ts';
import { pick } from '../core/lib/i18n.ts';
import { openColumns } from '../core/secrets/sealed-columns.ts';
import { type AssetTaskResult, tryAsset } from './asset-work.ts';
import { SKIP_REASONS, TASK_LOG } from './log-messages.ts';
import type { TaskWork } from './runner.ts';
import { assetsByIds } from './start-tasks.ts';
import { assetUserSecrets } from './target-store.ts';
import { resolveTarget, type LoginAccount } from './targets.ts';

/** One row of the asset-users list, as the test reads it. */
export interface AssetUserAccount {
  id: string;
  asset: string;
  username: string;
  hostname: string;
  ip: string;
}

export function assetUserTestWork(db: DB, rows: AssetUserAccount[]): TaskWork {
  return async (task) => {
    const result: AssetTaskResult = { ok: [], failed: {}, skipped: {} };
    task.log(pick(task.lang, TASK_LOG.testStart, { count: rows.length }));
    for (const row of rows) {
      if (task.signal.aborted) break;
      const [asset] = assetsByIds(db, [String(row.asset)]);
      if (!asset) continue; // deleted since the task was queued
      const secrets = openColumns(db, 'asset_users', assetUserSecrets(db, row.id));
      const login: LoginAccount = { username: String(row.username), ...secrets };
      const label = `${row.username}@${row.hostname}`;
      const target = resolveTarget(db, asset, login);
      if (target.skip) {
        task.log(
          pick(task.lang, TASK_LOG.skipped, { name: label, reason: pick(task.lang, SKIP_REASONS[target.skip]) }),
          'warn',
        );
        result.skipped[label] = SKIP_REASONS[target.skip].en;
        continue;
      }
      const outcome = await tryAsset(task, target, 'test');
      if (outcome.ok) result.ok.push(label);
      else result.failed[label] = outcome.reason;
    }
    if (task.signal.aborted) throw new Error('Cancelled: the server is stopping');
    task.log(
      pick(task.lang, TASK_LOG.testSummary, {
        ok: result.ok.length,
        failed: Object.keys(result.failed).length,
        skipped: Object.keys(result.skipped).length,
      }),
    );
    return result;
  };
}

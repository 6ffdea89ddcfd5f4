// What a task does, as data: every job the runner takes is described by one of these records, so the
// job center can store it as a task version (2.3's AdHoc: the module and its arguments, the hosts, the
// run-as account) and build the same work again for "run again" (`ops/tasks/<id>/run/`). The work is
// built from ids at run time, so a re-run reads today's assets and credentials, as 2.3's re-run of an
// AdHoc reads today's inventory.
import type { DB } from '../core/db/open.ts';
import { openColumns } from '../core/secrets/sealed-columns.ts';
import { assetUserTestWork, type AssetUserAccount } from './asset-user-work.ts';
import { assetWork } from './asset-work.ts';
import type { JobRecord } from './job-record.ts';
import { pushAccounts, pushWork, type PushSystemUser } from './push-work.ts';
import type { TaskWork } from './runner.ts';
import { assetsByIds } from './start-tasks.ts';
import { assetUsersByIds, systemUserAccount } from './target-store.ts';
import type { LoginAccount } from './targets.ts';

function systemUser(db: DB, id: string): (LoginAccount & PushSystemUser) | undefined {
  const row: (LoginAccount & PushSystemUser) | undefined = systemUserAccount(db, id);
  return row && openColumns(db, 'system_users', row);
}

/**
 * The work of a job that needs nothing but the database (every kind but `command`), or a reason it
 * cannot be built any more (its system user was deleted).
 */
export function workOf(
  db: DB,
  now: () => number,
  job: Exclude<JobRecord, { kind: 'command' }>,
): TaskWork | { missing: string } {
  switch (job.kind) {
    case 'assets':
      return assetWork(db, now, job.action, assetsByIds(db, job.assets));
    case 'system_user_test': {
      const user = systemUser(db, job.system_user);
      return user ? assetWork(db, now, 'test', assetsByIds(db, job.assets), user) : { missing: 'system_user' };
    }
    case 'push': {
      const user = systemUser(db, job.system_user);
      return user
        ? pushWork(db, assetsByIds(db, job.assets), pushAccounts(db, user, job.username))
        : { missing: 'system_user' };
    }
    case 'asset_user_test': {
      const rows: AssetUserAccount[] = assetUsersByIds(db, job.accounts);
      return assetUserTestWork(db, rows);
    }
  }
}

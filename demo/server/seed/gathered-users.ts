// Seeds gathered users (2.3's GatheredUser): what a gather task would have found on the Linux assets of
// every org — the usual system accounts plus a few people's, some gone since (present = 0), with
// their last logins from loopback addresses (every seeded address stays in 127.0.0.0/8).
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { insertGatheredUser } from '../assets/gathered-user-store.ts';
import { nonWindowsAssets } from './seed-store.ts';

const ACCOUNTS: { username: string; present: boolean; daysAgo: number | null }[] = [
  { username: 'root', present: true, daysAgo: 1 },
  { username: 'ubuntu', present: true, daysAgo: 3 },
  { username: 'deploy', present: true, daysAgo: 0 },
  { username: 'backup', present: true, daysAgo: null },
  { username: 'olivia', present: true, daysAgo: 7 },
  { username: 'tempcontractor', present: false, daysAgo: 90 },
];

const DAY_MS = 86_400_000;

export function seedGatheredUsers(db: DB, nowMs: number): void {
  const assets = nonWindowsAssets(db);
  const gathered = isoAt(nowMs - 2 * DAY_MS);
  assets.forEach((asset, index) => {
    // Every asset has root and deploy; the others vary from host to host, as real hosts do.
    const accounts = ACCOUNTS.filter(
      (account, i) => account.username === 'root' || account.username === 'deploy' || (index + i) % 3 === 0,
    );
    accounts.forEach((account, i) => {
      const login =
        account.daysAgo === null ? null : isoAt(nowMs - account.daysAgo * DAY_MS - (index % 24) * 3_600_000);
      insertGatheredUser(db, {
        id: uuid(),
        asset_id: asset.id,
        username: account.username,
        present: account.present ? 1 : 0,
        date_last_login: login,
        ip_last_login: login ? `127.0.${(index % 200) + 1}.${i + 10}` : '',
        org_id: asset.org_id,
        date_created: gathered,
        date_updated: gathered,
      });
    });
  });
}

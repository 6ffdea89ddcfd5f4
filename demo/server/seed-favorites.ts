// Demo favourites: a few granted hosts starred by the demo users, so the favourites node of their
// asset tree is not empty on first sign-in. Picked from what the grant engine gives each user.
import type { DB } from './db/open.ts';
import { uuid } from './lib/ids.ts';
import { isoAt } from './lib/time.ts';
import { grantedAssetIds } from './perms/grants.ts';

const STARS: Record<string, number> = { user: 2, jsmith: 1, liwei: 1 };

export function seedFavorites(db: DB, nowMs: number): void {
  const insert = db.prepare('INSERT INTO favorite_assets (id, user, asset, date_created) VALUES (?, ?, ?, ?)');
  for (const [username, count] of Object.entries(STARS)) {
    const user = db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(username) as string | undefined;
    if (!user) continue;
    for (const asset of grantedAssetIds(db, { subject: { user }, orgId: null, now: nowMs }).slice(0, count)) insert.run(uuid(), user, asset, isoAt(nowMs));
  }
}

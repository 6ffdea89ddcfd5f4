// Small tables a granted answer looks up beside the grant itself: the platforms' bases (a tree item's icon) and a
// user's favourite assets (the `-12` node). Neither has a store module perms may read through: both are written
// by their resources (assets/resources/platforms.ts, favorite-assets.ts) and the seed.
import type { DB } from '../core/db/open.ts';

/** `{name, base}` of every platform. */
export function platformBases(db: DB): { name: string; base: string }[] {
  return db.prepare('SELECT name, base FROM platforms').all() as { name: string; base: string }[];
}

/** The ids of the assets the user starred. */
export function favoriteAssetIds(db: DB, userId: string): string[] {
  return db.prepare('SELECT asset FROM favorite_assets WHERE user = ?').pluck().all(userId) as string[];
}

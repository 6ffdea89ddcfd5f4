// 2.3's AuthBook (assets/models/authbook.py): `POST /api/v1/assets/asset-users/` (auth-book-routes.ts) stores a
// new version of one account's credentials on one asset — Lina's "Update auth" dialog on the asset, admin-user
// and system-user asset lists. Versions of an (asset, username) count 1, 2, 3…; the newest is the one in force:
// the asset users list shows it first (backend 'db', migration 24), a terminal's system-user auth-info and
// the admin user's tasks on that asset use its password / key over the system or admin user's own.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { openColumns, sealColumns } from '../core/secrets/sealed-columns.ts';
import { assetOrgId } from './asset-store.ts';

export interface AuthBookSecrets {
  password: string;
  private_key: string;
  public_key: string;
}

/** The newest version of `username` on `assetId`, secrets in clear, or null. */
export function latestAuthBook(db: DB, assetId: string, username: string): AuthBookSecrets | null {
  const row = db
    .prepare(
      'SELECT password, private_key, public_key FROM auth_book WHERE asset_id = ? AND username = ? ORDER BY version DESC LIMIT 1',
    )
    .get(assetId, username) as AuthBookSecrets | undefined;
  return row ? openColumns(db, 'auth_book', row) : null;
}

/** 2.3's `_merge_auth`: a version's password replaces the account's when set; its key pair replaces both keys when either is set. */
export function withAssetAuth<T extends { password?: unknown; private_key?: unknown; public_key?: unknown }>(
  base: T,
  special: AuthBookSecrets | null,
): T {
  if (!special) return base;
  const merged = { ...base };
  if (special.password) merged.password = special.password;
  if (special.private_key || special.public_key) {
    merged.private_key = special.private_key;
    merged.public_key = special.public_key;
  }
  return merged;
}

/** Removes one version (the asset users' DELETE of a 'db' row that is not the newest). */
export function deleteAuthBookVersion(db: DB, authBookId: string): void {
  db.prepare('DELETE FROM auth_book WHERE id = ?').run(authBookId);
}

/** Whether a 'db' row of the asset users (`<authbook id>_<asset id>`) is the newest version (2.3 refuses to delete it). */
export function isLatestVersion(db: DB, authBookId: string): boolean {
  return !!db
    .prepare(
      `SELECT 1 FROM auth_book b WHERE b.id = ?
    AND b.version = (SELECT MAX(version) FROM auth_book o WHERE o.asset_id = b.asset_id AND o.username = b.username)`,
    )
    .get(authBookId);
}

/** One version's values, secrets in clear ('' leaves that part to the account's own). */
export interface NewAuthBookVersion extends AuthBookSecrets {
  assetId: string;
  username: string;
  comment: string;
  createdBy: string;
  /** ISO time of creation. */
  at: string;
}

/**
 * Inserts one version, numbered after the newest of its (asset, username), in the asset's org, secrets sealed;
 * returns its union id (`<authbook id>_<asset id>`, the asset users' row id).
 */
export function insertAuthBookVersion(db: DB, version: NewAuthBookVersion): string {
  const number =
    (db
      .prepare('SELECT COALESCE(MAX(version), 0) FROM auth_book WHERE asset_id = ? AND username = ?')
      .pluck()
      .get(version.assetId, version.username) as number) + 1;
  const id = uuid();
  const row = sealColumns(db, 'auth_book', {
    id,
    asset_id: version.assetId,
    username: version.username,
    version: number,
    comment: version.comment,
    org_id: assetOrgId(db, version.assetId),
    password: version.password,
    private_key: version.private_key,
    public_key: version.public_key,
    created_by: version.createdBy,
    date_created: version.at,
    date_updated: version.at,
  });
  db.prepare(
    `INSERT INTO auth_book (id, asset_id, username, version, comment, org_id, password, private_key, public_key, created_by, date_created, date_updated)
    VALUES (@id, @asset_id, @username, @version, @comment, @org_id, @password, @private_key, @public_key, @created_by, @date_created, @date_updated)`,
  ).run(row);
  return `${id}_${version.assetId}`;
}

// The platforms table (global, integer ids): the insert that answers the new integer id and the `meta` JSON
// the engine's scalar fields cannot carry, beside the engine's update and delete, and the reads of a platform
// by name (an asset names its platform) or of its `internal` mark (the seeded ones cannot change).
import type { DB } from '../core/db/open.ts';
import type { Row } from '../engine/types.ts';

export function platformExists(db: DB, name: string): boolean {
  return !!db.prepare('SELECT 1 FROM platforms WHERE name = ?').get(name);
}

export function platformByName(db: DB, name: string | null): Row | undefined {
  return db.prepare('SELECT * FROM platforms WHERE name = ?').get(name) as Row | undefined;
}

export function isInternalPlatform(db: DB, id: string): boolean {
  return !!db.prepare('SELECT internal FROM platforms WHERE id = ?').pluck().get(id);
}

/** A new (never internal) platform from validated data; answers its integer id as text. */
export function insertPlatform(
  db: DB,
  platform: { name: string; base: string; charset: string; comment: string },
): string {
  return String(
    db
      .prepare('INSERT INTO platforms (name, base, charset, comment, internal) VALUES (?, ?, ?, ?, 0)')
      .run(platform.name, platform.base, platform.charset, platform.comment).lastInsertRowid,
  );
}

/** `meta` as JSON text, or null to clear it. */
export function setPlatformMeta(db: DB, id: string, meta: string | null): void {
  db.prepare('UPDATE platforms SET meta = ? WHERE id = ?').run(meta, id);
}

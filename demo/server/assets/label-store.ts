// The labels table beside the engine's list and writes: `?distinct=1`'s values grouped by name, which assets
// carry which label (asset_labels, written by the engine's `replaceRelations`), and the contract suite's
// fixture labels.
import type { Org } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { storedOrgId } from '../core/orgs/current-org.ts';

/**
 * One row per label name with its values joined: `[{name, value: "v1, v2"}]`, in the org's labels as the
 * list sees them (ROOT: every org's).
 */
export function distinctLabels(db: DB, org: Org): { name: string; value: string }[] {
  const inOrg = org.kind !== 'root';
  return db
    .prepare(
      `SELECT name, GROUP_CONCAT(value, ', ') AS value FROM (SELECT name, value FROM labels
    ${inOrg ? 'WHERE org_id = ?' : ''} ORDER BY name, value) GROUP BY name ORDER BY name`,
    )
    .all(...(inOrg ? [storedOrgId(org)] : [])) as { name: string; value: string }[];
}

export function labelIdsOfAsset(db: DB, assetId: string): string[] {
  return db
    .prepare('SELECT label_id FROM asset_labels WHERE asset_id = ? ORDER BY label_id')
    .pluck()
    .all(assetId) as string[];
}

export function assetIdsOfLabel(db: DB, labelId: string): string[] {
  return db
    .prepare('SELECT asset_id FROM asset_labels WHERE label_id = ? ORDER BY asset_id')
    .pluck()
    .all(labelId) as string[];
}

/** A label for a contract fixture, in the org whose stored id is `orgId`; answers its id. */
export function insertFixtureLabel(db: DB, name: string, value: string, orgId: string, dateCreated: string): string {
  const id = uuid();
  db.prepare('INSERT INTO labels (id, name, value, org_id, date_created) VALUES (?, ?, ?, ?, ?)').run(
    id,
    name,
    value,
    orgId,
    dateCreated,
  );
  return id;
}

/** A label on an asset (the seed's; the API writes asset_labels through the assets resource's relations). */
export function labelAsset(db: DB, assetId: string, labelId: string): void {
  db.prepare('INSERT INTO asset_labels (asset_id, label_id) VALUES (?, ?)').run(assetId, labelId);
}

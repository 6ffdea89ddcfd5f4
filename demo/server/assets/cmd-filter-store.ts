// Command filters and their rules beside the engine's writes: whether a rules URL's filter is the caller's,
// the rule moved to another filter, and which system users and rules a filter has (system_user_cmd_filters
// links them, written by the engine's `replaceRelations`).
import type { Org } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { andInOrg } from '../core/orgs/current-org.ts';
import type { Row } from '../engine/types.ts';

/** Whether the filter exists in `org` (ROOT sees every org's). */
export function filterVisible(db: DB, filterId: string, org: Org): boolean {
  const inOrg = andInOrg(org);
  return !!db.prepare(`SELECT 1 FROM cmd_filters WHERE id = ?${inOrg.sql}`).get(filterId, ...inOrg.params);
}

/** A rule's update may name another filter in its body: the rule moves there. */
export function setRuleFilter(db: DB, ruleId: string, filterId: string): void {
  db.prepare('UPDATE cmd_filter_rules SET filter_id = ? WHERE id = ?').run(filterId, ruleId);
}

export function filterSystemUserIds(db: DB, filterId: string): string[] {
  return db
    .prepare('SELECT system_user_id FROM system_user_cmd_filters WHERE filter_id = ? ORDER BY system_user_id')
    .pluck()
    .all(filterId) as string[];
}

/** The filter's rule ids, highest priority first. */
export function filterRuleIds(db: DB, filterId: string): string[] {
  return db
    .prepare('SELECT id FROM cmd_filter_rules WHERE filter_id = ? ORDER BY priority DESC, action')
    .pluck()
    .all(filterId) as string[];
}

export function systemUserFilterIds(db: DB, systemUserId: string): string[] {
  return db
    .prepare('SELECT filter_id FROM system_user_cmd_filters WHERE system_user_id = ? ORDER BY filter_id')
    .pluck()
    .all(systemUserId) as string[];
}

/** Every rule of every filter of the system user, highest priority first (what a terminal enforces). */
export function systemUserRules(db: DB, systemUserId: string): Row[] {
  return db
    .prepare(
      `SELECT r.* FROM cmd_filter_rules r JOIN system_user_cmd_filters f ON f.filter_id = r.filter_id
      WHERE f.system_user_id = ? ORDER BY r.priority DESC, r.action, r.id`,
    )
    .all(systemUserId) as Row[];
}

/** A command filter bound to a system user (the seed's; the API writes the link through the system users resource). */
export function bindCommandFilter(db: DB, systemUserId: string, filterId: string): void {
  db.prepare('INSERT INTO system_user_cmd_filters (system_user_id, filter_id) VALUES (?, ?)').run(
    systemUserId,
    filterId,
  );
}

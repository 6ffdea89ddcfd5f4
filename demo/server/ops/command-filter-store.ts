// Reads of the command filters a batch command is judged by (ops/command-executions.ts): a system user's
// rules, as the terminal's door gets them, and a filter's name for the refusal. The filters are written by
// their resources (assets/resources/cmd-filters.ts, cmd-filter-rules.ts) through the engine.
import type { FilterRule } from '../../shared/command-filter/command-filter.ts';
import type { DB } from '../core/db/open.ts';

/** The system user's command filter rules, as the door gets them (`system-users/<id>/cmd-filter-rules/`). */
export function filterRulesOf(db: DB, systemUserId: string): (FilterRule & { filter_id: string })[] {
  return db
    .prepare(
      `SELECT r.* FROM cmd_filter_rules r JOIN system_user_cmd_filters f ON f.filter_id = r.filter_id
    WHERE f.system_user_id = ? ORDER BY r.priority DESC, r.action, r.id`,
    )
    .all(systemUserId) as (FilterRule & { filter_id: string })[];
}

export function filterName(db: DB, filterId: string): string | undefined {
  return db.prepare('SELECT name FROM cmd_filters WHERE id = ?').pluck().get(filterId) as string | undefined;
}

// What login confirmation (credential-lock.ts) reads: a user's reviewers and whether a sign-in of theirs waits.
// The auth feature writes the reviewers (auth/confirm/) and tickets/ticket-store.ts the tickets.
import type { DB } from '../db/open.ts';

/** The active reviewers of the user's sign-ins under an active setting, themselves excepted, by username. */
export function activeReviewerIds(db: DB, userId: string): string[] {
  return db
    .prepare(
      `SELECT r.user_id FROM login_confirm_reviewers r JOIN login_confirm_settings s ON s.id = r.setting_id
    JOIN users u ON u.id = r.user_id WHERE s.user_id = ? AND s.is_active = 1 AND u.is_active = 1 AND u.id != s.user_id ORDER BY u.username`,
    )
    .pluck()
    .all(userId) as string[];
}

/** An open `login_confirm` ticket of the user: a sign-in of theirs waits for a reviewer. */
export function hasOpenLoginConfirmTicket(db: DB, userId: string): boolean {
  return !!db
    .prepare("SELECT 1 FROM tickets WHERE user = ? AND type = 'login_confirm' AND status = 'open' LIMIT 1")
    .get(userId);
}

// The login_confirm_settings and login_confirm_reviewers tables (2.3's LoginConfirmSetting): who reviews a user's
// sign-ins, as an admin sets it (auth/confirm/login-confirm-routes.ts) and the user's detail shows it
// (user-fields.ts). Kept in the users feature, which both may import; whether a sign-in waits for the reviewers
// is the core's (core/auth/credential-lock.ts).
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';

export interface LoginConfirmSetting {
  id: string;
  user_id: string;
  is_active: number;
  date_created: string;
  date_updated: string;
}

/** The reviewers of the user's sign-ins, by username, whether or not the setting is active. */
export function reviewerIdsOf(db: DB, userId: string): string[] {
  return db
    .prepare(
      `SELECT r.user_id FROM login_confirm_reviewers r JOIN login_confirm_settings s ON s.id = r.setting_id
      JOIN users u ON u.id = r.user_id WHERE s.user_id = ? ORDER BY u.username`,
    )
    .pluck()
    .all(userId) as string[];
}

export function loginConfirmSetting(db: DB, userId: string): LoginConfirmSetting | undefined {
  return db.prepare('SELECT * FROM login_confirm_settings WHERE user_id = ?').get(userId) as
    LoginConfirmSetting | undefined;
}

/** The reviewers one setting names, by username. */
export function settingReviewerIds(db: DB, settingId: string): string[] {
  return db
    .prepare(
      `SELECT r.user_id FROM login_confirm_reviewers r JOIN users u ON u.id = r.user_id
      WHERE r.setting_id = ? ORDER BY u.username`,
    )
    .pluck()
    .all(settingId) as string[];
}

/**
 * The user's reviewers become `reviewerIds` exactly (validated by the caller), creating the user's setting on
 * the first change; the caller runs it in a transaction.
 */
export function setReviewers(db: DB, userId: string, reviewerIds: readonly string[], atIso: string): void {
  let setting = db.prepare('SELECT id FROM login_confirm_settings WHERE user_id = ?').pluck().get(userId) as
    string | undefined;
  if (!setting) {
    setting = uuid();
    db.prepare(
      'INSERT INTO login_confirm_settings (id, user_id, is_active, date_created, date_updated) VALUES (?, ?, 1, ?, ?)',
    ).run(setting, userId, atIso, atIso);
  } else db.prepare('UPDATE login_confirm_settings SET date_updated = ? WHERE id = ?').run(atIso, setting);
  db.prepare('DELETE FROM login_confirm_reviewers WHERE setting_id = ?').run(setting);
  const insert = db.prepare('INSERT INTO login_confirm_reviewers (setting_id, user_id) VALUES (?, ?)');
  for (const id of reviewerIds) insert.run(setting, id);
}

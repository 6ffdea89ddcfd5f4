// The mail_outbox table: the mail the user actions queue when e-mail is configured (users/mail.ts decides).
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';

export function queueMail(db: DB, mail: { recipient: string; subject: string; body: string; createdAt: string }): void {
  db.prepare('INSERT INTO mail_outbox (id, recipient, subject, body, created_at) VALUES (?, ?, ?, ?, ?)').run(
    uuid(),
    mail.recipient,
    mail.subject,
    mail.body,
    mail.createdAt,
  );
}

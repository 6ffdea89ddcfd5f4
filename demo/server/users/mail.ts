// Mail the user actions would send. This server has no SMTP client: when e-mail is configured
// (EMAIL_HOST set) the message is queued in `mail_outbox`; otherwise the response says none was sent.
import type { DB } from '../core/db/open.ts';
import type { Lang } from '../core/lib/i18n.ts';
import { t } from '../core/lib/i18n.ts';
import { isoAt } from '../core/lib/time.ts';
import type { Settings } from '../core/context.ts';
import { queueMail } from './mail-outbox-store.ts';

export interface MailNote {
  mail_sent: boolean;
  msg: string;
}

export function emailConfigured(settings: Settings): boolean {
  return Boolean(settings.get<string>('EMAIL_HOST')?.trim());
}

/** Queues the mail when e-mail is configured; the note goes into the response either way. */
export function sendMail(
  db: DB,
  settings: Settings,
  lang: Lang,
  nowMs: number,
  to: string,
  subject: string,
  body: string,
): MailNote {
  if (!emailConfigured(settings) || !to) return { mail_sent: false, msg: t(lang, 'mail.not_configured') };
  const prefix = settings.get<string>('EMAIL_SUBJECT_PREFIX') ?? '';
  queueMail(db, { recipient: to, subject: `${prefix}${subject}`, body, createdAt: isoAt(nowMs) });
  return { mail_sent: true, msg: t(lang, 'mail.sent', { email: to }) };
}

// The tickets table's writes beyond the engine's create of a request: a ticket made by a flow (a login waiting
// for its reviewers, the seed's samples), what happens when someone acts on it, as 2.3's Ticket model does (a
// comment saying who did what, then the action, status and handling assignee), its assignees and their display
// text, its actions, and what the assignee confirmed. What the routes, confirmation.ts, who.ts and mail.ts read of
// these tables (tickets, ticket_comments, ticket_assignees) is here too.
import type { UserRow } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { userLabel } from '../core/operate-log-store.ts';
import { pick, type Lang, type Localized } from '../core/lib/i18n.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { TICKET_TEXT } from './messages.ts';

export type TicketAction = 'approve' | 'reject';

/** A new ticket; the columns given are written, the others take their defaults (migrations). */
export function insertTicket(db: DB, row: Record<string, unknown>): void {
  const columns = Object.keys(row);
  db.prepare(`INSERT INTO tickets (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
    ...columns.map((column) => row[column]),
  );
}

/** The actions asked for, as 2.3's bit mask. */
export function setTicketActions(db: DB, ticketId: string, mask: number): void {
  db.prepare('UPDATE tickets SET actions = ? WHERE id = ?').run(mask, ticketId);
}

/** What the assignee confirmed before approving: the assets and the system user. */
export function setConfirmedTargets(db: DB, ticketId: string, assets: string[], systemUser: string): void {
  db.prepare('UPDATE tickets SET confirmed_assets = ?, confirmed_system_user = ? WHERE id = ?').run(
    JSON.stringify(assets),
    systemUser,
    ticketId,
  );
}

/** The confirmation frozen with the approval (JSON), or none. */
export function setConfirmation(db: DB, ticketId: string, frozen: string | null): void {
  db.prepare('UPDATE tickets SET confirmation = ? WHERE id = ?').run(frozen, ticketId);
}

/** The requester changed the request: nothing stays confirmed. */
export function clearConfirmation(db: DB, ticketId: string): void {
  db.prepare(
    "UPDATE tickets SET confirmation = NULL, confirmed_assets = '[]', confirmed_system_user = '' WHERE id = ?",
  ).run(ticketId);
}

export function addComment(db: DB, ticketId: string, user: UserRow | null, body: string, nowMs: number): string {
  const id = uuid();
  const at = isoAt(nowMs);
  db.prepare(
    'INSERT INTO ticket_comments (id, ticket_id, user, user_display, body, date_created, date_updated) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(id, ticketId, user?.id ?? null, user ? userLabel(user) : '', body, at, at);
  return id;
}

function performed(lang: Lang, user: UserRow, what: Localized, extra = ''): string {
  return `${pick(lang, TICKET_TEXT.performed, { user: userLabel(user), action: pick(lang, what) })}${extra ? `\n${extra}` : ''}`;
}

/** Approve or reject: the comment, then the ticket closes with that action and this handler. */
export function performAction(
  db: DB,
  ticketId: string,
  action: TicketAction,
  user: UserRow,
  lang: Lang,
  nowMs: number,
  extra = '',
): void {
  addComment(db, ticketId, user, performed(lang, user, TICKET_TEXT[action], extra), nowMs);
  db.prepare(
    "UPDATE tickets SET action = ?, status = 'closed', assignee = ?, assignee_display = ?, date_updated = ? WHERE id = ?",
  ).run(action, user.id, userLabel(user), isoAt(nowMs), ticketId);
}

/** Open or close without an action (the requester withdrawing, an assignee closing). */
export function performStatus(
  db: DB,
  ticketId: string,
  status: 'open' | 'closed',
  user: UserRow,
  lang: Lang,
  nowMs: number,
): void {
  addComment(
    db,
    ticketId,
    user,
    performed(lang, user, status === 'closed' ? TICKET_TEXT.close : TICKET_TEXT.open),
    nowMs,
  );
  db.prepare('UPDATE tickets SET status = ?, assignee = ?, assignee_display = ?, date_updated = ? WHERE id = ?').run(
    status,
    user.id,
    userLabel(user),
    isoAt(nowMs),
    ticketId,
  );
}

/** Replaces the assignees and their display text ("name(username), ..." as 2.3 keeps it). */
export function setAssignees(db: DB, ticketId: string, userIds: string[]): void {
  db.prepare('DELETE FROM ticket_assignees WHERE ticket_id = ?').run(ticketId);
  const insert = db.prepare('INSERT OR IGNORE INTO ticket_assignees (ticket_id, user_id) VALUES (?, ?)');
  for (const id of userIds) insert.run(ticketId, id);
  const labels = db
    .prepare(
      `SELECT u.name, u.username FROM ticket_assignees a JOIN users u ON u.id = a.user_id
    WHERE a.ticket_id = ? ORDER BY u.username`,
    )
    .all(ticketId) as { name: string; username: string }[];
  db.prepare('UPDATE tickets SET assignees_display = ? WHERE id = ?').run(
    labels.map(userLabel).join(', ').slice(0, 1024),
    ticketId,
  );
}

export function assigneesOf(db: DB, ticketId: string): string[] {
  return db
    .prepare(
      `SELECT a.user_id FROM ticket_assignees a JOIN users u ON u.id = a.user_id WHERE a.ticket_id = ? ORDER BY u.username`,
    )
    .pluck()
    .all(ticketId) as string[];
}

/** The assignees' display text, for the login-confirm waiting page (auth/confirm/login-confirm-routes.ts). */
export function assigneesDisplayRow(db: DB, ticketId: string): { assignees_display: string } | undefined {
  return db.prepare('SELECT assignees_display FROM tickets WHERE id = ?').get(ticketId) as
    { assignees_display: string } | undefined;
}

/** The status and action of the user's login-confirm ticket `ticketId` (auth/confirm/login-confirm.ts). */
export function loginConfirmTicket(
  db: DB,
  ticketId: string,
  userId: string,
): { status: string; action: string } | undefined {
  return db
    .prepare("SELECT status, action FROM tickets WHERE id = ? AND user = ? AND type = 'login_confirm'")
    .get(ticketId, userId) as { status: string; action: string } | undefined;
}

/** Whether the user is one of the ticket's assignees. */
export function isAssigneeOf(db: DB, ticketId: string, userId: string): boolean {
  return !!db.prepare('SELECT 1 FROM ticket_assignees WHERE ticket_id = ? AND user_id = ?').get(ticketId, userId);
}

/** The ticket's assignees, in no particular order (whom its mail goes to). */
export function assigneeUserIds(db: DB, ticketId: string): string[] {
  return db.prepare('SELECT user_id FROM ticket_assignees WHERE ticket_id = ?').pluck().all(ticketId) as string[];
}

/** The ticket's requester (the `user` column), undefined when there is no such ticket. */
export function ticketRequester(db: DB, ticketId: string): unknown {
  return db.prepare('SELECT user FROM tickets WHERE id = ?').pluck().get(ticketId);
}

/** What an assignee confirmed, as the ticket holds it now (confirmation.ts freezes it). */
export function confirmedFields(
  db: DB,
  ticketId: string,
): {
  confirmed_assets: string;
  confirmed_system_user: string;
  actions: number;
  date_start: string | null;
  date_expired: string | null;
} {
  return db
    .prepare(
      'SELECT confirmed_assets, confirmed_system_user, actions, date_start, date_expired FROM tickets WHERE id = ?',
    )
    .get(ticketId) as {
    confirmed_assets: string;
    confirmed_system_user: string;
    actions: number;
    date_start: string | null;
    date_expired: string | null;
  };
}

/** The frozen confirmation (JSON text), null or undefined when there is none. */
export function frozenConfirmation(db: DB, ticketId: string): string | null | undefined {
  return db.prepare('SELECT confirmation FROM tickets WHERE id = ?').pluck().get(ticketId) as string | null | undefined;
}

/** What a ticket's mail says of it (mail.ts). */
export interface MailTicket {
  id: string;
  title: string;
  body: string;
  type: string;
  user: string | null;
  assignee_display: string;
  action: string;
}

export function mailTicket(db: DB, id: string): MailTicket | undefined {
  return db
    .prepare('SELECT id, title, body, type, user, assignee_display, action FROM tickets WHERE id = ?')
    .get(id) as MailTicket | undefined;
}

/** The ticket's comments, oldest first. */
export function commentsOf(db: DB, ticketId: unknown): Record<string, unknown>[] {
  return db
    .prepare('SELECT * FROM ticket_comments WHERE ticket_id = ? ORDER BY date_created, rowid')
    .all(ticketId) as Record<string, unknown>[];
}

/** One comment of the ticket. */
export function commentOf(db: DB, ticketId: unknown, commentId: string): Record<string, unknown> | undefined {
  return db.prepare('SELECT * FROM ticket_comments WHERE ticket_id = ? AND id = ?').get(ticketId, commentId) as
    Record<string, unknown> | undefined;
}

export function commentById(db: DB, id: string): Record<string, unknown> {
  return db.prepare('SELECT * FROM ticket_comments WHERE id = ?').get(id) as Record<string, unknown>;
}

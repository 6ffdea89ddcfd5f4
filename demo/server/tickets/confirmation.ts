// What an assignee of a request ticket confirmed, frozen at that moment (tickets.confirmation, migration
// 49): the assets, the system user, the actions and the window as the ticket held them right after the
// assignee's change. Approval grants exactly this (request-actions.ts), never the ticket's fields as they
// are by then. The requester changing the request afterwards empties it, with the confirmed fields, so an
// assignee must look again: 2.3 let a requester PATCH `actions: ["all"]` and a 2099 expiry after the
// assignee confirmed `connect`, and the approval granted what the requester had written.
import type { DB } from '../core/db/open.ts';
import { clearConfirmation, confirmedFields, frozenConfirmation, setConfirmation } from './ticket-store.ts';

export interface Confirmation {
  assets: string[];
  system_user: string;
  actions: number;
  date_start: string | null;
  date_expired: string | null;
}

/** What a request names (a change to any of them by the requester undoes a confirmation). */
export const REQUEST_FIELDS = [
  'title',
  'assignees',
  'ips',
  'hostname',
  'system_user',
  'comment',
  'actions',
  'date_start',
  'date_expired',
];
/** What an assignee confirms (a change to any of them by an assignee is a confirmation, frozen anew). */
export const CONFIRMED_FIELDS = ['confirmed_assets', 'confirmed_system_user', 'actions', 'date_start', 'date_expired'];

/** Freezes the ticket as it stands now: a confirmation once assets and a system user are confirmed, else none. */
export function freezeConfirmation(db: DB, ticketId: string): void {
  const row = confirmedFields(db, ticketId);
  const assets = JSON.parse(row.confirmed_assets) as string[];
  const frozen: Confirmation | null =
    assets.length && row.confirmed_system_user
      ? {
          assets,
          system_user: row.confirmed_system_user,
          actions: Number(row.actions),
          date_start: row.date_start,
          date_expired: row.date_expired,
        }
      : null;
  setConfirmation(db, ticketId, frozen ? JSON.stringify(frozen) : null);
}

/** The requester changed the request: nothing stays confirmed. */
export function resetConfirmation(db: DB, ticketId: string): void {
  clearConfirmation(db, ticketId);
}

export function confirmationOf(db: DB, ticketId: string): Confirmation | null {
  const text = frozenConfirmation(db, ticketId);
  return text ? (JSON.parse(text) as Confirmation) : null;
}

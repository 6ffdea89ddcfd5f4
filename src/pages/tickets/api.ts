import { http } from '../../core/http.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { API, isRequest } from './section.ts';

// The calls a ticket's page makes (§2.8). Refusals reach the user through the HTTP client's toast.

export const commentsUrl = (ticket: Row) => `${API.tickets}${encodeURIComponent(String(ticket.id))}/comments/`;
const requestUrl = (ticket: Row) => `${API.requests}${encodeURIComponent(String(ticket.id))}/`;
const ticketUrl = (ticket: Row) => `${API.tickets}${encodeURIComponent(String(ticket.id))}/`;

export const loadComments = (ticket: Row) => http.get<Row[]>(commentsUrl(ticket));
export const postComment = (ticket: Row, body: string) => http.post<Row>(commentsUrl(ticket), { body });

/** A request: the assignee's confirmation first, then the approval (Lina's order); others: PATCH action. */
export async function approveTicket(
  ticket: Row,
  confirmed?: { assets: string[]; systemUser: string; actions: string[] },
): Promise<void> {
  if (!isRequest(ticket)) {
    await http.patch(ticketUrl(ticket), { action: 'approve' });
    return;
  }
  if (confirmed) {
    await http.patch(requestUrl(ticket), {
      confirmed_assets: confirmed.assets,
      confirmed_system_user: confirmed.systemUser,
      actions: confirmed.actions,
    });
  }
  await http.post(`${requestUrl(ticket)}approve/`);
}

export async function rejectTicket(ticket: Row): Promise<void> {
  if (isRequest(ticket)) await http.post(`${requestUrl(ticket)}reject/`);
  else await http.patch(ticketUrl(ticket), { action: 'reject' });
}

export async function closeTicket(ticket: Row): Promise<void> {
  if (isRequest(ticket)) await http.post(`${requestUrl(ticket)}close/`);
  else await http.patch(ticketUrl(ticket), { status: 'closed' });
}

/** The pick list an assignee reads, without 2.3's hostname search (the picker searches by itself). */
export function pickUrl(waitlist: unknown): string | null {
  if (typeof waitlist !== 'string' || !waitlist) return null;
  const url = new URL(waitlist, 'http://x');
  url.searchParams.delete('search');
  return `${url.pathname}${url.search}`;
}

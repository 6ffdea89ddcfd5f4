import type { Row } from '../../core/resource/adapters.ts';

// What the Tickets pages call (jumpserver-api.md §2.8) and where a ticket's page is (ROUTES.md): a request
// ticket opens at request-asset-perm/:id, any other at tickets/:id, on the admin page and the user page alike.

export const API = {
  tickets: '/api/v1/tickets/tickets/',
  requests: '/api/v1/tickets/tickets/request-asset-perm/',
} as const;

export const PATHS = {
  list: '/tickets/tickets',
  create: '/tickets/tickets/request-asset-perm/create',
} as const;

export const isRequest = (ticket: Row) => ticket.type === 'request_asset';

export const ticketPath = (ticket: Row): string =>
  isRequest(ticket)
    ? `/tickets/tickets/request-asset-perm/${encodeURIComponent(String(ticket.id))}`
    : `/tickets/tickets/${encodeURIComponent(String(ticket.id))}`;

/** The state 2.3 shows: Open while open, else how it ended (approved, rejected, or closed without either). */
export type TicketState = 'open' | 'approved' | 'rejected' | 'closed';
export function ticketState(ticket: Row): TicketState {
  if (ticket.status === 'open') return 'open';
  if (ticket.action === 'approve') return 'approved';
  if (ticket.action === 'reject') return 'rejected';
  return 'closed';
}

import { createElement } from 'react';
import type { Row } from '../../core/resource/adapters.ts';
import { useConsoleLocation } from '../../core/ui/hash-location.ts';
import { defineResource, type ListDefinition } from '../../core/resource/define.ts';
import { API, PATHS, ticketPath } from './section.ts';
import { TicketStateBadge } from './TicketState.tsx';
import './i18n.ts';

// The two lists of 2.3's ticket page (`assign=0` mine, `assign=1` assigned to me): title (opening the
// ticket's own page, a request's or another's), applicant, type, state, date; status/type filters and search.

/** The title links to the page of the ticket's kind (a request ticket has its own detail page). */
const titleLink = (row: Row) =>
  createElement(
    'a',
    { href: useConsoleLocation.hrefs(ticketPath(row)), className: 'detail-link' },
    String(row.title ?? ''),
  );

const list: ListDefinition = {
  columns: ['title', 'user_display', 'type', 'status', 'date_created'],
  filters: ['status', 'type', 'action'],
  linkField: 'title',
  overrides: {
    title: { render: titleLink },
    type: { width: 160 },
    status: { width: 100, render: (row) => createElement(TicketStateBadge, { ticket: row }) },
  },
  create: false,
  bulkDelete: false,
  defaultRowActions: { update: false, delete: false },
};

const base = { url: API.tickets, path: PATHS.list, routes: ['list'] as 'list'[] };

export const myTickets = defineResource({ ...base, name: 'Ticket', list });
export const assignedTickets = defineResource({ ...base, name: 'Ticket', list });

export const TICKET_TABS = [
  { name: 'mine', title: 'tickets.tabs.mine', resource: myTickets, fixed: { assign: '0' } },
  { name: 'assigned', title: 'tickets.tabs.assigned', resource: assignedTickets, fixed: { assign: '1' } },
] as const;

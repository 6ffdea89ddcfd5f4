import { t } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { ticketState } from './section.ts';
import './i18n.ts';

/** The ticket's state as 2.3's lists show it (Open, Approved, Rejected, Closed); text, never server HTML. */
export function TicketStateBadge({ ticket }: { ticket: Row }) {
  const state = ticketState(ticket);
  return (
    <span className={`ticket-state ticket-state-${state}`} data-state={state}>
      {t(`tickets.state.${state}`)}
    </span>
  );
}

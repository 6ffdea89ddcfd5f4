import { TabbedLists } from '../../core/engine/list/TabbedLists.tsx';
import { useT } from '../../core/i18n/index.ts';
import { Button } from '../../core/ui/Button.tsx';
import { navigateHash } from '../../core/ui/hash-location.ts';
import { PATHS } from './section.ts';
import { ticketsCss } from './styles.ts';
import { TICKET_TABS } from './tickets.resource.ts';
import './i18n.ts';

/**
 * TicketList (`/tickets/tickets`), on the admin page and the user page: My tickets (`assign=0`) and
 * Assigned to me (`assign=1`) behind tabs (the active one remembered as 2.3's tab pages do), the search
 * in the address, and the way to a new request.
 */
export function TicketListPage() {
  const t = useT();
  const toolbar = (
    <>
      <style>{ticketsCss}</style>
      <div className="list-toolbar">
        <Button
          variant="primary"
          size="small"
          className="request-asset-perm"
          onClick={() => navigateHash(PATHS.create)}
        >
          {t('tickets.request')}
        </Button>
      </div>
    </>
  );
  return <TabbedLists title="route.TicketList" tabs={TICKET_TABS} className="ticket-page" toolbar={toolbar} />;
}

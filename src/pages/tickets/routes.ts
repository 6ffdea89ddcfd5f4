import { PERM } from '../../core/permissions.ts';
import type { RouteRecord } from '../../core/routes.ts';
import type { PublicSettings } from '../../core/types.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';

// The section's pages load on first use (src/core/README.md "First load").
const TicketListPage = lazyComponent(
  () => import('./TicketListPage.tsx').then((m) => m.TicketListPage),
  'TicketListPage',
);
const RequestAssetPermCreatePage = lazyComponent(
  () => import('./RequestAssetPermCreatePage.tsx').then((m) => m.RequestAssetPermCreatePage),
  'RequestAssetPermCreatePage',
);
const TicketDetailPage = lazyComponent(
  () => import('./TicketDetailPage.tsx').then((m) => m.TicketDetailPage),
  'TicketDetailPage',
);

/** ROUTES.md's `hid(fn: !TICKETS_ENABLED)`. */
const ticketsOff = (settings: PublicSettings) => settings.TICKETS_ENABLED === false;

/**
 * Tickets (ROUTES.md): the same four pages on the admin page (admins) and on the user page (USE), with a
 * valid licence and tickets enabled. The request-asset-perm paths come before `tickets/:id`.
 */
function ticketsRoutes(permissions: number[] | undefined): RouteRecord {
  const hidden = (title: string) => ({ title, hidden: true, activeMenu: '/tickets/tickets', permissions });
  return {
    path: '/tickets',
    name: 'Tickets',
    redirect: '/tickets/tickets/',
    meta: { title: 'route.Tickets', icon: 'ticket-perforated', licenseRequired: true, hidden: ticketsOff, permissions },
    children: [
      {
        path: '/tickets/tickets',
        name: 'TicketList',
        component: TicketListPage,
        meta: { title: 'route.TicketList', icon: 'ticket-perforated', permissions },
      },
      {
        path: '/tickets/tickets/request-asset-perm/create',
        name: 'RequestAssetPermTicketCreateUpdate',
        component: RequestAssetPermCreatePage,
        meta: hidden('route.RequestAssetPermTicketCreateUpdate'),
      },
      {
        path: '/tickets/tickets/request-asset-perm/:id',
        name: 'AssetsTicketDetail',
        component: TicketDetailPage,
        meta: hidden('route.AssetsTicketDetail'),
      },
      {
        path: '/tickets/tickets/:id',
        name: 'TicketDetail',
        component: TicketDetailPage,
        meta: hidden('route.TicketDetail'),
      },
    ],
  };
}

/** Admin page: no permission listed means ADMIN, as in ROUTES.md. */
export const adminTicketsRoutes = ticketsRoutes(undefined);
export const userTicketsRoutes = ticketsRoutes([PERM.USE]);

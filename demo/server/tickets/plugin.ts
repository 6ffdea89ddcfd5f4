// Tickets as one plugin: request-asset-perm and login-confirm tickets, their actions and mail.
import type { TargetPolicy } from '../../shared/allowed-targets.ts';
import { featurePlugin } from '../engine/feature-plugin.ts';
import { registerTicketRoutes } from './routes.ts';

export const ticketsPlugin = featurePlugin<{ policy: TargetPolicy }>('tickets', registerTicketRoutes);

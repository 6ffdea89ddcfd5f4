// The index page's figures as one plugin.
import { featurePlugin } from '../engine/feature-plugin.ts';
import { registerDashboardRoutes } from './index-route.ts';

export const dashboardPlugin = featurePlugin<{ dataDir: string }>('dashboard', registerDashboardRoutes);

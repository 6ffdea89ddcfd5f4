// The Audits section as one plugin: its five list-only resources and the append-only rule on every audit
// record's DELETE (sessions and commands included).
import { featurePlugin } from '../engine/feature-plugin.ts';
import { registerAppendOnly } from './append-only.ts';
import { registerAuditRoutes } from './routes.ts';

export const auditsPlugin = featurePlugin('audits', (app) => {
  registerAuditRoutes(app);
  registerAppendOnly(app);
});

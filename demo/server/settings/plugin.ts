// System settings as one plugin: the setting groups and their OPTIONS, the test mail and LDAP (tests, the
// cached user list, the import), each reaching only the allowed targets.
import type { TargetPolicy } from '../../shared/allowed-targets.ts';
import { featurePlugin } from '../engine/feature-plugin.ts';
import { registerLdapRoutes } from './ldap-routes.ts';
import { registerMailTestingRoute } from './mail-testing.ts';
import { registerSettingsRoutes } from './routes.ts';

export const settingsPlugin = featurePlugin<{ policy: TargetPolicy }>('settings', (app, { policy }) => {
  registerSettingsRoutes(app);
  registerMailTestingRoute(app, { policy });
  registerLdapRoutes(app, { policy });
});

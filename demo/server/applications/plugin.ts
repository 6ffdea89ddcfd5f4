// The Applications section as one plugin: remote, database and Kubernetes apps (the contract suite's
// definitions) and a remote app's connection info.
import type { ResourceDef } from '../engine/types.ts';
import { featurePlugin, registerResources } from '../engine/feature-plugin.ts';
import { databaseAppsResource } from './resources/database-apps.ts';
import { k8sAppsResource } from './resources/k8s-apps.ts';
import { remoteAppsResource } from './resources/remote-apps.ts';
import { registerApplicationRoutes } from './routes.ts';

export const APPLICATIONS_RESOURCES: readonly ResourceDef[] = [
  remoteAppsResource,
  databaseAppsResource,
  k8sAppsResource,
];

export const applicationsPlugin = featurePlugin('applications', (app) => {
  registerResources(app, APPLICATIONS_RESOURCES);
  registerApplicationRoutes(app);
});

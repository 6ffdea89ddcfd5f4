// The licence as one plugin: its file, upload and status routes.
import { featurePlugin } from '../engine/feature-plugin.ts';
import { registerLicenseRoutes } from './license-routes.ts';

export const licensePlugin = featurePlugin('license', registerLicenseRoutes);

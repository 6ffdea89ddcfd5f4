// The ways in as one plugin: the login form and the token API, the MFA steps and re-check, login confirmation,
// SSO, and the users' access keys.
import type { ResourceDef } from '../engine/types.ts';
import { featurePlugin, registerResources } from '../engine/feature-plugin.ts';
import { registerLoginConfirmRoutes } from './confirm/login-confirm-routes.ts';
import { registerLoginRoutes } from './login/login-routes.ts';
import { registerSsoRoutes } from './login/sso-routes.ts';
import { registerTokenRoutes } from './login/token-routes.ts';
import { registerLoginOtpRoutes } from './mfa/login-otp-routes.ts';
import { registerOtpVerifyRoute } from './mfa/mfa-verify.ts';
import { registerOtpProfileRoutes } from './mfa/otp-profile-routes.ts';
import { accessKeysResource } from './resources/access-keys.ts';

export const AUTH_RESOURCES: readonly ResourceDef[] = [accessKeysResource];

export const authPlugin = featurePlugin('auth', (app) => {
  registerLoginRoutes(app);
  registerTokenRoutes(app);
  registerOtpVerifyRoute(app);
  registerLoginOtpRoutes(app);
  registerLoginConfirmRoutes(app);
  registerOtpProfileRoutes(app);
  registerSsoRoutes(app);
  registerResources(app, AUTH_RESOURCES);
});

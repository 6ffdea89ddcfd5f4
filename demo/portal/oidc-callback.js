// oidc-client-ts's popup callback: hands this window's address (the code) to the page that opened it.
/* global oidc -- oidc-client-ts's browser build, loaded by the page before this script */
const { bastion, clientId, redirectUri } = document.body.dataset;
new oidc.UserManager({
  authority: `${bastion}/oidc`,
  client_id: clientId,
  redirect_uri: redirectUri,
}).signinPopupCallback();

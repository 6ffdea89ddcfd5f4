// The oidc-client-ts page of the demo portal: the library as any portal uses it (popup sign-in, code +
// PKCE, token revocation), pointed at the bastion's authorization server; the element gets the access
// token as its `token` property. Settings come from the page's data attributes (no inline script).
/* global oidc -- oidc-client-ts's browser build, loaded by the page before this script */
const { bastion, clientId, redirectUri } = document.body.dataset;
const manager = new oidc.UserManager({
  authority: `${bastion}/oidc`,
  client_id: clientId,
  redirect_uri: redirectUri,
  popup_redirect_uri: redirectUri,
  response_type: 'code',
  scope: 'openid profile',
  loadUserInfo: true,
});
const list = document.querySelector('bastion-asset-list');
const who = document.getElementById('who');
const signIn = document.getElementById('sign-in');
const revoke = document.getElementById('revoke');
const events = document.getElementById('events');

function show(type, text) {
  const item = document.createElement('li');
  item.textContent = `${type}${text ? `: ${text}` : ''}`;
  events.prepend(item);
}

signIn.addEventListener('click', async () => {
  try {
    const user = await manager.signinPopup();
    list.token = user.access_token;
    who.textContent = `Signed in as ${user.profile.preferred_username ?? user.profile.sub}`;
    revoke.disabled = false;
    show('signed-in', user.profile.preferred_username);
  } catch (error) {
    show('sign-in failed', error.message);
  }
});

revoke.addEventListener('click', async () => {
  try {
    await manager.revokeTokens(['access_token']);
    show('revoked', '');
  } catch (error) {
    show('revoke failed', error.message);
  }
  list.refresh();
});

// The portal would hand a fresh token here (its back end, or another popup); the demo asks the user.
list.addEventListener('bastion-token-expired', () => {
  who.textContent = 'The bastion refused the token: sign in again';
  revoke.disabled = true;
  show('bastion-token-expired', '');
});
list.addEventListener('bastion-auth-required', (e) => show('bastion-auth-required', e.detail.reason));

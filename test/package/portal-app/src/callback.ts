import { UserManager } from 'oidc-client-ts'

// oidc-client-ts's popup callback: hands this window's address (the code) to the portal window.
fetch('/config.json')
  .then((response) => response.json() as Promise<{ bastion: string; clientId: string }>)
  .then(({ bastion, clientId }) => new UserManager({ authority: `${bastion}/oidc`, client_id: clientId, redirect_uri: `${location.origin}/oidc-callback.html` }).signinPopupCallback())

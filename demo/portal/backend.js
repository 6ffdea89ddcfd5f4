// The back-end path of the demo portal: the token comes from the portal's own server (GET /token,
// server.mjs), which asks the bastion with its access key. A refused or expired token is replaced.
const { bastion, clientId } = document.body.dataset;
const list = document.querySelector('bastion-asset-list');
const who = document.getElementById('who');
const revoke = document.getElementById('revoke');
const events = document.getElementById('events');
let current = null;

function show(type, text) {
  const item = document.createElement('li');
  item.textContent = `${type}${text ? `: ${text}` : ''}`;
  events.prepend(item);
}

async function handOver() {
  const response = await fetch('/token', { cache: 'no-store' });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    who.textContent = answer.detail ?? `The portal's server could not get a token (${response.status})`;
    return;
  }
  current = answer.access_token;
  list.token = current;
  who.textContent = `Token for ${answer.username}, ${answer.expires_in} s`;
  revoke.disabled = false;
  show('token', `for ${answer.username}`);
}

// What a portal does on this event: hand the element a fresh token.
list.addEventListener('bastion-token-expired', () => {
  show('bastion-token-expired', 'asking the portal server for a fresh token');
  handOver();
});

// Revocation as RFC 7009 has it (the portal is a public client: its client id is enough for its own tokens).
revoke.addEventListener('click', async () => {
  const body = new URLSearchParams({ token: current ?? '', client_id: clientId });
  const response = await fetch(`${bastion}/oidc/token/revocation`, { method: 'POST', body });
  show('revoked', String(response.status));
  list.refresh();
});

handOver();

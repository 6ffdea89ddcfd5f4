// The demo portal's own script (a file: its CSP allows no inline script). It does nothing the elements
// need: it shows what the elements report, and plays the session asked for.
// Server strings are written as text, never as HTML.
const events = document.getElementById('events');
const replay = document.querySelector('bastion-session-replay');
document.getElementById('here').textContent = window.location.origin;

function show(type, text) {
  const item = document.createElement('li');
  item.textContent = `${new Date().toLocaleTimeString()} ${type}${text ? `: ${text}` : ''}`;
  events.prepend(item);
}

document.addEventListener('bastion-asset-open', (e) =>
  show('bastion-asset-open', `${e.detail.hostname} (${e.detail.ip})`),
);
// Connect: the list opens the bastion's web terminal in a new tab (it signs in there). A portal with its
// own way to connect would call e.preventDefault() here and use e.detail.asset.
document.addEventListener('bastion-asset-connect', (e) =>
  show('bastion-asset-connect', `${e.detail.asset.hostname} → ${e.detail.url}`),
);
document.addEventListener('bastion-auth-required', (e) => show('bastion-auth-required', e.detail.reason));
// The popup's token lives for minutes: when the server refuses it, the elements say so and show their
// sign-in button again. A portal whose back end hands out tokens would set `element.token = fresh` here.
document.addEventListener('bastion-token-expired', () => show('bastion-token-expired', 'sign in again'));
document.addEventListener('bastion-error', (e) => show('bastion-error', `${e.detail.status} ${e.detail.message}`));
document.addEventListener('bastion-replay-ready', (e) =>
  show('bastion-replay-ready', `${e.detail.session}, ${e.detail.commands} commands`),
);
document.addEventListener('bastion-replay-error', (e) => show('bastion-replay-error', e.detail.message));

const form = document.getElementById('replay-form');
const params = new URLSearchParams(window.location.search);
if (params.get('session')) {
  form.elements.session.value = params.get('session');
  replay.setAttribute('session', params.get('session'));
}
form.addEventListener('submit', (e) => {
  e.preventDefault();
  replay.setAttribute('session', form.elements.session.value.trim());
});

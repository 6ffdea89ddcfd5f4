// The host page's own script (/embed.html): shows what <bastion-asset-list> reports. A file, not an
// inline script, so the page runs under the server's script-src 'self'. Details are written as
// text, never as HTML.
const events = document.getElementById('events');

function show(type, detail) {
  const item = document.createElement('li');
  const assets = Array.isArray(detail) ? detail : [detail];
  item.textContent = `${type}: ${assets.map((a) => `${a.hostname} (${a.ip})`).join(', ')}`;
  events.prepend(item);
}

document.addEventListener('asset-select', (e) => show('asset-select', e.detail));
document.addEventListener('asset-open', (e) => show('asset-open', e.detail));

// The host page's own script (/embed-replay.html): hands the address's session and options (start,
// speed, and asciinema-player's: autoplay, loop, idle-time-limit, poster, fit, terminal-font-size,
// markers) to <bastion-session-replay> and shows its events (not timeupdate: four a second). A file, not an inline script, so the page runs under
// the server's script-src 'self'. Details are written as text, never as HTML.
const player = document.querySelector('bastion-session-replay');
const events = document.getElementById('events');
const query = new URLSearchParams(location.search);

function show(type, detail) {
  const item = document.createElement('li');
  item.textContent = `${type}: ${JSON.stringify(detail)}`;
  events.prepend(item);
}

for (const type of [
  'replay-ready',
  'replay-ended',
  'replay-error',
  'bastion-replay-play',
  'bastion-replay-pause',
  'bastion-replay-marker',
]) {
  document.addEventListener(type, (e) => show(type, e.detail));
}

/** Without ?session=, the newest finished session that has a recording (signed out: none; the element shows its sign-in link). */
async function newestRecorded() {
  const response = await fetch('/api/v1/terminal/sessions/?is_finished=1&limit=20', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return '';
  const page = await response.json();
  const rows = Array.isArray(page) ? page : (page.results ?? []);
  return rows.find((row) => row.has_replay)?.id ?? rows[0]?.id ?? '';
}

const OPTIONS = [
  'start',
  'speed',
  'autoplay',
  'loop',
  'idle-time-limit',
  'poster',
  'fit',
  'terminal-font-size',
  'markers',
  'pause-on-markers',
];
for (const name of OPTIONS) if (query.has(name)) player.setAttribute(name, query.get(name));
player.setAttribute('session', query.get('session') || (await newestRecorded()) || 'none');

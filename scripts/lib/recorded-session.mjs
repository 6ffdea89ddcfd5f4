// A finished session of a user with a recording and three commands, made over the API as a terminal makes
// one (registered with the bootstrap token, the user signed in by its door): what portal tests replay.
import { openDoorSession } from './door-session.mjs';
import { requestRegistration, signedHeaders } from './terminal-signing.mjs';

/** Answers the session's id; its screen prints "portal replay line <n>" for 40 s, its commands `uptime --step <n>`. */
export async function recordSession(bastion, { bootstrap, username, password }) {
  const registered = await requestRegistration(bastion, bootstrap, { name: `portal${Date.now().toString(36)}`, comment: 'portal test' });
  const key = (await registered.json()).service_account.access_key;
  const call = async (method, path, body, file) => {
    const headers = { ...signedHeaders(key), Accept: 'application/json', 'X-JMS-ORG': 'ROOT' };
    let payload;
    if (file) {
      payload = new FormData();
      payload.append('file', new Blob([file.content]), file.name);
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${bastion}${path}`, { method, headers, body: payload });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  // Opened as the door opens one: the user signed in by this terminal, on an asset granted to them.
  const { id, start } = await openDoorSession(call, { username, password });
  await call('POST', '/api/v1/terminal/commands/', [1, 2, 3].map((n) => ({ user: 'u', asset: 'a', system_user: 's', input: `uptime --step ${n}`, output: `STEP-${n}`,
    session: id, risk_level: 0, org_id: '', timestamp: start + n * 10 })));
  const events = [];
  for (let tenth = 5; tenth < 400; tenth += 5) events.push([tenth / 10, `portal replay line ${tenth}\r\n`]);
  const cast = [JSON.stringify({ version: 2, width: 80, height: 24, timestamp: start }), ...events.map(([t, text]) => JSON.stringify([t, 'o', text]))].join('\n') + '\n';
  await call('POST', `/api/v1/terminal/sessions/${id}/replay/`, undefined, { name: `${id}.cast`, content: cast });
  await call('PATCH', `/api/v1/terminal/sessions/${id}/`, { is_finished: true, date_end: new Date((start + 40) * 1000).toISOString(), has_replay: true, has_command: true });
  return id;
}

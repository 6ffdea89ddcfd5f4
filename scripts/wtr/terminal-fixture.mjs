// Browser tests act as a terminal through this plugin: a page cannot send the `Date` header that the
// access-key signature covers, so the signed calls leave from here. Registration uses the bootstrap
// token the test run's server was started with (reference-server.mjs), exactly as demo/terminal does.
import { openDoorSession } from '../lib/door-session.mjs';
import { requestRegistration, signedHeaders } from '../lib/terminal-signing.mjs';
import { TEST_BOOTSTRAP_TOKEN, TEST_PASSWORD, referenceServer } from './reference-server.mjs';

/** Registered terminals of this run by name: their service account's access key. */
const keys = new Map();

const base = () => `http://127.0.0.1:${referenceServer.port}`;

async function answer(response) {
  const text = await response.text();
  let data = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: the text */
  }
  return { status: response.status, data };
}

async function register({ name, comment = '' }) {
  const result = await answer(await requestRegistration(base(), TEST_BOOTSTRAP_TOKEN, { name, comment }));
  const key = result.data?.service_account?.access_key;
  if (result.status === 201 && key) keys.set(name, key);
  return result;
}

/** A call signed as the named terminal (`Authorization: Sign <id>:<base64 of md5 hex>` + `Date`). */
async function call({ terminal, method = 'GET', path, body, file, headers: extra = {} }) {
  const key = keys.get(terminal);
  if (!key) return { status: 0, data: `terminal ${terminal} is not registered in this run` };
  const headers = { ...signedHeaders(key), Accept: 'application/json', ...extra };
  let payload;
  if (file) {
    // A replay upload: multipart `file` (asciicast text), as the terminal sends it.
    payload = new FormData();
    payload.append('file', new Blob([file.content], { type: file.type ?? 'application/octet-stream' }), file.name);
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${base()}${path}`, { method, headers, body: payload });
  return answer(response);
}

/**
 * A session the named terminal opens as its door does (the server records sessions only for users the
 * terminal signed in): `username` (default the demo `user`) signed in on their behalf, on an SSH asset
 * granted to them; answers `{ status, data }` with the server's session row in `data`.
 */
async function openSession({ terminal, username = 'user', org = '', hostname, startedSecondsAgo = 0 }) {
  const signed = async (method, path, body) => {
    // In every org, as the door's menu lists a user's assets.
    const result = await call({ terminal, method, path, body, headers: { 'X-JMS-ORG': 'ROOT' } });
    if (result.status >= 300) throw new Error(`${method} ${path}: ${result.status} ${JSON.stringify(result.data)}`);
    return result.data;
  };
  try {
    const { session } = await openDoorSession(signed, {
      username,
      password: TEST_PASSWORD,
      org,
      hostname,
      startedSecondsAgo,
    });
    return { status: 201, data: session };
  } catch (error) {
    return { status: 0, data: error.message };
  }
}

/**
 * wtr plugin: `executeServerCommand('terminal-register', {name})`, `('terminal-call', {terminal, method, path,
 * body | file: {name, content}})`, `('terminal-open-session', {terminal, username?, org?, hostname?, startedSecondsAgo?})`.
 */
export function terminalFixturePlugin() {
  return {
    name: 'terminal-fixture',
    async executeCommand({ command, payload }) {
      if (command === 'terminal-register') return register(payload);
      if (command === 'terminal-call') return call(payload);
      if (command === 'terminal-open-session') return openSession(payload);
      return undefined;
    },
  };
}

// Browser tests act as a terminal through this plugin: a page cannot send the `Date` header that the
// access-key signature covers, so the signed calls leave from here. Registration uses the bootstrap
// token the test run's server was started with (reference-server.mjs), exactly as demo/terminal does.
import { requestRegistration, signedHeaders } from '../lib/terminal-signing.mjs';
import { TEST_BOOTSTRAP_TOKEN, referenceServer } from './reference-server.mjs';

/** Registered terminals of this run by name: their service account's access key. */
const keys = new Map();

const base = () => `http://127.0.0.1:${referenceServer.port}`;

async function answer(response) {
  const text = await response.text();
  let data = text;
  try { data = text ? JSON.parse(text) : null; } catch { /* not JSON: the text */ }
  return { status: response.status, data };
}

async function register({ name, comment = '' }) {
  const result = await answer(await requestRegistration(base(), TEST_BOOTSTRAP_TOKEN, { name, comment }));
  const key = result.data?.service_account?.access_key;
  if (result.status === 201 && key) keys.set(name, key);
  return result;
}

/** A call signed as the named terminal (`Authorization: Sign <id>:<base64 of md5 hex>` + `Date`). */
async function call({ terminal, method = 'GET', path, body, file }) {
  const key = keys.get(terminal);
  if (!key) return { status: 0, data: `terminal ${terminal} is not registered in this run` };
  const headers = { ...signedHeaders(key), Accept: 'application/json' };
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

/** wtr plugin: `executeServerCommand('terminal-register', {name})`, `('terminal-call', {terminal, method, path, body | file: {name, content}})`. */
export function terminalFixturePlugin() {
  return {
    name: 'terminal-fixture',
    async executeCommand({ command, payload }) {
      if (command === 'terminal-register') return register(payload);
      if (command === 'terminal-call') return call(payload);
      return undefined;
    },
  };
}

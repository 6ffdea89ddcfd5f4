// How scripts act as a registered terminal (the wtr terminal fixture, the replay bench), as demo/terminal
// does: register with the bootstrap token, then sign every call with the service account's access key.
import { createHash } from 'node:crypto';

/** POST /api/v2/terminal/terminal-registrations/ with the bootstrap token; the fetch Response. */
export function requestRegistration(base, bootstrapToken, { name, comment = '' }) {
  return fetch(`${base}/api/v2/terminal/terminal-registrations/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `BootstrapToken ${bootstrapToken}` },
    body: JSON.stringify({ name, comment }),
  });
}

/** `Date` and `Authorization: Sign <id>:<base64 of the md5 hex of "<secret>\n<date>">` (demo/shared/access-key-signature.ts). */
export function signedHeaders(key) {
  const date = new Date().toUTCString();
  const signature = Buffer.from(createHash('md5').update(`${key.secret}\n${date}`).digest('hex')).toString('base64');
  return { Date: date, Authorization: `Sign ${key.id}:${signature}` };
}

/**
 * Registers a terminal and answers its signed calls, in ROOT as demo/terminal makes them (the benches that
 * upload recordings). `call` resolves with the answer's text and throws on any status of 300 or more.
 */
export async function registeredTerminal(base, bootstrapToken, { name, comment = '' }) {
  const response = await requestRegistration(base, bootstrapToken, { name, comment });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  const registered = await response.json();
  const key = registered.service_account.access_key;
  const call = async (method, path, { json, form } = {}) => {
    const headers = { ...signedHeaders(key), 'X-JMS-ORG': 'ROOT' };
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    const answer = await fetch(`${base}${path}`, {
      method,
      headers,
      body: json !== undefined ? JSON.stringify(json) : form,
    });
    const text = await answer.text();
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
    return text;
  };
  return { call, terminalId: registered.id };
}

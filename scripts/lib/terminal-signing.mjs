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

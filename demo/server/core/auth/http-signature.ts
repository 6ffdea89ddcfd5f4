// `Authorization: Signature keyId="<access key id>",algorithm="hmac-sha256",headers="(request-target) date",
// signature="<base64>"` — the HTTP Signatures scheme (draft-cavage) that 2.3 accepts through the httpsig
// library (common/auth/signature.py) and that its API scripts use. What 2.3 checks, and so we do:
//   - keyId, algorithm and signature are all given; keyId is an active access key (the HMAC secret is
//     the key's secret, as text);
//   - the signed header list (`headers`, default "date") names at least "(request-target)" and "date";
//   - the signing string is one line per listed header, in the listed order, lower-cased names:
//     "(request-target): <method in lower case> <path and query as sent>", "host: <Host>", else
//     "<name>: <value as received>", joined by "\n"; a listed header that is absent fails;
//   - the signature is base64(HMAC(secret, signing string)) for hmac-sha1 / -sha256 / -sha512.
// Safer than 2.3 (which never looks at the Date's value, so a captured request stays valid for ever):
// the Date must be within 15 minutes of the server's clock, as for the `Sign` scheme, and the key's user
// must be active. RSA algorithms are not accepted (an access key has no public key).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { freshDate } from '../../../shared/access-key-signature.ts';
import type { UserRow } from '../context.ts';
import type { DB } from '../db/open.ts';
import { accessKeyOwner } from './access-key-sign.ts';

const HASHES: Record<string, string> = { 'hmac-sha1': 'sha1', 'hmac-sha256': 'sha256', 'hmac-sha512': 'sha512' };
const REQUIRED = ['(request-target)', 'date'];

export interface SignedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/**
 * The parameters of a Signature header as urllib's parse_http_list + httpsig read them: items split on
 * commas outside double quotes (a backslash escapes inside quotes), each `key=value` with the key in lower
 * case and one pair of surrounding quotes removed. Items without `=` or with an empty side are skipped.
 */
export function signatureParams(text: string): Map<string, string> {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted && ch === '\\' && i + 1 < text.length) {
      current += text[i + 1];
      i += 1;
    } else if (ch === '"') {
      quoted = !quoted;
      current += ch;
    } else if (ch === ',' && !quoted) {
      items.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
  }
  items.push(current.trim());
  const params = new Map<string, string>();
  for (const item of items) {
    const at = item.indexOf('=');
    if (at <= 0 || at === item.length - 1) continue;
    let value = item.slice(at + 1);
    if (value.startsWith('"')) value = value.slice(1, -1);
    params.set(item.slice(0, at).toLowerCase(), value);
  }
  return params;
}

/** The string the client signed, or null when a listed header is missing or not ASCII (httpsig encodes it as ASCII). */
export function signingString(listed: string[], request: SignedRequest): string | null {
  const lines: string[] = [];
  for (const name of listed) {
    if (name === '(request-target)') {
      lines.push(`${name}: ${request.method.toLowerCase()} ${request.url}`);
      continue;
    }
    const raw = request.headers[name];
    if (raw === undefined) return null;
    lines.push(`${name}: ${Array.isArray(raw) ? raw.join(', ') : raw}`);
  }
  const text = lines.join('\n');
  return /^[\x00-\x7f]*$/.test(text) ? text : null;
}

/** The user whose access key signed `request` (the part of the Authorization header after "Signature"), or null. */
export function userForHttpSignature(
  db: DB,
  paramsText: string,
  request: SignedRequest,
  nowMs: number,
): UserRow | null {
  const params = signatureParams(paramsText);
  const keyId = params.get('keyid');
  const algorithm = params.get('algorithm');
  const signature = params.get('signature');
  if (!keyId || !algorithm || !signature || !HASHES[algorithm]) return null;
  // httpsig splits on single spaces: a doubled space leaves an empty name, which no header has.
  const listed = (params.get('headers') ?? 'date').split(' ').map((name) => name.toLowerCase());
  if (listed.some((name) => !name) || REQUIRED.some((name) => !listed.includes(name))) return null;
  const date = request.headers.date;
  if (typeof date !== 'string' || !freshDate(date, nowMs)) return null;
  const text = signingString(listed, request);
  if (text === null) return null;
  const owner = accessKeyOwner(db, keyId);
  if (!owner) return null;
  const expected = createHmac(HASHES[algorithm], owner.secret).update(text, 'ascii').digest();
  const actual = Buffer.from(signature, 'base64');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return owner.user;
}

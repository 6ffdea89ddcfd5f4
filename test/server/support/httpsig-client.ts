// A Node client signing requests as 2.3's scripts do through the `httpsig` library (HeaderSigner with an
// access key's id and secret; draft-cavage HTTP Signatures): the listed headers, lower-cased, one line each
// in the listed order ("(request-target): <method in lower case> <path?query>", else "<name>: <value>"),
// joined by "\n", HMAC'd with the secret and base64'd, in httpsig's header template (keyId, algorithm,
// signature, headers, comma-separated, quoted).
import { createHmac } from 'node:crypto';

export interface SignOptions {
  keyId: string;
  secret: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Headers to sign; httpsig's default is ["date"], 2.3's scripts sign "(request-target) accept date". */
  sign?: string[];
  algorithm?: 'hmac-sha1' | 'hmac-sha256' | 'hmac-sha512';
}

const HASH = { 'hmac-sha1': 'sha1', 'hmac-sha256': 'sha256', 'hmac-sha512': 'sha512' } as const;

export function signatureHeader(opts: SignOptions): string {
  const algorithm = opts.algorithm ?? 'hmac-sha256';
  const names = (opts.sign ?? ['(request-target)', 'accept', 'date']).map((name) => name.toLowerCase());
  const lower = Object.fromEntries(Object.entries(opts.headers).map(([key, value]) => [key.toLowerCase(), value]));
  const lines = names.map((name) =>
    name === '(request-target)' ? `${name}: ${opts.method.toLowerCase()} ${opts.path}` : `${name}: ${lower[name]}`,
  );
  const signature = createHmac(HASH[algorithm], opts.secret).update(lines.join('\n'), 'ascii').digest('base64');
  return `Signature keyId="${opts.keyId}",algorithm="${algorithm}",signature="${signature}",headers="${names.join(' ')}"`;
}

/** The headers of a request signed as 2.3's scripts sign: Accept and Date, then the Signature. */
export function signedHeaders(
  key: { id: string; secret: string },
  method: string,
  path: string,
  date: string,
  extra: Partial<SignOptions> = {},
): Record<string, string> {
  const headers = { accept: 'application/json', date, ...(extra.headers ?? {}) };
  return {
    ...headers,
    authorization: signatureHeader({ keyId: key.id, secret: key.secret, method, path, headers, ...extra }),
  };
}

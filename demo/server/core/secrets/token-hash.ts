// Login tokens (session ids, bearer tokens, web-terminal connection tokens, sign-in flow ids) are kept as
// their SHA-256: the client holds the token, the database only what it hashes to, so reading the database
// signs nobody in. A plain hash suffices (no key, no salt, no slow KDF): every token is 24-32 random bytes
// from randomToken(), so there is no dictionary to try and nothing to precompute, and a lookup stays one
// indexed equality. A key here would only tie every login to the secret key file for no gain.
import { createHash } from 'node:crypto';

export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('base64url');

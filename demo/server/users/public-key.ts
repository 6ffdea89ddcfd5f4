import { createHash } from 'node:crypto';

const KEY_TYPES = new Set([
  'ssh-rsa',
  'ssh-dss',
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
]);

export interface ParsedPublicKey {
  type: string;
  comment: string;
  md5: string;
}

/** Parses one OpenSSH public key line; the blob must decode and name the same key type. */
export function parsePublicKey(text: string): ParsedPublicKey | null {
  const [type, data, ...commentParts] = text.trim().split(/\s+/);
  if (!type || !data || !KEY_TYPES.has(type) || !/^[A-Za-z0-9+/]+={0,2}$/.test(data)) return null;
  const blob = Buffer.from(data, 'base64');
  if (blob.length < 4) return null;
  const nameLength = blob.readUInt32BE(0);
  if (nameLength + 4 > blob.length || blob.subarray(4, 4 + nameLength).toString('latin1') !== type) return null;
  const md5 = createHash('md5').update(blob).digest('hex').match(/../g)!.join(':');
  return { type, comment: commentParts.join(' '), md5 };
}

export function publicKeyInfo(stored: string): { public_key_comment: string; public_key_hash_md5: string } {
  const parsed = stored ? parsePublicKey(stored) : null;
  return { public_key_comment: parsed?.comment ?? '', public_key_hash_md5: parsed?.md5 ?? '' };
}

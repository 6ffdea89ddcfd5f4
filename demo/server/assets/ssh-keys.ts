// SSH key handling with node:crypto only: checking a PEM private key (with its passphrase), deriving
// the OpenSSH public key line, and generating an RSA pair for system users' auto_generate_key.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

const RSA_BITS = 2048;

/** Parses a PEM private key; null when it is not one or the passphrase does not open it. */
export function parsePrivateKey(pem: string, passphrase?: string): KeyObject | null {
  try {
    return createPrivateKey({ key: pem, format: 'pem', ...(passphrase ? { passphrase } : {}) });
  } catch {
    return null;
  }
}

export const isOpenSshFormat = (text: string): boolean => text.includes('BEGIN OPENSSH PRIVATE KEY');

/** SSH wire string: a 4-byte big-endian length, then the bytes. */
function sshString(bytes: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** SSH mpint: unsigned big-endian with a leading zero byte when the top bit is set. */
function sshMpint(base64url: string): Buffer {
  const raw = Buffer.from(base64url, 'base64url');
  return sshString(raw[0] & 0x80 ? Buffer.concat([Buffer.from([0]), raw]) : raw);
}

/** `ssh-rsa AAAA… comment` / `ssh-ed25519 AAAA… comment`; null for other key types. */
export function openSshPublicKey(key: KeyObject, comment = ''): string | null {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  let type: string;
  let blob: Buffer;
  if (jwk.kty === 'RSA' && jwk.e && jwk.n) {
    type = 'ssh-rsa';
    blob = Buffer.concat([sshString(Buffer.from(type)), sshMpint(jwk.e), sshMpint(jwk.n)]);
  } else if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && jwk.x) {
    type = 'ssh-ed25519';
    blob = Buffer.concat([sshString(Buffer.from(type)), sshString(Buffer.from(jwk.x, 'base64url'))]);
  } else {
    return null;
  }
  return `${type} ${blob.toString('base64')}${comment ? ` ${comment}` : ''}`;
}

export interface GeneratedCredentials {
  password: string;
  private_key: string;
  public_key: string;
}

/** A random password and an RSA key pair (PKCS#1 PEM private key, OpenSSH public key). */
export function generateCredentials(comment: string): GeneratedCredentials {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: RSA_BITS });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  return {
    password: randomBytes(18).toString('base64url'),
    private_key: pem,
    public_key: openSshPublicKey(privateKey, comment) ?? '',
  };
}

// The login form's RSA key pair (2.3's gen_key_pair / rsa_decrypt): GET /core/auth/login/ keeps a
// 1024-bit pair in the sign-in flow and puts the public key in the form; the browser posts
// base64(RSA PKCS#1 v1.5(password)). Node 20 refuses PKCS#1 v1.5 private decryption
// (CVE-2023-46809), so the decryption is node-forge's (pure JS); the pair itself is made natively.
import { generateKeyPairSync } from 'node:crypto';
import type * as Forge from 'node-forge';
import forgeBase from 'node-forge/lib/forge.js';
import 'node-forge/lib/pki.js';
import 'node-forge/lib/rsa.js';
import type { LoginFlow } from './login-flow.ts';

// Only the RSA and PEM parts of node-forge are loaded; they hang off the one forge object.
const forge = forgeBase as typeof Forge;

/** The flow's public key (SPKI PEM), made on the first visit and reused until a sign-in succeeds. */
export function loginPublicKey(flow: LoginFlow): string {
  const { rsaPrivateKey, rsaPublicKey } = flow.data;
  if (rsaPrivateKey && rsaPublicKey) return rsaPublicKey;
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 1024,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  flow.update({ rsaPrivateKey: pair.privateKey, rsaPublicKey: pair.publicKey });
  return pair.publicKey;
}

/**
 * The password the form posted, decrypted with the flow's private key; '' when it cannot be (plain
 * text, another flow's key, no key at all), which the credential check then refuses as a wrong password.
 */
export function decryptLoginPassword(flow: LoginFlow, cipherText: string): string {
  const pem = flow.data.rsaPrivateKey;
  if (!pem || !cipherText || !/^[A-Za-z0-9+/]+={0,2}$/.test(cipherText)) return '';
  try {
    const key = forge.pki.privateKeyFromPem(pem);
    let bytes = forge.util.decode64(cipherText);
    // 2.3 pads a 127-byte cipher text (a leading zero byte some encoders drop) back to the key size.
    if (bytes.length === 127) bytes = `\0${bytes}`;
    return forge.util.decodeUtf8(key.decrypt(bytes, 'RSAES-PKCS1-V1_5'));
  } catch {
    return '';
  }
}

/** A successful sign-in ends the pair (2.3 clear_rsa_key); the rest of the flow (MFA step) stays. */
export function clearLoginKeyPair(flow: LoginFlow): void {
  if (flow.data.rsaPrivateKey || flow.data.rsaPublicKey)
    flow.update({ rsaPrivateKey: undefined, rsaPublicKey: undefined });
}

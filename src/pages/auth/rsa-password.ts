// The login password as 2.3's login page posts it: base64(RSA PKCS#1 v1.5) with the form's public
// key. WebCrypto has no RSAES-PKCS1-v1_5, so jsencrypt does it; it is imported on the first sign-in,
// so only the login page pays for it.
/** Starts fetching jsencrypt while the user types, so the first submit does not wait for it. */
export function preloadEncryption(): void {
  import('jsencrypt').catch(() => undefined);
}

export async function encryptPassword(publicKey: string, password: string): Promise<string> {
  const { JSEncrypt } = await import('jsencrypt');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKey);
  // false: the key is unusable or the password longer than it can carry; the server then refuses.
  return rsa.encrypt(password) || '';
}

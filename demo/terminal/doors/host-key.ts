// The SSH door's host key, generated once into the data dir so clients see the same key after a restart.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSync } from 'node:crypto';

export function hostKey(dataDir: string): Buffer {
  const file = join(dataDir, 'host_key');
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    // PKCS#1 PEM: the format ssh2's parser reads for RSA host keys.
    writeFileSync(file, privateKey.export({ type: 'pkcs1', format: 'pem' }), { mode: 0o600 });
  }
  return readFileSync(file);
}

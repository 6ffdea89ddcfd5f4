// Write-only credentials of admin users, system users and gateways: a blank value on update keeps
// the stored one; a private key must be a PEM key that the given password (if any) opens.
import type { HookArgs, Row } from '../engine/types.ts';
import { L, message } from '../engine/field-kit.ts';
import { isOpenSshFormat, openSshPublicKey, parsePrivateKey } from './ssh-keys.ts';

export function keepStoredSecrets(data: Row, existing: Row | null, fields: string[]): void {
  for (const field of fields) {
    const blank = data[field] === '' || data[field] === null;
    if (!blank) continue;
    if (existing) delete data[field];
    else data[field] = '';
  }
}

/** `{private_key: [...]}` when the key is not usable; on success fills `public_key` when absent. */
export function privateKeyErrors(args: HookArgs, data: Row): Record<string, string[]> | null {
  const pem = data.private_key;
  if (typeof pem !== 'string' || !pem) return null;
  if (isOpenSshFormat(pem)) {
    return {
      private_key: [
        message(
          args,
          L(
            '不支持 OpenSSH 格式的私钥，请使用 ssh-keygen -t rsa -m pem 生成',
            'OpenSSH format private keys are not supported, use ssh-keygen -t rsa -m pem',
          ),
        ),
      ],
    };
  }
  const key = parsePrivateKey(pem, typeof data.password === 'string' ? data.password : undefined);
  if (!key)
    return { private_key: [message(args, L('私钥不合法或密钥密码错误', 'Private key invalid or passphrase error'))] };
  if (!data.public_key) data.public_key = openSshPublicKey(key) ?? '';
  return null;
}

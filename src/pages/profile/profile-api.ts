import { PROFILE_URL } from '../../core/config.ts';
import { http } from '../../core/http.ts';
import { $profile, type Profile } from '../../core/stores/session.ts';

export const PASSWORD_URL = '/api/v1/users/profile/password/';
export const PUBLIC_KEY_URL = '/api/v1/users/profile/public-key/';

export interface PublicKeyInfo {
  public_key_comment?: string;
  public_key_hash_md5?: string;
}

/** Saves profile fields and keeps the session store in step with what the server now holds. */
export async function patchProfile(changes: Record<string, unknown>): Promise<Profile> {
  const profile = await http.patch<Profile>(PROFILE_URL, changes);
  $profile.set(profile);
  return profile;
}

export function changePassword(body: { old_password: string; new_password: string; new_password_again: string }) {
  return http.put(PASSWORD_URL, body);
}

export const getPublicKey = () => http.get<PublicKeyInfo>(PUBLIC_KEY_URL);
export const putPublicKey = (publicKey: string) => http.put<PublicKeyInfo>(PUBLIC_KEY_URL, { public_key: publicKey });

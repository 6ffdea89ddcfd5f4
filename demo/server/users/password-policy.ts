import type { Lang } from '../core/lib/i18n.ts';
import { t } from '../core/lib/i18n.ts';
import type { Settings } from '../core/context.ts';

/** Every SECURITY_PASSWORD_* rule the password breaks, as messages (empty = acceptable). */
export function passwordPolicyErrors(password: string, settings: Settings, lang: Lang): string[] {
  const errors: string[] = [];
  const min = settings.get<number>('SECURITY_PASSWORD_MIN_LENGTH');
  if (password.length < min) errors.push(t(lang, 'password.min_length', { min }));
  if (settings.get<boolean>('SECURITY_PASSWORD_UPPER_CASE') && !/[A-Z]/.test(password))
    errors.push(t(lang, 'password.upper'));
  if (settings.get<boolean>('SECURITY_PASSWORD_LOWER_CASE') && !/[a-z]/.test(password))
    errors.push(t(lang, 'password.lower'));
  if (settings.get<boolean>('SECURITY_PASSWORD_NUMBER') && !/\d/.test(password))
    errors.push(t(lang, 'password.number'));
  if (settings.get<boolean>('SECURITY_PASSWORD_SPECIAL_CHAR') && !/[^A-Za-z0-9]/.test(password))
    errors.push(t(lang, 'password.special'));
  return errors;
}

/**
 * The `password` field error of an admin's create/update/set-password: 2.3's sentence ("Password does not
 * match security rules"), then each rule the password breaks, so the admin knows which one. Null = acceptable.
 */
export function adminPasswordError(password: string, settings: Settings, lang: Lang): string[] | null {
  const broken = passwordPolicyErrors(password, settings, lang);
  return broken.length ? [t(lang, 'user.password_rules'), ...broken] : null;
}

import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../core/context.ts';
import { t } from '../core/lib/i18n.ts';
import { hashPassword, verifyPassword } from '../core/lib/passwords.ts';
import { passwordPolicyErrors } from './password-policy.ts';
import { storePasswordHash } from './store-password.ts';

/** Checks old password, policy and confirmation; on success stores the hash (store-password.ts logs the change). */
export async function changeOwnPassword(
  request: FastifyRequest,
  user: UserRow,
  body: Record<string, unknown>,
): Promise<Record<string, string[]> | null> {
  const { db, now, settings } = request.server.bastion;
  const { lang } = request.ctx;
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
  const errors: Record<string, string[]> = {};
  for (const name of ['old_password', 'new_password', 'new_password_again']) {
    if (!text(name)) errors[name] = [t(lang, 'field.required')];
  }
  if (text('old_password') && !(await verifyPassword(text('old_password'), user.password_hash))) {
    errors.old_password = [t(lang, 'password.old_wrong')];
  }
  if (text('new_password')) {
    const policy = passwordPolicyErrors(text('new_password'), settings, lang);
    if (policy.length) errors.new_password = policy;
  }
  if (text('new_password_again') && text('new_password') !== text('new_password_again')) {
    errors.new_password_again = [t(lang, 'password.mismatch')];
  }
  if (Object.keys(errors).length) return errors;
  storePasswordHash(db, request, user.id, await hashPassword(text('new_password')), now());
  return null;
}

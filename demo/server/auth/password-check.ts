// Whose password is this? The one place a sign-in's password is checked (login form, token API, the
// terminal's on-behalf sign-in), so other identity sources (LDAP) plug in here.
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../context.ts';
import { verifyPassword } from '../lib/passwords.ts';

/** The user `username` names when `password` is theirs; null otherwise (unknown user, App account, wrong password). */
export async function userForPassword(request: FastifyRequest, username: string, password: string): Promise<UserRow | null> {
  const { db } = request.server.bastion;
  const user = db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
  // The hash is checked even without a user (a dummy one then): same cost, so timing does not
  // reveal whether the username exists.
  const passwordOk = verifyPassword(password, user?.password_hash ?? null);
  return user && user.role !== 'App' && passwordOk ? user : null;
}

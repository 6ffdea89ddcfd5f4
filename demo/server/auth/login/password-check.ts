// Whose password is this? The one place a sign-in's password is checked (login form, token API, the
// terminal's on-behalf sign-in), so other identity sources (LDAP) plug in here.
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../core/context.ts';
import { verifyPassword } from '../../core/lib/passwords.ts';
import { authenticateLdapUser, ldapErrorText, ldapPolicy, storedLdapConfig } from '../../settings/ldap-directory.ts';
import { upsertLdapUser } from '../../settings/ldap-import.ts';
import { userByUsername } from '../../users/user-store.ts';

/** The user `username` names when `password` is theirs; null otherwise (unknown user, App account, wrong password). */
export async function userForPassword(
  request: FastifyRequest,
  username: string,
  password: string,
): Promise<UserRow | null> {
  const { db, settings } = request.server.bastion;
  const user = userByUsername(db, username);
  // With LDAP sign-in on, the directory decides for its own users and for names we do not know yet
  // (2.3's LDAP backend creates them on their first successful bind); local users keep their password.
  if (settings.get('AUTH_LDAP') === true && (!user || user.source === 'ldap'))
    return ldapUser(request, username, password);
  // The hash is checked even without a user (a dummy one then): same cost, so timing does not
  // reveal whether the username exists.
  const passwordOk = await verifyPassword(password, user?.password_hash ?? null);
  return user && user.role !== 'App' && passwordOk ? user : null;
}

/**
 * The directory's answer for `username`: bound as themself with `password`, the user row (created or
 * refreshed from the directory's attributes, as django-auth-ldap does on every sign-in). A directory
 * that cannot be reached is a failed sign-in with the reason logged, never an error page.
 */
async function ldapUser(request: FastifyRequest, username: string, password: string): Promise<UserRow | null> {
  const { db, now, settings } = request.server.bastion;
  const config = storedLdapConfig(settings);
  try {
    const login = await authenticateLdapUser(config, ldapPolicy(request.server.bastion), username.trim(), password);
    if (!login.ok) return null;
    if (!login.user.username) login.user.username = username.trim();
    const { user } = db.transaction(() => upsertLdapUser(db, login.user, now()))();
    return user.role === 'App' ? null : user;
  } catch (error) {
    console.warn(`[ldap] sign-in of ${JSON.stringify(username)} failed: ${ldapErrorText(error)}`);
    return null;
  }
}

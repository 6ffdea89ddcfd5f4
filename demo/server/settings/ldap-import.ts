// A directory user becomes (or updates) a user of ours with source `ldap`: the LDAP import and the first
// LDAP sign-in of an unknown username both come here (2.3's LDAPImportUtil.update_or_create and
// django-auth-ldap's get_or_create + populate). `admin` keeps its source, as 2.3 keeps it.
import type { DB } from '../core/db/open.ts';
import type { UserRow } from '../core/context.ts';
import { uuid } from '../core/lib/ids.ts';
import { defaultExpiry, isoAt } from '../core/lib/time.ts';
import type { LdapUser } from './ldap-directory.ts';
import { insertUser, updateDirectoryFields, userByUsername } from '../users/user-store.ts';

/** 2.3's EMAIL_SUFFIX: the address of a user whose directory entry has no mail. */
export const EMAIL_SUFFIX = 'jumpserver.org';

/** 2.3's construct_user_email: the directory's mail, else the username if it is one, else username@suffix. */
export function userEmail(username: string, email: string): string {
  if (email.includes('@')) return email;
  if (username.includes('@')) return username;
  return `${username}@${EMAIL_SUFFIX}`;
}

export interface Upserted {
  user: UserRow;
  created: boolean;
  before: UserRow | null;
}

/** Creates or updates the user named by the directory entry; throws on a constraint (e.g. an email in use). */
export function upsertLdapUser(db: DB, entry: LdapUser, nowMs: number): Upserted {
  const username = entry.username.trim();
  const name = (entry.name ?? '').trim() || username;
  const email = userEmail(username, (entry.email ?? '').trim());
  const before = userByUsername(db, username);
  if (before) {
    const source = before.username === 'admin' ? before.source : 'ldap';
    updateDirectoryFields(db, before.id, { name, email, source });
  } else {
    insertUser(db, {
      id: uuid(),
      username,
      name,
      email,
      role: 'User',
      source: 'ldap',
      date_expired: defaultExpiry(nowMs),
      date_joined: isoAt(nowMs),
      created_by: '',
    });
  }
  const user = userByUsername(db, username) as UserRow;
  return { user, created: !before, before: before ?? null };
}

// "Is this user a member of the current org?" — DEFAULT/ROOT: every non-App user.
import type { Org } from '../context.ts';
import type { DB } from '../db/open.ts';
import { isNonAppUser, isRealOrgMember } from './membership-store.ts';

export function isOrgMember(db: DB, org: Org, userId: string): boolean {
  if (org.kind !== 'real') return isNonAppUser(db, userId);
  return isRealOrgMember(db, org.id, userId);
}

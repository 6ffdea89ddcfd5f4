import type { BastionAssetScope } from '../../../core/element-types.ts';
import { PERM, hasPermission, parseUserRoles, sumPerms } from '../../../core/permissions.ts';
import type { Profile } from '../../../core/types.ts';

/**
 * The list's scope: the one the page asked for, else by role in the current org. Whoever administers
 * it (super admin, org admin) sees the org's assets as before; everyone else, auditors too, their own,
 * since the org's list would only be refused to them.
 */
export function assetScope(asked: string | undefined, profile: Profile | null): BastionAssetScope {
  if (asked === 'mine' || asked === 'org') return asked;
  return profile && hasPermission(sumPerms(parseUserRoles(profile)), [PERM.ADMIN]) ? 'org' : 'mine';
}

// Demo grants beyond perms.ts's node grants: permissions naming single assets (so the assets
// relation of a permission and 2.3's "single asset" placement are not empty), then a few granted hosts
// starred by the demo users, so the favourites node of their asset tree is filled on first sign-in.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { defaultExpiry, isoAt } from '../core/lib/time.ts';
import { actionsMask } from '../perms/actions.ts';
import { grantedAssetIds } from '../perms/grants.ts';
import { linkGrantedToSystemUsers } from '../perms/permission-rules.ts';
import { insertPermission, linkPermission, type PermissionLink } from '../perms/permission-store.ts';
import { favoriteAssetsResource } from '../assets/resources/favorite-assets.ts';
import { insertDefinedRow } from '../engine/write.ts';
import { idNamedInOrg, orgsByName, userIdOf } from './seed-store.ts';

const DAY = 86_400_000;

/** By org name ('' = DEFAULT): users, assets by hostname, one system user by name. */
const SINGLE_ASSET_GRANTS: Record<
  string,
  { name: string; users: string[]; assets: string[]; systemUser: string; comment: string }[]
> = {
  '': [
    {
      name: 'Contractor jump host',
      users: ['chenjie'],
      assets: ['localhost', 'sh-test-01'],
      systemUser: 'ops',
      comment: 'The two hosts a contractor works from',
    },
  ],
  Engineering: [
    {
      name: 'API hosts for the demo user',
      users: ['user', 'akumar'],
      assets: ['bj-api-01', 'bj-api-02'],
      systemUser: 'deploy',
      comment: 'Release checks',
    },
  ],
  Operations: [
    {
      name: 'Redis primary',
      users: ['zhangmin'],
      assets: ['sh-redis-01'],
      systemUser: 'ops',
      comment: 'Cache maintenance',
    },
  ],
};

const STARS: Record<string, number> = { user: 2, jsmith: 1, liwei: 1, chenjie: 1 };

export function seedGrants(db: DB, nowMs: number): void {
  const orgs = orgsByName(db);
  const stamp = isoAt(nowMs);
  for (const [orgName, grants] of Object.entries(SINGLE_ASSET_GRANTS)) {
    const orgId = orgName ? orgs.get(orgName) : '';
    if (orgId === undefined) continue;
    for (const grant of grants) {
      const id = uuid();
      insertPermission(db, {
        id,
        name: grant.name,
        date_start: isoAt(nowMs - 7 * DAY),
        date_expired: defaultExpiry(nowMs),
        actions: actionsMask(['all']),
        comment: grant.comment,
        org_id: orgId,
        created_by: 'System',
        date_created: stamp,
        date_updated: stamp,
      });
      const link = (table: PermissionLink, ids: (string | undefined)[]) => {
        for (const other of ids) if (other) linkPermission(db, table, id, other);
      };
      link(
        'users',
        grant.users.map((username) => userIdOf(db, username)),
      );
      link(
        'assets',
        grant.assets.map((hostname) => idNamedInOrg(db, 'assets', hostname, orgId)),
      );
      link('system_users', [idNamedInOrg(db, 'system_users', grant.systemUser, orgId)]);
      linkGrantedToSystemUsers(db, id);
    }
  }
  for (const [username, count] of Object.entries(STARS)) {
    const user = userIdOf(db, username);
    if (!user) continue;
    for (const asset of grantedAssetIds(db, { subject: { user }, orgId: null, now: nowMs }).slice(0, count))
      insertDefinedRow(db, favoriteAssetsResource, { id: uuid(), user, asset, date_created: stamp });
  }
}

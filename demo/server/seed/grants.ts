// Demo grants beyond perms.ts's node grants: permissions naming single assets (so the assets
// relation of a permission and 2.3's "single asset" placement are not empty), then a few granted hosts
// starred by the demo users, so the favourites node of their asset tree is filled on first sign-in.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { defaultExpiry, isoAt } from '../core/lib/time.ts';
import { actionsMask } from '../perms/actions.ts';
import { grantedAssetIds } from '../perms/grants.ts';
import { linkGrantedToSystemUsers } from '../perms/permission-rules.ts';

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
  const orgs = new Map(
    (db.prepare('SELECT name, id FROM orgs').all() as { name: string; id: string }[]).map((o) => [o.name, o.id]),
  );
  const stamp = isoAt(nowMs);
  for (const [orgName, grants] of Object.entries(SINGLE_ASSET_GRANTS)) {
    const orgId = orgName ? orgs.get(orgName) : '';
    if (orgId === undefined) continue;
    const one = (sql: string, value: string) => db.prepare(sql).pluck().get(value, orgId) as string | undefined;
    for (const grant of grants) {
      const id = uuid();
      db.prepare(
        `INSERT INTO asset_permissions (id, name, date_start, date_expired, actions, comment, org_id, created_by, date_created, date_updated)
        VALUES (?, ?, ?, ?, ?, ?, ?, 'System', ?, ?)`,
      ).run(
        id,
        grant.name,
        isoAt(nowMs - 7 * DAY),
        defaultExpiry(nowMs),
        actionsMask(['all']),
        grant.comment,
        orgId,
        stamp,
        stamp,
      );
      const link = (table: string, column: string, ids: (string | undefined)[]) => {
        for (const other of ids)
          if (other)
            db.prepare(`INSERT INTO asset_permission_${table} (permission_id, ${column}) VALUES (?, ?)`).run(id, other);
      };
      link(
        'users',
        'user_id',
        grant.users.map(
          (username) =>
            db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(username) as string | undefined,
        ),
      );
      link(
        'assets',
        'asset_id',
        grant.assets.map((hostname) => one('SELECT id FROM assets WHERE hostname = ? AND org_id = ?', hostname)),
      );
      link('system_users', 'systemuser_id', [
        one('SELECT id FROM system_users WHERE name = ? AND org_id = ?', grant.systemUser),
      ]);
      linkGrantedToSystemUsers(db, id);
    }
  }
  const star = db.prepare('INSERT INTO favorite_assets (id, user, asset, date_created) VALUES (?, ?, ?, ?)');
  for (const [username, count] of Object.entries(STARS)) {
    const user = db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(username) as string | undefined;
    if (!user) continue;
    for (const asset of grantedAssetIds(db, { subject: { user }, orgId: null, now: nowMs }).slice(0, count))
      star.run(uuid(), user, asset, stamp);
  }
}

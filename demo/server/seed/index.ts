// Fills an empty database with the demo organisations, users and default settings.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { hashPasswordNow } from '../core/lib/passwords.ts';
import { defaultExpiry, isoAt } from '../core/lib/time.ts';
import { seedApplications } from './apps.ts';
import type { DemoMariaDb } from './demo-mariadb-app.ts';
import { seedAssets } from './assets.ts';
import { seedAuditSamples } from './audits.ts';
import { seedGatheredUsers } from './gathered-users.ts';
import { SEED_GROUPS, SEED_ORGS, SEED_USERS } from './population.ts';
import { seedGrants } from './grants.ts';
import { seedPermissions } from './perms.ts';
import { seedPortals } from './portals.ts';
import { seedSessionSamples } from './session-samples.ts';
import { seedTerminalStorages } from './terminal.ts';
import { seedTickets } from './tickets.ts';
import { SettingsStore } from '../settings/store.ts';
import { insertUser } from '../users/user-store.ts';
import { addMember } from '../core/orgs/membership-store.ts';
import { insertOrg } from '../orgs/org-store.ts';
import { addGroupMember, insertGroup } from '../users/group-store.ts';
import { hasNoUsers, userIdOf } from './seed-store.ts';

export interface SeedOptions {
  demoPassword: string;
  licenseValid: boolean;
  nowMs: number;
  /** Ten days of sample audit logs (audits.ts): on for the demo, off for tests. */
  auditSamples?: boolean;
  /** Where the demo MariaDB listens, for the orders-mysql app (default: the seed's 127.10.3.21:3306). */
  demoMariaDb?: DemoMariaDb | null;
}

export function isEmpty(db: DB): boolean {
  return hasNoUsers(db);
}

export function seed(db: DB, opts: SeedOptions): void {
  const now = isoAt(opts.nowMs);
  // One salted hash shared by the seeded accounts: they share the demo password anyway, and hashing
  // once keeps a fresh test database fast.
  const passwordHash = hashPasswordNow(opts.demoPassword);
  db.transaction(() => {
    const orgIds = new Map<string, string>();
    for (const org of SEED_ORGS) {
      const id = uuid();
      orgIds.set(org.name, id);
      insertOrg(db, { id, name: org.name, comment: org.comment, createdBy: 'System', dateCreated: now });
    }
    for (const u of SEED_USERS) {
      const id = uuid();
      insertUser(db, {
        id,
        username: u.username,
        name: u.name,
        email: u.email,
        role: u.role,
        password_hash: passwordHash,
        wechat: u.wechat ?? '',
        phone: u.phone ?? null,
        comment: u.comment ?? '',
        is_first_login: u.firstLogin ? 1 : 0,
        date_expired: defaultExpiry(opts.nowMs),
        date_joined: now,
        created_by: 'System',
        date_password_last_updated: now,
      });
      for (const [orgName, roles] of Object.entries(u.orgs ?? {})) {
        for (const role of roles) addMember(db, orgIds.get(orgName)!, id, role);
      }
    }
    seedGroups(db, orgIds, now);
    seedAssets(db, opts.demoPassword, opts.nowMs);
    seedGatheredUsers(db, opts.nowMs);
    seedPermissions(db, opts.nowMs);
    seedGrants(db, opts.nowMs);
    seedApplications(db, opts.demoPassword, opts.nowMs, opts.demoMariaDb ?? null);
    seedTerminalStorages(db, opts.nowMs);
    seedPortals(db, opts.nowMs);
    seedTickets(db, opts.nowMs);
    new SettingsStore(db).seedDefaults({ XPACK_LICENSE_IS_VALID: opts.licenseValid });
    if (opts.auditSamples) {
      seedAuditSamples(db, opts.nowMs);
      seedSessionSamples(db, opts.nowMs, orgIds);
    }
  })();
}

function seedGroups(db: DB, orgIds: Map<string, string>, now: string): void {
  for (const group of SEED_GROUPS) {
    const id = insertGroup(db, {
      name: group.name,
      comment: group.comment,
      orgId: group.org ? orgIds.get(group.org)! : '',
      createdBy: 'System',
      dateCreated: now,
    });
    for (const username of group.members) {
      const userId = userIdOf(db, username);
      if (userId) addGroupMember(db, id, userId);
    }
  }
}

// Demo asset permissions, per org: group grants on nodes, a user's own grant, one that expires soon,
// one expired and one disabled, so the list shows every validity state and the demo users reach
// something on their side of the console. Nodes are named by path, system users and groups by name.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { defaultExpiry, isoAt } from '../core/lib/time.ts';
import { actionsMask } from '../perms/actions.ts';
import { linkGrantedToSystemUsers } from '../perms/permission-rules.ts';
import { insertPermission, linkPermission, type PermissionLink } from '../perms/permission-store.ts';
import { idNamedInOrg, orgsByName, userIdOf, type NamedTable } from './seed-store.ts';

const DAY = 86_400_000;

interface SeedPermission {
  name: string;
  groups?: string[];
  users?: string[];
  nodes: string[];
  systemUsers: string[];
  actions?: string[];
  active?: boolean;
  window?: 'soon' | 'past';
  comment: string;
}

/** By org name ('' = DEFAULT). */
const PERMISSIONS: Record<string, SeedPermission[]> = {
  '': [
    {
      name: 'Everyone - web tier',
      groups: ['Everyone'],
      nodes: ['Web'],
      systemUsers: ['deploy'],
      actions: ['connect', 'download_file'],
      comment: 'Read-mostly access to the web servers',
    },
    {
      name: 'Desktops over RDP',
      users: ['user'],
      nodes: ['Office'],
      systemUsers: ['windows-rdp'],
      comment: 'Office Windows hosts',
    },
    {
      name: 'Contractors - test hosts',
      groups: ['Contractors'],
      nodes: ['Shanghai'],
      systemUsers: ['ops'],
      actions: ['connect'],
      window: 'soon',
      comment: 'Ends with the current contract',
    },
    {
      name: 'DB maintenance window',
      users: ['jsmith'],
      nodes: ['Database'],
      systemUsers: ['ops'],
      window: 'past',
      comment: "Last quarter's migration",
    },
    {
      name: 'Legacy batch access',
      users: ['liwei'],
      nodes: ['Batch'],
      systemUsers: ['deploy'],
      active: false,
      comment: 'Disabled while the jobs move',
    },
  ],
  Engineering: [
    {
      name: 'Developers - web tier',
      groups: ['Developers'],
      nodes: ['Web'],
      systemUsers: ['ops', 'deploy'],
      comment: 'Deploy and debug the web tier',
    },
    {
      name: 'Build team - nightly batch',
      groups: ['Build team'],
      nodes: ['Nightly'],
      systemUsers: ['deploy'],
      actions: ['connect', 'updownload'],
      comment: 'CI workers',
    },
    {
      name: 'On-call database access',
      users: ['user'],
      nodes: ['Database'],
      systemUsers: ['ops'],
      window: 'soon',
      comment: "This week's on-call rotation",
    },
  ],
  Operations: [
    {
      name: 'SRE - all hosts',
      groups: ['SRE'],
      nodes: ['Beijing', 'Shanghai'],
      systemUsers: ['ops'],
      comment: 'Production on-call',
    },
    {
      name: 'DBA - databases',
      groups: ['DBA'],
      nodes: ['Database', 'Cache'],
      systemUsers: ['ops'],
      actions: ['connect', 'clipboard_copy_paste'],
      comment: 'Database hosts only',
    },
  ],
};

export function seedPermissions(db: DB, nowMs: number): void {
  const orgs = orgsByName(db);
  for (const [orgName, permissions] of Object.entries(PERMISSIONS)) {
    const orgId = orgName ? orgs.get(orgName) : '';
    if (orgId === undefined) continue;
    const find = (table: NamedTable, value: string): string => {
      const id = idNamedInOrg(db, table, value, orgId);
      if (!id) throw new Error(`seed permission: no ${table} "${value}" in org "${orgName || 'DEFAULT'}"`);
      return id;
    };
    const userIds = (names: string[]) => names.map((username) => userIdOf(db, username)!);
    for (const p of permissions) {
      const id = uuid();
      const start = p.window === 'past' ? nowMs - 120 * DAY : nowMs - 30 * DAY;
      const end = p.window === 'past' ? nowMs - 30 * DAY : p.window === 'soon' ? nowMs + 5 * DAY : undefined;
      insertPermission(db, {
        id,
        name: p.name,
        is_active: p.active === false ? 0 : 1,
        date_start: isoAt(start),
        date_expired: end === undefined ? defaultExpiry(nowMs) : isoAt(end),
        actions: actionsMask(p.actions ?? ['all']),
        comment: p.comment,
        org_id: orgId,
        created_by: 'System',
        date_created: isoAt(nowMs),
        date_updated: isoAt(nowMs),
      });
      const link = (table: PermissionLink, ids: string[]) => {
        for (const other of ids) linkPermission(db, table, id, other);
      };
      link(
        'user_groups',
        (p.groups ?? []).map((name) => find('user_groups', name)),
      );
      link('users', userIds(p.users ?? []));
      link(
        'nodes',
        p.nodes.map((value) => find('nodes', value)),
      );
      link(
        'system_users',
        p.systemUsers.map((name) => find('system_users', name)),
      );
      linkGrantedToSystemUsers(db, id);
    }
  }
}

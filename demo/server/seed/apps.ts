// Demo applications and their permissions, per org: remote apps on the org's first Windows host
// (office-win-01, 127.30.1.x), a MySQL database app and a Kubernetes cluster on loopback addresses, the
// mysql and k8s system users they are used with, and permissions granting them to demo users and groups
// (one through a group, one to a user, one expired, one disabled), so every list has rows and the demo
// users see apps on their side of the console.
import type { DB } from '../core/db/open.ts';
import { sealedParams } from '../applications/remote-app-params.ts';
import { uuid } from '../core/lib/ids.ts';
import { defaultExpiry, isoAt } from '../core/lib/time.ts';
import { DATABASE_APP, K8S_APP, REMOTE_APP, type AppKind } from '../perms/app-kinds.ts';
import { changeLinks } from '../perms/app-permission-store.ts';
import { appPermissionResourceOf } from '../perms/resources/app-permissions.ts';
import { systemUsersResource } from '../assets/resources/system-users.ts';
import { databaseAppsResource } from '../applications/resources/database-apps.ts';
import { k8sAppsResource } from '../applications/resources/k8s-apps.ts';
import { remoteAppsResource } from '../applications/resources/remote-apps.ts';
import { insertDefinedRow } from '../engine/write.ts';
import type { ResourceDef } from '../engine/types.ts';
import { idNamedInOrg, isNamedTable, orgsByName, userIdOf } from './seed-store.ts';
import { DEMO_MARIADB_HOST, DEMO_MARIADB_PORT } from './demo-mariadb-address.mjs';
import { DEMO_DATABASE_APP, type DemoMariaDb } from './demo-mariadb-app.ts';

const DAY = 86_400_000;
const WINDOWS_HOST = 'office-win-01';

const SYSTEM_USERS = [
  {
    name: 'mysql-readonly',
    username: 'readonly',
    protocol: 'mysql',
    login_mode: 'auto',
    priority: 20,
    comment: 'Read-only MySQL account',
  },
  {
    name: 'mysql-dba',
    username: 'dba',
    protocol: 'mysql',
    login_mode: 'manual',
    priority: 10,
    comment: 'DBA account, password typed at login',
  },
  {
    name: 'k8s-viewer',
    username: 'viewer',
    protocol: 'k8s',
    login_mode: 'auto',
    priority: 20,
    comment: 'Service-account token with the view role',
  },
];

const REMOTE_APPS: { name: string; type: string; path: string; params: Record<string, string>; comment: string }[] = [
  {
    name: 'Intranet wiki (Chrome)',
    type: 'chrome',
    path: 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    params: {
      chrome_target: 'http://127.30.2.10/wiki',
      chrome_username: 'reader',
      chrome_password: 'wiki-reader-pass',
    },
    comment: 'Team wiki in a locked-down browser',
  },
  {
    name: 'Orders DB (Workbench)',
    type: 'mysql_workbench',
    path: 'C:\\Program Files\\MySQL\\MySQL Workbench 8.0\\MySQLWorkbench.exe',
    params: {
      mysql_workbench_ip: DEMO_MARIADB_HOST,
      mysql_workbench_name: 'orders',
      mysql_workbench_port: String(DEMO_MARIADB_PORT),
      mysql_workbench_username: 'readonly',
      mysql_workbench_password: 'orders-ro-pass',
    },
    comment: 'Orders schema, read only',
  },
  {
    name: 'vCenter (vSphere Client)',
    type: 'vmware_client',
    path: 'C:\\Program Files (x86)\\VMware\\Infrastructure\\Virtual Infrastructure Client\\Launcher\\VpxClient.exe',
    params: {
      vmware_target: '127.30.2.20',
      vmware_username: 'viewer@vsphere.local',
      vmware_password: 'vcenter-view-pass',
    },
    comment: 'Virtualisation console',
  },
];

const DATABASE_APPS = [
  // Where the demo MariaDB listens: the seed's default, or the address the server was started with (seedApplications).
  {
    name: DEMO_DATABASE_APP,
    host: DEMO_MARIADB_HOST,
    port: DEMO_MARIADB_PORT,
    database: 'orders',
    comment: 'Primary orders database',
  },
  { name: 'reports-mysql', host: '127.10.3.22', port: 3307, database: 'reports', comment: 'Reporting replica' },
];

const K8S_APPS = [
  { name: 'prod-cluster', cluster: 'https://127.40.0.10:6443', comment: 'Production Kubernetes API server' },
  { name: 'staging-cluster', cluster: 'https://127.40.0.20:6443', comment: 'Staging cluster' },
];

interface SeedAppPermission {
  kind: AppKind;
  name: string;
  groups?: string[];
  users?: string[];
  apps: string[];
  systemUsers: string[];
  active?: boolean;
  window?: 'past';
  comment: string;
}

/** By org name ('' = DEFAULT); groups, apps and system users by name, users by username. */
const PERMISSIONS: Record<string, SeedAppPermission[]> = {
  '': [
    {
      kind: REMOTE_APP,
      name: 'Everyone - intranet wiki',
      groups: ['Everyone'],
      apps: ['Intranet wiki (Chrome)'],
      systemUsers: ['windows-rdp'],
      comment: 'Wiki for all staff',
    },
    {
      kind: DATABASE_APP,
      name: 'Orders read-only',
      users: ['user', 'jsmith'],
      apps: ['orders-mysql'],
      systemUsers: ['mysql-readonly'],
      comment: 'Reporting queries',
    },
    {
      kind: K8S_APP,
      name: 'Staging cluster view',
      groups: ['Everyone'],
      apps: ['staging-cluster'],
      systemUsers: ['k8s-viewer'],
      comment: 'Read-only view of staging',
    },
    {
      kind: DATABASE_APP,
      name: 'Old reports access',
      users: ['liwei'],
      apps: ['reports-mysql'],
      systemUsers: ['mysql-readonly'],
      window: 'past',
      comment: "Ended with last quarter's audit",
    },
  ],
  Engineering: [
    {
      kind: REMOTE_APP,
      name: 'Developers - desktop apps',
      groups: ['Developers'],
      apps: ['Intranet wiki (Chrome)', 'Orders DB (Workbench)'],
      systemUsers: ['windows-rdp'],
      comment: 'Wiki and the orders schema in Workbench',
    },
    {
      kind: DATABASE_APP,
      name: 'Developers - databases',
      groups: ['Developers'],
      apps: ['orders-mysql', 'reports-mysql'],
      systemUsers: ['mysql-readonly', 'mysql-dba'],
      comment: 'Debugging against the replicas',
    },
    {
      kind: K8S_APP,
      name: 'Developers - clusters',
      groups: ['Developers'],
      apps: ['prod-cluster', 'staging-cluster'],
      systemUsers: ['k8s-viewer'],
      comment: 'Read-only cluster access',
    },
    {
      kind: K8S_APP,
      name: 'Build team - staging',
      groups: ['Build team'],
      users: ['jsmith'],
      apps: ['staging-cluster'],
      systemUsers: ['k8s-viewer'],
      active: false,
      comment: 'Paused while CI moves',
    },
    {
      kind: REMOTE_APP,
      name: 'Release wiki for the build lead',
      users: ['jsmith'],
      apps: ['Intranet wiki (Chrome)'],
      systemUsers: ['windows-rdp'],
      comment: 'Release notes live on the wiki',
    },
    {
      kind: DATABASE_APP,
      name: 'On-call reports access',
      users: ['user'],
      apps: ['reports-mysql'],
      systemUsers: ['mysql-readonly'],
      comment: "This week's on-call rotation",
    },
  ],
  Operations: [
    {
      kind: DATABASE_APP,
      name: 'DBA - all databases',
      groups: ['DBA'],
      apps: ['orders-mysql', 'reports-mysql'],
      systemUsers: ['mysql-dba'],
      comment: 'Database administration',
    },
    {
      kind: K8S_APP,
      name: 'SRE - clusters',
      groups: ['SRE'],
      apps: ['prod-cluster', 'staging-cluster'],
      systemUsers: ['k8s-viewer'],
      comment: 'Production on-call',
    },
    {
      kind: REMOTE_APP,
      name: 'SRE - vCenter',
      groups: ['SRE'],
      apps: ['vCenter (vSphere Client)'],
      systemUsers: ['windows-rdp'],
      comment: 'Virtualisation console',
    },
  ],
};

export function seedApplications(
  db: DB,
  password: string,
  nowMs: number,
  demoMariaDb: DemoMariaDb | null = null,
): void {
  const orgs = orgsByName(db);
  for (const [orgName, permissions] of Object.entries(PERMISSIONS)) {
    const orgId = orgName ? orgs.get(orgName) : '';
    if (orgId === undefined) continue;
    seedOrgApps(db, orgId, password, nowMs, demoMariaDb);
    for (const p of permissions) seedPermission(db, orgId, orgName, p, nowMs);
  }
}

function seedOrgApps(db: DB, orgId: string, password: string, nowMs: number, demoMariaDb: DemoMariaDb | null): void {
  const now = isoAt(nowMs);
  const stamp = { org_id: orgId, created_by: 'System', date_created: now };
  for (const s of SYSTEM_USERS) {
    const secret =
      s.protocol === 'k8s'
        ? { token: `demo-token-${s.name}`, password: '' }
        : { password: s.login_mode === 'auto' ? password : '' };
    insert(db, systemUsersResource, { ...s, ...secret, auto_push: 0, sudo: '', ...stamp, date_updated: now });
  }
  const host = idNamedInOrg(db, 'assets', WINDOWS_HOST, orgId)!;
  const demo = (params: Record<string, string>) =>
    params.mysql_workbench_ip === DEMO_MARIADB_HOST && demoMariaDb
      ? { ...params, mysql_workbench_ip: demoMariaDb.host, mysql_workbench_port: String(demoMariaDb.port) }
      : params;
  for (const app of REMOTE_APPS)
    insert(db, remoteAppsResource, {
      ...app,
      params: JSON.stringify(sealedParams(db, demo(app.params))),
      asset: host,
      ...stamp,
    });
  for (const app of DATABASE_APPS) {
    const address = app.name === DEMO_DATABASE_APP && demoMariaDb ? demoMariaDb : {};
    insert(db, databaseAppsResource, { ...app, ...address, type: 'mysql', ...stamp, date_updated: now });
  }
  for (const app of K8S_APPS) insert(db, k8sAppsResource, { ...app, type: 'k8s', ...stamp, date_updated: now });
}

function seedPermission(db: DB, orgId: string, orgName: string, p: SeedAppPermission, nowMs: number): void {
  const find = (table: string, name: string): string => {
    const id = isNamedTable(table) ? idNamedInOrg(db, table, name, orgId) : undefined;
    if (!id) throw new Error(`seed app permission: no ${table} "${name}" in org "${orgName || 'DEFAULT'}"`);
    return id;
  };
  const id = uuid();
  const start = p.window === 'past' ? nowMs - 120 * DAY : nowMs - 30 * DAY;
  const end = p.window === 'past' ? isoAt(nowMs - 30 * DAY) : defaultExpiry(nowMs);
  insertDefinedRow(db, appPermissionResourceOf(p.kind), {
    id,
    name: p.name,
    is_active: p.active === false ? 0 : 1,
    date_start: isoAt(start),
    date_expired: end,
    comment: p.comment,
    org_id: orgId,
    created_by: 'System',
    date_created: isoAt(nowMs),
  });
  const link = (field: string, ids: string[]) => changeLinks(db, p.kind, field, id, ids, 'add');
  link(
    'users',
    (p.users ?? []).map((username) => userIdOf(db, username)!),
  );
  link(
    'user_groups',
    (p.groups ?? []).map((name) => find('user_groups', name)),
  );
  link(
    p.kind.field,
    p.apps.map((name) => find(p.kind.table, name)),
  );
  link(
    'system_users',
    p.systemUsers.map((name) => find('system_users', name)),
  );
}

/** A row of a resource, written as its create writes it. */
function insert(db: DB, def: ResourceDef, row: Record<string, unknown>): string {
  return insertDefinedRow(db, def, { id: uuid(), ...row });
}

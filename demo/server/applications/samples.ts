// Valid bodies for the contract suite (the definitions' `sample()`) and the fixtures they point at:
// a Windows host for remote apps, apps for app-permission samples. Every address is on loopback.
import { fixtureAsset } from '../assets/samples.ts';
import type { DB } from '../core/db/open.ts';
import type { SampleArgs, Samples } from '../engine/types.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { insertGroup } from '../users/group-store.ts';
import { makeWindowsHost } from '../assets/asset-store.ts';
import { insertFixtureSystemUser } from '../assets/system-user-store.ts';
import { insertFixtureDatabaseApp, insertFixtureK8sApp, insertFixtureRemoteApp } from './app-store.ts';

/** The org_id stored for an org id as the API names it ('DEFAULT' is stored as ''). */
export const storedOrg = (orgId: string) => (orgId === 'DEFAULT' ? '' : orgId);

/** A Windows host offering RDP in the org, for remote apps to run on. */
export function fixtureWindowsHost(db: DB, orgId: string, hostname: string): string {
  const id = fixtureAsset(db, orgId, hostname);
  makeWindowsHost(db, id);
  return id;
}

/** One app of the table (remote_apps, database_apps, k8s_apps) straight into the org. */
export function fixtureApp(db: DB, orgId: string, table: string, name: string): string {
  const id = uuid();
  const now = isoAt(Date.now());
  const org = storedOrg(orgId);
  if (table === 'remote_apps') {
    const host = fixtureWindowsHost(db, orgId, `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-host`);
    insertFixtureRemoteApp(db, { id, name, asset: host, orgId: org, at: now });
  } else if (table === 'database_apps') {
    insertFixtureDatabaseApp(db, { id, name, orgId: org, at: now });
  } else {
    insertFixtureK8sApp(db, { id, name, orgId: org, at: now });
  }
  return id;
}

export function remoteAppSample({ db, orgId, seq }: SampleArgs): Samples {
  const host = fixtureWindowsHost(db, orgId, `remote-app-host-${seq}`);
  return {
    create: [
      {
        name: `Sample chrome ${seq}`,
        asset: host,
        type: 'chrome',
        path: 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
        params: {
          chrome_target: `https://127.50.0.${seq % 200}/wiki`,
          chrome_username: 'reader',
          chrome_password: 'Sample-pass-1',
        },
        comment: `sample ${seq}`,
      },
      {
        name: `Sample workbench ${seq}`,
        asset: host,
        type: 'mysql_workbench',
        path: 'C:\\Program Files\\MySQL\\MySQL Workbench 8.0\\MySQLWorkbench.exe',
        params: {
          mysql_workbench_ip: '127.50.0.33',
          mysql_workbench_name: 'app',
          mysql_workbench_port: '3306',
          mysql_workbench_username: 'reader',
        },
        comment: `sample ${seq}`,
      },
    ],
    update: { comment: `updated ${seq}`, path: 'C:\\Apps\\chrome.exe' },
  };
}

export function databaseAppSample({ seq }: SampleArgs): Samples {
  return {
    create: [0, 1].map((i) => ({
      name: `Sample database ${seq}-${i}`,
      type: 'mysql',
      host: `127.50.1.${(seq % 200) + i}`,
      port: 3306 + i,
      database: i ? 'reports' : 'orders',
      comment: `sample ${seq}`,
    })),
    update: { comment: `updated ${seq}`, port: 3307, database: 'archive' },
  };
}

export function k8sAppSample({ seq }: SampleArgs): Samples {
  return {
    create: [0, 1].map((i) => ({
      name: `Sample cluster ${seq}-${i}`,
      type: 'k8s',
      cluster: `https://127.50.2.${(seq % 200) + i}:6443`,
      comment: `sample ${seq}`,
    })),
    update: { comment: `updated ${seq}`, cluster: 'https://127.50.2.250:6443' },
  };
}

/** A manual-login system user of the protocol (rdp, mysql, k8s) in the org. */
export function fixtureProtocolSystemUser(db: DB, orgId: string, name: string, protocol: string): string {
  return insertFixtureSystemUser(db, name, storedOrg(orgId), protocol);
}

export function fixtureGroup(db: DB, orgId: string, name: string): string {
  return insertGroup(db, { name, orgId: storedOrg(orgId), dateCreated: isoAt(Date.now()) });
}

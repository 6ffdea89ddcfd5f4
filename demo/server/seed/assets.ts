// Seeds the Assets section of every org (DEFAULT, then each real org) from assets-data.ts.
// Credentials are the demo password; the localhost asset is the one reachable target.
import { createChild, orgRoot, type NodeRow } from '../assets/node-tree.ts';
import { linkSystemUser, seedSystemUserLinks } from '../assets/system-user-link-store.ts';
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { sealColumns } from '../core/secrets/sealed-columns.ts';
import { isoAt } from '../core/lib/time.ts';
import {
  SEED_ADMIN_USERS,
  SEED_FILTERS,
  SEED_LABELS,
  SEED_NODE_PATHS,
  SEED_SYSTEM_USERS,
  seedAssetList,
} from './assets-data.ts';
import { putAssetOnNode } from '../assets/node-asset-store.ts';

const HARDWARE = {
  vendor: 'Dell Inc.',
  model: 'PowerEdge R640',
  cpu_model: 'Intel(R) Xeon(R) Silver 4214',
  cpu_count: 2,
  cpu_cores: 12,
  cpu_vcpus: 24,
  memory: '62.66 G',
  disk_total: '893.75 G',
  os: 'Ubuntu',
  os_version: '22.04',
  os_arch: 'x86_64',
};

export function seedAssets(db: DB, password: string, nowMs: number): void {
  const orgs = ['', ...(db.prepare('SELECT id FROM orgs ORDER BY name').pluck().all() as string[])];
  for (const orgId of orgs) seedOrg(db, orgId, password, nowMs);
}

function seedOrg(db: DB, orgId: string, password: string, nowMs: number): void {
  const now = isoAt(nowMs);
  const stamp = { org_id: orgId, created_by: 'System', date_created: now, date_updated: now };
  const nodes = new Map<string, NodeRow>([['', orgRoot(db, orgId, nowMs)]]);
  for (const path of SEED_NODE_PATHS) {
    const cut = path.lastIndexOf('/');
    nodes.set(path, createChild(db, nodes.get(cut < 0 ? '' : path.slice(0, cut))!, path.slice(cut + 1), nowMs));
  }
  const { date_updated: _unused, ...created } = stamp;
  const labels = new Map(
    SEED_LABELS.map(([name, value]) => [`${name}:${value}`, insert(db, 'labels', { name, value, ...created })]),
  );
  const admins = SEED_ADMIN_USERS.map((a) => insert(db, 'admin_users', { ...a, password, ...stamp }));
  const systemUsers = SEED_SYSTEM_USERS.map((s) =>
    insert(db, 'system_users', {
      ...s,
      password: s.login_mode === 'auto' ? password : '',
      auto_push: s.login_mode === 'auto' ? 1 : 0,
      ...stamp,
    }),
  );
  const filters = SEED_FILTERS.map(({ rules, ...f }) => {
    const id = insert(db, 'cmd_filters', { ...f, ...stamp });
    for (const rule of rules) insert(db, 'cmd_filter_rules', { ...rule, filter_id: id, ...stamp });
    return id;
  });
  db.prepare('INSERT INTO system_user_cmd_filters (system_user_id, filter_id) VALUES (?, ?)').run(
    systemUsers[0],
    filters[0],
  );
  db.prepare('INSERT INTO system_user_cmd_filters (system_user_id, filter_id) VALUES (?, ?)').run(
    systemUsers[1],
    filters[1],
  );
  const domain = insert(db, 'domains', {
    name: 'DMZ',
    comment: 'Servers reached through the DMZ jump host',
    ...created,
  });
  insert(db, 'gateways', {
    name: 'dmz-gateway',
    ip: '127.10.0.254',
    port: 22,
    username: 'jump',
    password,
    domain,
    comment: 'Jump host of the DMZ',
    ...stamp,
  });
  for (const a of seedAssetList()) {
    const id = insert(db, 'assets', {
      hostname: a.hostname,
      ip: a.ip,
      platform: a.platform,
      protocols: a.protocols,
      port: Number(a.protocols.split(/[/ ]/)[1]),
      admin_user: admins[a.admin],
      domain: a.domain ? domain : null,
      ...(a.hardware ? HARDWARE : {}),
      ...created,
    });
    putAssetOnNode(db, id, nodes.get(a.node)!.id, false);
    for (const label of a.labels)
      db.prepare('INSERT INTO asset_labels (asset_id, label_id) VALUES (?, ?)').run(id, labels.get(label));
    for (const su of a.platform.startsWith('Windows') ? [systemUsers[2]] : systemUsers.slice(0, 2)) {
      linkSystemUser(db, 'system_user_assets', su, id, false);
    }
  }
  seedSystemUserLinks(db, orgId, systemUsers[1], nodes.get('Beijing')!.id);
}

function insert(db: DB, table: string, clear: Record<string, unknown>): string {
  const id = uuid();
  const row = sealColumns(db, table, clear);
  const columns = ['id', ...Object.keys(row)];
  db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
    id,
    ...Object.values(row),
  );
  return id;
}

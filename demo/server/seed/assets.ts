// Seeds the Assets section of every org (DEFAULT, then each real org) from assets-data.ts.
// Credentials are the demo password; the localhost asset is the one reachable target.
import { createChild, orgRoot, type NodeRow } from '../assets/node-tree.ts';
import { linkSystemUser, seedSystemUserLinks } from '../assets/system-user-link-store.ts';
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
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
import { setProtocols } from '../assets/asset-store.ts';
import { adminUsersResource } from '../assets/resources/admin-users.ts';
import { assetsResource } from '../assets/resources/assets.ts';
import { cmdFilterRulesResource } from '../assets/resources/cmd-filter-rules.ts';
import { cmdFiltersResource } from '../assets/resources/cmd-filters.ts';
import { domainsResource } from '../assets/resources/domains.ts';
import { gatewaysResource } from '../assets/resources/gateways.ts';
import { labelsResource } from '../assets/resources/labels.ts';
import { systemUsersResource } from '../assets/resources/system-users.ts';
import { insertDefinedRow } from '../engine/write.ts';
import type { ResourceDef } from '../engine/types.ts';
import { labelAsset } from '../assets/label-store.ts';
import { bindCommandFilter } from '../assets/cmd-filter-store.ts';
import { orgIdsByName } from '../orgs/org-store.ts';

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
  const orgs = ['', ...orgIdsByName(db)];
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
    SEED_LABELS.map(([name, value]) => [`${name}:${value}`, insert(db, labelsResource, { name, value, ...created })]),
  );
  const admins = SEED_ADMIN_USERS.map((a) => insert(db, adminUsersResource, { ...a, password, ...stamp }));
  const systemUsers = SEED_SYSTEM_USERS.map((s) =>
    insert(db, systemUsersResource, {
      ...s,
      password: s.login_mode === 'auto' ? password : '',
      auto_push: s.login_mode === 'auto' ? 1 : 0,
      ...stamp,
    }),
  );
  const filters = SEED_FILTERS.map(({ rules, ...f }) => {
    const id = insert(db, cmdFiltersResource, { ...f, ...stamp });
    for (const rule of rules) insert(db, cmdFilterRulesResource, { ...rule, filter_id: id, ...stamp });
    return id;
  });
  bindCommandFilter(db, systemUsers[0], filters[0]);
  bindCommandFilter(db, systemUsers[1], filters[1]);
  const domain = insert(db, domainsResource, {
    name: 'DMZ',
    comment: 'Servers reached through the DMZ jump host',
    ...created,
  });
  insert(db, gatewaysResource, {
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
    const id = insert(db, assetsResource, {
      hostname: a.hostname,
      ip: a.ip,
      platform: a.platform,
      admin_user: admins[a.admin],
      domain: a.domain ? domain : null,
      ...(a.hardware ? HARDWARE : {}),
      ...created,
    });
    // Protocols are no column of the definition (the API's create stores them as the seed does here).
    setProtocols(db, id, a.protocols, Number(a.protocols.split(/[/ ]/)[1]));
    putAssetOnNode(db, id, nodes.get(a.node)!.id, false);
    for (const label of a.labels) labelAsset(db, id, labels.get(label)!);
    for (const su of a.platform.startsWith('Windows') ? [systemUsers[2]] : systemUsers.slice(0, 2)) {
      linkSystemUser(db, 'system_user_assets', su, id, false);
    }
  }
  seedSystemUserLinks(db, orgId, systemUsers[1], nodes.get('Beijing')!.id);
}

/** A row of a resource, written as its create writes it. */
function insert(db: DB, def: ResourceDef, row: Record<string, unknown>): string {
  return insertDefinedRow(db, def, { id: uuid(), ...row });
}

// A small world of grants built straight into a fresh test database (names prefixed `g-`), in DEFAULT
// and Engineering, for the grant-engine and granted-endpoint suites. World users share the seeded
// demo password, so they can sign in.
import type { TestContext } from 'node:test';
import type { DB } from '../../../demo/server/core/db/open.ts';
import { createChild, orgRoot, type NodeRow } from '../../../demo/server/assets/node-tree.ts';
import { uuid } from '../../../demo/server/core/lib/ids.ts';
import { isoAt } from '../../../demo/server/core/lib/time.ts';
import { actionsMask } from '../../../demo/server/perms/actions.ts';
import { bearer, build } from '../helpers.ts';

export const DAY = 86_400_000;

export interface PermissionSpec {
  users?: string[];
  groups?: string[];
  assets?: string[];
  nodes?: string[];
  systemUsers: string[];
  actions?: string[];
  active?: boolean;
  start?: number;
  end?: number;
  org?: string;
}

export function world(db: DB, now: number) {
  const stamp = isoAt(now);
  const hash = db.prepare("SELECT password_hash FROM users WHERE username = 'admin'").pluck().get();
  const id = (table: string, row: Record<string, unknown>): string => {
    const full = { id: uuid(), ...row };
    db.prepare(
      `INSERT INTO ${table} (${Object.keys(full).join(', ')}) VALUES (${Object.keys(full)
        .map((k) => `@${k}`)
        .join(', ')})`,
    ).run(full);
    return full.id as string;
  };
  const user = (username: string, orgs: Record<string, string[]> = {}) => {
    const u = id('users', {
      username,
      name: username,
      email: `${username}@example.test`,
      password_hash: hash,
      is_first_login: 0,
      date_expired: isoAt(now + 365 * DAY),
      date_joined: stamp,
    });
    for (const [org, roles] of Object.entries(orgs))
      for (const role of roles)
        db.prepare('INSERT INTO org_members (org_id, user_id, role) VALUES (?, ?, ?)').run(org, u, role);
    return u;
  };
  const group = (name: string, members: string[], org = '') => {
    const g = id('user_groups', { name, org_id: org, date_created: stamp });
    for (const m of members) db.prepare('INSERT INTO user_group_users (group_id, user_id) VALUES (?, ?)').run(g, m);
    return g;
  };
  const systemUser = (name: string, protocol: string, priority: number, org = '') =>
    id('system_users', {
      name,
      username: name,
      protocol,
      priority,
      org_id: org,
      date_created: stamp,
      date_updated: stamp,
    });
  const node = (parent: NodeRow, value: string) => createChild(db, parent, value, now);
  const asset = (
    hostname: string,
    nodes: { id: string }[],
    opts: { protocols?: string; active?: boolean; org?: string } = {},
  ) => {
    const a = id('assets', {
      hostname,
      ip: '127.60.0.1',
      protocols: opts.protocols ?? 'ssh/22',
      is_active: opts.active === false ? 0 : 1,
      org_id: opts.org ?? '',
      date_created: stamp,
    });
    for (const n of nodes) db.prepare('INSERT INTO asset_nodes (asset_id, node_id) VALUES (?, ?)').run(a, n.id);
    return a;
  };
  const permission = (name: string, spec: PermissionSpec) => {
    const p = id('asset_permissions', {
      name,
      is_active: spec.active === false ? 0 : 1,
      actions: actionsMask(spec.actions ?? ['all']),
      date_start: isoAt(spec.start ?? now - DAY),
      date_expired: isoAt(spec.end ?? now + 30 * DAY),
      org_id: spec.org ?? '',
      date_created: stamp,
      date_updated: stamp,
    });
    const link = (table: string, column: string, ids: string[] = []) => {
      for (const other of ids)
        db.prepare(`INSERT INTO asset_permission_${table} (permission_id, ${column}) VALUES (?, ?)`).run(p, other);
    };
    link('users', 'user_id', spec.users);
    link('user_groups', 'usergroup_id', spec.groups);
    link('assets', 'asset_id', spec.assets);
    link('nodes', 'node_id', spec.nodes);
    link('system_users', 'systemuser_id', spec.systemUsers);
    return p;
  };
  return { user, group, systemUser, node, asset, permission };
}

/** A fresh app with the world: a region/rack subtree in DEFAULT, one host in Engineering, and callers. */
export async function grantWorld(t: TestContext) {
  const app = await build(t);
  const db = app.bastion.db;
  const now = app.clock.now();
  const w = world(db, now);
  const engineering = db.prepare("SELECT id FROM orgs WHERE name = 'Engineering'").pluck().get() as string;
  const root = orgRoot(db, '');
  const region = w.node(root, 'g-region');
  const rack = w.node(region, 'g-rack');
  const other = w.node(root, 'g-other');
  const engRoot = orgRoot(db, engineering);
  const engNode = w.node(engRoot, 'g-eng-node');
  const users = {
    alice: w.user('g-alice'),
    bob: w.user('g-bob'),
    carol: w.user('g-carol', { [engineering]: ['User'] }),
    engAdmin: w.user('g-eng-admin', { [engineering]: ['Admin'] }),
    engAuditor: w.user('g-eng-auditor', { [engineering]: ['Auditor'] }),
  };
  const ops = w.group('g-ops', [users.bob]);
  const engGroup = w.group('g-eng-group', [users.carol], engineering);
  const su = {
    ssh: w.systemUser('g-ssh', 'ssh', 10),
    rdp: w.systemUser('g-rdp', 'rdp', 5),
    sshLow: w.systemUser('g-ssh-low', 'ssh', 50),
    engSsh: w.systemUser('g-eng-ssh', 'ssh', 10, engineering),
  };
  const nodes = { root, region, rack, other, engRoot, engNode };
  const a = {
    inRegion: w.asset('g-region-host', [region]),
    inRack: w.asset('g-rack-host', [rack]),
    twice: w.asset('g-twice', [rack, other]),
    windows: w.asset('g-win', [rack], { protocols: 'rdp/3389' }),
    retired: w.asset('g-retired', [rack], { active: false }),
    loose: w.asset('g-loose', [other]),
    eng: w.asset('g-eng-host', [engNode], { org: engineering }),
  };
  const tokens = new Map<string, Record<string, string>>();
  /** GET (or another method) as `username`, in `org` (default DEFAULT), English messages. */
  const call = async (
    username: string,
    url: string,
    opts: { org?: string; method?: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT'; body?: unknown } = {},
  ) => {
    if (!tokens.has(username)) tokens.set(username, await bearer(app, username));
    const headers: Record<string, string> = {
      ...tokens.get(username),
      'accept-language': 'en',
      ...(opts.org ? { 'x-jms-org': opts.org } : {}),
    };
    return app.inject({
      method: opts.method ?? 'GET',
      url,
      headers,
      ...(opts.body === undefined ? {} : { payload: opts.body as never }),
    });
  };
  return { app, db, now, w, engineering, nodes, users, ops, engGroup, su, a, call };
}

// Records a registered terminal writes in the server tests, the way its door writes them: it signs the
// user in (authentication/tokens/, on their behalf), finds a granted target as the menu does, then opens
// the session (the server records sessions only for users the terminal's door let in); commands, replays
// and closes are written only into a session the calling terminal opened.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { App, Terminal } from '../terminal-helpers.ts';
import { PASSWORD } from '../helpers.ts';
import { DAY, world } from '../perms/perms-world.ts';
import { orgRoot } from '../../../demo/server/assets/node-tree.ts';

/** The test clock's start (helpers.ts build): a session opened before the clock moves starts here. */
export const CLOCK_START_S = Date.UTC(2024, 0, 15, 8, 30, 0) / 1000;

export interface DoorUser {
  id: string;
  username: string;
  name: string;
}

/** The terminal's door signs `username` in by password (as the SSH door does), from `remoteAddr`. */
export async function doorSignIn(term: Terminal, username = 'user', remoteAddr = '127.0.0.5'): Promise<DoorUser> {
  const answer = await term.call('POST', '/api/v1/authentication/tokens/', {
    username,
    password: PASSWORD,
    remote_addr: remoteAddr,
  });
  assert.equal(answer.statusCode, 201, answer.body);
  const { id, name } = answer.json().user as DoorUser;
  return { id, username, name };
}

export interface DoorTarget {
  assetId: string;
  hostname: string;
  systemUserId: string;
  systemUser: string;
  orgId: string;
}

/** A target the user may connect to in `org` ('' = DEFAULT), found as the door's menu finds it. */
export async function grantedTarget(
  term: Terminal,
  userId: string,
  org: string,
  hostname?: string,
): Promise<DoorTarget> {
  const assets = (
    await term.call('GET', `/api/v1/perms/users/${userId}/assets/?actions=connect&protocol=ssh`)
  ).json() as { id: string; hostname: string; org_id: string }[];
  const asset = assets.find((a) => (a.org_id ?? '') === org && (!hostname || a.hostname === hostname));
  assert.ok(asset, `no asset granted with connect in org "${org}"`);
  const systemUsers = (
    await term.call('GET', `/api/v1/perms/users/${userId}/assets/${asset.id}/system-users/`)
  ).json() as { id: string; name: string; protocol: string; actions: string[] }[];
  const su = systemUsers.find((s) => s.protocol === 'ssh' && s.actions.some((a) => a === 'all' || a === 'connect'));
  assert.ok(su, `no ssh system user granted with connect on ${asset.hostname}`);
  return {
    assetId: asset.id,
    hostname: asset.hostname,
    systemUserId: su.id,
    systemUser: su.name,
    orgId: asset.org_id ?? '',
  };
}

/** The body the door posts for a session of `user` on `target`. */
export function sessionBody(
  user: DoorUser,
  target: DoorTarget,
  fields: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: randomUUID(),
    user: `${user.name}(${user.username})`,
    asset: target.hostname,
    system_user: target.systemUser,
    user_id: user.id,
    asset_id: target.assetId,
    system_user_id: target.systemUserId,
    login_from: 'ST',
    remote_addr: '127.0.0.5',
    protocol: 'ssh',
    org_id: target.orgId,
    ...fields,
  };
}

/** A session `term` opens for `user` (signed in by it) in `org` ('' = DEFAULT); answers its id. */
export async function openSession(
  term: Terminal,
  org: string,
  fields: Record<string, unknown> = {},
  username = 'user',
): Promise<string> {
  const user = await doorSignIn(term, username);
  const target = await grantedTarget(term, user.id, org);
  const body = sessionBody(user, target, fields);
  const response = await term.call('POST', '/api/v1/terminal/sessions/', body);
  assert.equal(response.statusCode, 201, response.body);
  return String(body.id);
}

/** A command of `session` as the terminal sends it (its id chosen when recorded), stamped at the session's start. */
export const commandIn = (session: string, input: string, fields: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  user: 'Demo User(user)',
  asset: 'bj-api-01',
  system_user: 'deploy',
  input,
  output: `out of ${input}`,
  session,
  risk_level: 0,
  org_id: '',
  timestamp: CLOCK_START_S,
  ...fields,
});

/** A database app the user may open (any org) and its granted mysql system user, as the door's `d` menu finds them. */
export async function grantedDatabaseTarget(term: Terminal, userId: string): Promise<DoorTarget> {
  const apps = (await term.call('GET', `/api/v1/perms/users/${userId}/database-apps/`)).json() as {
    id: string;
    name: string;
    org_id: string;
  }[];
  for (const app of apps) {
    const systemUsers = (
      await term.call('GET', `/api/v1/perms/users/${userId}/database-apps/${app.id}/system-users/`)
    ).json() as { id: string; name: string; protocol: string }[];
    const su = systemUsers.find((s) => s.protocol === 'mysql');
    if (su)
      return { assetId: app.id, hostname: app.name, systemUserId: su.id, systemUser: su.name, orgId: app.org_id ?? '' };
  }
  throw new Error('no database app granted');
}

/**
 * A user of their own with an SSH asset and system user granted in `org` (built straight into the
 * database, the grant started a month before the clock): sign them in with doorSignIn(term, username).
 */
export function ownTarget(app: App, username: string, org: string, hostname = `${username}-host`): DoorTarget {
  const db = app.bastion.db;
  const now = app.clock.now();
  const w = world(db, now);
  const user = w.user(username, org ? { [org]: ['User'] } : {});
  const systemUser = w.systemUser(`${username}-ssh`, 'ssh', 10, org);
  const asset = w.asset(hostname, [orgRoot(db, org)], { org });
  w.permission(`${username}-grant`, {
    users: [user],
    assets: [asset],
    systemUsers: [systemUser],
    org,
    actions: ['all'],
    start: now - 30 * DAY,
  });
  return { assetId: asset, hostname, systemUserId: systemUser, systemUser: `${username}-ssh`, orgId: org };
}

/** A session `term` opens for `username` (signed in by it from `remoteAddr`) on `target`; answers its id. */
export async function openFor(
  term: Terminal,
  username: string,
  target: DoorTarget,
  fields: Record<string, unknown> = {},
  remoteAddr = '127.0.0.5',
): Promise<string> {
  const user = await doorSignIn(term, username, remoteAddr);
  const body = sessionBody(user, target, { protocol: fields.protocol ?? 'ssh', ...fields });
  const response = await term.call('POST', '/api/v1/terminal/sessions/', body);
  assert.equal(response.statusCode, 201, response.body);
  return String(body.id);
}

/** A session of `username` (their own target in `org`) opened `agoMs` before the clock and still open: commands of any time since fit in it. */
export async function openSince(
  app: App,
  term: Terminal,
  username: string,
  org: string,
  agoMs: number,
): Promise<string> {
  const target = ownTarget(app, username, org);
  app.clock.advance(-agoMs);
  try {
    return await openFor(term, username, target);
  } finally {
    app.clock.advance(agoMs);
  }
}

/**
 * A session as a terminal recorded it, written straight into the table: for suites that read records
 * (the dashboard's figures) rather than test how a door makes them, with starts days back and names
 * of hosts no grant reaches.
 */
export function recordedSession(
  app: App,
  terminalId: string,
  row: { user: string; asset: string; org: string; agoMs: number; finished: boolean },
): string {
  const id = randomUUID();
  const start = app.clock.now() - row.agoMs;
  app.bastion.db
    .prepare(
      `INSERT INTO terminal_sessions (id, user, asset, system_user, login_from, remote_addr, protocol, org_id, date_start, date_end, is_finished, terminal)
    VALUES (?, ?, ?, 'root', 'ST', '127.0.0.1', 'ssh', ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      row.user,
      row.asset,
      row.org,
      new Date(start).toISOString(),
      row.finished ? new Date(app.clock.now()).toISOString() : null,
      row.finished ? 1 : 0,
      terminalId,
    );
  return id;
}

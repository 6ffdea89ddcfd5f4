// Grants made through the reference server's API for the user-page tests: a node with assets, a
// group with one member, a system user, and an asset permission tying them; removed afterwards.
import { $routes } from '../../../src/core/routes.ts';
import { resetSession } from '../../../src/core/stores/session.ts';
import { $visitedViews } from '../../../src/core/stores/tags.ts';
import { text } from '../../helpers/dom.ts';
import { api, loginAs, logout } from '../../helpers/server.ts';
import { mountConsole, waitForShell, type MountedConsole } from '../../elements/support/console-fixture.ts';
import { ASSETS, NODES, create, removeAll } from '../assets/support/api.ts';
import { GROUPS, USERS, createUser } from '../users/support.ts';

export const PERMS = '/api/v1/perms/asset-permissions/';
export const SYSTEM_USERS = '/api/v1/assets/system-users/';
export const FAVORITES = '/api/v1/assets/favorite-assets/';
export const MEMBER_PASSWORD = 'Test-pass-1';

type TreeItem = { meta?: { type?: string; node?: { id: string; key: string } } };

/** The org root of the admin's current org, from the admin tree's first level. */
async function orgRootId(): Promise<string> {
  const items = (await api<TreeItem[]>('GET', `${NODES}children/tree/`)).data;
  const root = items.find((item) => item.meta?.type === 'node' && /^\d+$/.test(item.meta.node?.key ?? ''));
  if (!root?.meta?.node) throw new Error('no org root in the node tree');
  return root.meta.node.id;
}

/** A new user who may sign in, past the first-login pages. */
export async function makeUser(username: string): Promise<{ id: string; username: string }> {
  return createUser({ username, name: username, email: `${username}@example.test`, password: MEMBER_PASSWORD });
}

export async function signInAs(username: string): Promise<void> {
  await logout();
  await loginAs(username, MEMBER_PASSWORD);
  // A new account would open on the first-login pages; this user has seen them.
  const done = await api('PATCH', '/api/v1/users/profile/', { is_first_login: false });
  if (done.status !== 200) throw new Error(`profile: ${done.status} ${JSON.stringify(done.data)}`);
}

export interface Grant {
  member: { id: string; username: string };
  nodeId: string;
  nodeName: string;
  granted: { id: string; hostname: string }[];
  outside: { id: string; hostname: string };
  systemUser: { id: string; name: string; username: string };
  permissionId: string;
  /** What to delete afterwards (as admin), in order. */
  made: string[];
}

/**
 * As admin: a node `<prefix>` holding two assets, an asset elsewhere, a group whose one member is a
 * new user, an SSH system user, and a permission for the group on the node with that system user.
 */
export async function makeGrant(prefix: string): Promise<Grant> {
  const made: string[] = [];
  const member = await makeUser(`${prefix}m`);
  made.push(`${USERS}${member.id}/`);
  const group = await create(GROUPS, { name: `${prefix}g`, users: [member.id] });
  made.unshift(`${GROUPS}${group.id}/`);
  const node = await create<{ id: string }>(`${NODES}${await orgRootId()}/children/`, { value: prefix });
  const asset = (suffix: string, ip: string, nodes?: string[]) =>
    create<{ id: string; hostname: string }>(ASSETS, {
      hostname: `${prefix}-${suffix}`,
      ip,
      platform: 'Linux',
      protocols: ['ssh/22'],
      nodes,
      is_active: true,
    });
  const granted = [await asset('a', '127.61.0.1', [node.id]), await asset('b', '127.61.0.2', [node.id])];
  const outside = await asset('x', '127.61.0.3'); // filed under the org root, outside the granted node
  const systemUser = await create<{ id: string; name: string; username: string }>(SYSTEM_USERS, {
    name: `${prefix}su`,
    username: `${prefix}su`,
    login_mode: 'manual',
    protocol: 'ssh',
  });
  const permission = await create<{ id: string }>(PERMS, {
    name: prefix,
    user_groups: [group.id],
    nodes: [node.id],
    system_users: [systemUser.id],
    actions: ['all'],
  });
  made.unshift(`${PERMS}${permission.id}/`);
  made.push(
    ...[...granted, outside].map((a) => `${ASSETS}${a.id}/`),
    `${NODES}${node.id}/`,
    `${SYSTEM_USERS}${systemUser.id}/`,
  );
  return { member, nodeId: node.id, nodeName: prefix, granted, outside, systemUser, permissionId: permission.id, made };
}

export async function cleanUp(made: string[]): Promise<void> {
  await logout();
  await loginAs('admin');
  await removeAll(made);
}

/** Mounts the console again on the same session (as a reload would): the guard runs afresh. */
export async function remount(view: MountedConsole, path = '/'): Promise<MountedConsole> {
  view.el.remove();
  resetSession();
  $routes.set([]);
  $visitedViews.set([]);
  const next = await mountConsole(path);
  await waitForShell(next);
  return next;
}

export const shownHostnames = (view: MountedConsole) =>
  view
    .findAll('.my-assets-page tbody tr[data-id] td[data-prop="hostname"]')
    .map((td) => text(td))
    .sort();

export const treeRow = (view: MountedConsole, key: string) => view.find(`.my-assets-page .node-row[data-key="${key}"]`);

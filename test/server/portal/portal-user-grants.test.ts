// A portal token of a plain user against the user-page endpoints <bastion-asset-list scope="mine"> reads:
// it answers exactly the grants the grant engine gives that user, the granted tree and the user's own
// favourites; never another user's grants (whatever id the page puts in the path), never a write (of
// those paths or of the older element paths), never an org the user is not a member of (X-JMS-ORG,
// ?oid=, ROOT), never an org admin's endpoint.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { issuePrivateToken } from '../../../demo/server/core/auth/private-token.ts';
import { uuid } from '../../../demo/server/core/lib/ids.ts';
import { defaultExpiry, isoAt } from '../../../demo/server/core/lib/time.ts';
import { grantedAssetIds } from '../../../demo/server/perms/grants.ts';
import { savePortalClient } from '../../../demo/server/portal/clients.ts';
import { build, loginSession, orgId, userId } from '../helpers.ts';

type App = Awaited<ReturnType<typeof build>>;
type Row = Record<string, unknown>;

const PORTAL = 'http://127.0.0.2:8081';
const CLIENT = 'test-portal';
const SCOPE_REFUSED = {
  detail: "A portal token may only read the asset list, the user's own assets and session replays.",
};
const ORG_REFUSED = { detail: 'A portal token may only read in the organizations its user belongs to.' };
const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };

const MY_ASSETS = '/api/v1/perms/users/assets/';
const MY_TREE = '/api/v1/perms/users/nodes/children/tree/';
const FAVORITES = '/api/v1/assets/favorite-assets/';
const myNodeAssets = (id: string) => `/api/v1/perms/users/nodes/${id}/assets/`;

async function portalApp(t: Parameters<typeof build>[0]): Promise<App> {
  const app = await build(t, {
    corsOrigins: [PORTAL],
    publicOrigin: 'http://127.0.0.1:8080',
    portalTokenTtlSeconds: 600,
  });
  savePortalClient(
    app.bastion.db,
    { clientId: CLIENT, name: 'Test portal', redirectUris: [`${PORTAL}/callback.html`] },
    app.clock.now(),
  );
  return app;
}

/** A token for `username` from the portal's back end (a super admin's access key), as README's curl asks it. */
async function portalToken(app: App, username: string): Promise<string> {
  const key = issuePrivateToken(app.bastion.db, userId(app, 'admin'), app.clock.now());
  const answer = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/portal-tokens/',
    headers: { authorization: `Token ${key}` },
    payload: { client_id: CLIENT, username },
  });
  assert.equal(answer.statusCode, 200, answer.body);
  return answer.json().access_token as string;
}

const asPortal = (token: string, headers: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  origin: PORTAL,
  'accept-language': 'en',
  ...headers,
});

async function get(app: App, url: string, headers: Record<string, string>) {
  return app.inject({ url, headers });
}

/** What the grant engine says the user reaches (every org, or only `orgIds`), in its (hostname, id) order. */
const engineSays = (app: App, username: string, orgIds?: string[]) =>
  grantedAssetIds(app.bastion.db, {
    subject: { user: userId(app, username) },
    orgId: null,
    orgIds,
    now: app.clock.now(),
  });

const favoritesOf = (app: App, username: string) =>
  app.bastion.db
    .prepare('SELECT asset FROM favorite_assets WHERE user = ? ORDER BY asset')
    .pluck()
    .all(userId(app, username)) as string[];

/** A tree item of the granted tree as the console's tree reads it. */
interface TreeItem {
  id: string;
  name: string;
  meta: { type: string; node?: { id?: string; key?: string } };
}

test("a plain user's portal token reads exactly that user's grants, granted tree and own favourites", async (t) => {
  const app = await portalApp(t);
  const token = await portalToken(app, 'user');
  const granted = engineSays(app, 'user');
  assert.ok(granted.length > 0, 'the demo user has grants');

  const all = await get(app, MY_ASSETS, asPortal(token));
  assert.equal(all.statusCode, 200, all.body);
  assert.deepEqual(
    (all.json() as Row[]).map((row) => row.id),
    granted,
  );
  // Paged as the element asks it: the same assets, page by page.
  const page = await get(app, `${MY_ASSETS}?limit=10&offset=10`, asPortal(token));
  assert.equal(page.json().count, granted.length);
  assert.deepEqual(
    (page.json().results as Row[]).map((row) => row.id),
    granted.slice(10, 20),
  );
  // The console's own user page (a browser session of the same user) gets the same list.
  const session = await loginSession(app, 'user');
  assert.deepEqual(
    (await get(app, MY_ASSETS, session.headers)).json().map((row: Row) => row.id),
    granted,
  );
  // Another plain user's token answers that user's grants, not these.
  const other = await portalToken(app, 'liwei');
  const theirs = (await get(app, MY_ASSETS, asPortal(other))).json().map((row: Row) => row.id);
  assert.deepEqual(theirs, engineSays(app, 'liwei'));
  assert.notDeepEqual(theirs, granted);

  // The granted tree: every node's assets are granted ones; the favourites node lists the stars among them.
  const tree = await get(app, MY_TREE, asPortal(token));
  assert.equal(tree.statusCode, 200, tree.body);
  const nodes = (tree.json() as TreeItem[]).filter((item) => item.meta.type === 'node');
  assert.ok(nodes.length > 1, tree.body);
  for (const node of nodes) {
    const id = node.meta.node?.id ?? node.meta.node?.key ?? node.id;
    const listed = await get(app, `${myNodeAssets(id)}?all=1`, asPortal(token));
    assert.equal(listed.statusCode, 200, `${node.name}: ${listed.body}`);
    for (const row of listed.json() as Row[])
      assert.ok(granted.includes(String(row.id)), `${node.name} lists ${String(row.hostname)}`);
  }
  const stars = favoritesOf(app, 'user');
  assert.equal(stars.length, 2, "the seed stars two of the demo user's hosts");
  const favoriteNode = nodes.find((node) => node.meta.node?.key === '-12');
  assert.equal(favoriteNode?.name, 'Favorite (2)');
  const onFavorites = (await get(app, `${myNodeAssets('-12')}?all=1`, asPortal(token))).json() as Row[];
  assert.deepEqual(onFavorites.map((row) => String(row.id)).sort(), stars);

  // The favourites list: the user's own rows, every one of them.
  const favorites = await get(app, FAVORITES, asPortal(token));
  assert.equal(favorites.statusCode, 200, favorites.body);
  const rows = favorites.json() as Row[];
  assert.deepEqual(rows.map((row) => String(row.asset)).sort(), stars);
  assert.ok(rows.every((row) => row.user === userId(app, 'user')));

  // HEAD and OPTIONS stay open as for the other element paths.
  assert.equal((await app.inject({ method: 'HEAD', url: MY_ASSETS, headers: asPortal(token) })).statusCode, 200);
  assert.equal((await app.inject({ method: 'OPTIONS', url: MY_ASSETS, headers: asPortal(token) })).statusCode, 200);
});

test("a portal token never reads another user's or a group's grants, whatever id the page puts in the path", async (t) => {
  const app = await portalApp(t);
  const token = await portalToken(app, 'user');
  const group = app.bastion.db.prepare("SELECT id FROM user_groups WHERE name = 'Developers'").pluck().get() as string;
  const node = app.bastion.db.prepare("SELECT id FROM nodes WHERE org_id = '' AND key = '1'").pluck().get() as string;
  const engineering = { 'x-jms-org': orgId(app, 'Engineering') };
  for (const who of ['akumar', 'admin', 'orgadmin', 'user']) {
    const id = userId(app, who);
    for (const url of [
      `/api/v1/perms/users/${id}/assets/`,
      `/api/v1/perms/users/${id}/nodes/children/tree/`,
      `/api/v1/perms/users/${id}/nodes/${node}/assets/`,
      `/api/v1/perms/users/${id}/assets/tree/`,
      `/api/v1/perms/users/${id}/nodes-with-assets/tree/`,
    ]) {
      for (const headers of [asPortal(token), asPortal(token, engineering)]) {
        const answer = await get(app, url, headers);
        assert.equal(answer.statusCode, 403, `${who}: ${url}`);
        assert.deepEqual(answer.json(), SCOPE_REFUSED);
      }
    }
  }
  const byGroup = await get(app, `/api/v1/perms/user-groups/${group}/assets/`, asPortal(token, engineering));
  assert.equal(byGroup.statusCode, 403);
  assert.deepEqual(byGroup.json(), SCOPE_REFUSED);

  // An org admin's browser session may read a member's grants; the same admin's portal token may not.
  const member = `/api/v1/perms/users/${userId(app, 'user')}/assets/`;
  const admin = await loginSession(app, 'orgadmin');
  assert.equal((await get(app, member, { ...admin.headers, ...engineering })).statusCode, 200);
  const adminToken = await portalToken(app, 'orgadmin');
  const refused = await get(app, member, asPortal(adminToken, engineering));
  assert.equal(refused.statusCode, 403);
  assert.deepEqual(refused.json(), SCOPE_REFUSED);
});

test("a portal token reads only in its user's orgs: a foreign org or ROOT is refused, a grant left in one never shows", async (t) => {
  const app = await portalApp(t);
  const { db } = app.bastion;
  const token = await portalToken(app, 'user');
  const operations = orgId(app, 'Operations');
  const engineering = orgId(app, 'Engineering');
  assert.equal(
    db
      .prepare('SELECT count(*) FROM org_members WHERE org_id = ? AND user_id = ?')
      .pluck()
      .get(operations, userId(app, 'user')),
    0,
  );

  // What a removed membership can leave behind: a permission of Operations still naming the user, and a star there.
  const redis = db
    .prepare("SELECT id FROM assets WHERE hostname = 'sh-redis-01' AND org_id = ?")
    .pluck()
    .get(operations) as string;
  const permission = uuid();
  const stamp = isoAt(app.clock.now());
  db.prepare(
    `INSERT INTO asset_permissions (id, name, date_start, date_expired, actions, comment, org_id, created_by, date_created, date_updated)
    VALUES (?, 'Left behind', ?, ?, 255, '', ?, 'System', ?, ?)`,
  ).run(permission, isoAt(app.clock.now() - 86_400_000), defaultExpiry(app.clock.now()), operations, stamp, stamp);
  db.prepare('INSERT INTO asset_permission_users (permission_id, user_id) VALUES (?, ?)').run(
    permission,
    userId(app, 'user'),
  );
  db.prepare('INSERT INTO asset_permission_assets (permission_id, asset_id) VALUES (?, ?)').run(permission, redis);
  db.prepare('INSERT INTO favorite_assets (id, user, asset, date_created) VALUES (?, ?, ?, ?)').run(
    uuid(),
    userId(app, 'user'),
    redis,
    stamp,
  );
  assert.ok(engineSays(app, 'user').includes(redis), 'the grant engine counts the permission when no org is excluded');
  const inMyOrgs = engineSays(app, 'user', ['', engineering]);
  assert.ok(!inMyOrgs.includes(redis));

  // Asked in the user's own orgs (none named = DEFAULT): the grants of those orgs only, the star there left out.
  for (const headers of [
    asPortal(token),
    asPortal(token, { 'x-jms-org': 'DEFAULT' }),
    asPortal(token, { 'x-jms-org': engineering }),
  ]) {
    assert.deepEqual(
      (await get(app, MY_ASSETS, headers)).json().map((row: Row) => row.id),
      inMyOrgs,
    );
    const tree = (await get(app, MY_TREE, headers)).json() as TreeItem[];
    assert.ok(!tree.some((item) => item.name.startsWith('Operations')), JSON.stringify(tree.map((item) => item.name)));
    assert.equal(tree.find((item) => item.meta.node?.key === '-12')?.name, 'Favorite (2)');
    const stars = (await get(app, FAVORITES, headers)).json() as Row[];
    assert.deepEqual(
      stars.map((row) => String(row.asset)).sort(),
      favoritesOf(app, 'user').filter((id) => id !== redis),
    );
  }
  // A node of the foreign org named in the path: nothing of it.
  const foreignNode = db
    .prepare('SELECT id FROM nodes WHERE org_id = ? ORDER BY key LIMIT 1')
    .pluck()
    .get(operations) as string;
  assert.deepEqual((await get(app, `${myNodeAssets(foreignNode)}?all=1`, asPortal(token))).json(), []);

  // Naming the foreign org (header or ?oid=) or ROOT: refused before any handler, on every element path.
  const paths = [
    MY_ASSETS,
    MY_TREE,
    `${myNodeAssets('-12')}?all=1`,
    FAVORITES,
    '/api/v1/users/profile/',
    '/api/v1/assets/assets/',
  ];
  for (const path of paths) {
    for (const [url, headers] of [
      [path, asPortal(token, { 'x-jms-org': operations })],
      [`${path}${path.includes('?') ? '&' : '?'}oid=${operations}`, asPortal(token)],
      [path, asPortal(token, { 'x-jms-org': 'ROOT' })],
      [path, asPortal(token, { 'x-jms-org': 'Operations' })],
    ] as const) {
      const answer = await get(app, url, headers);
      assert.equal(answer.statusCode, 403, `${url} ${JSON.stringify(headers)}`);
      assert.deepEqual(answer.json(), ORG_REFUSED);
    }
  }
  // A super admin belongs to every org: their portal token reads Operations' asset list.
  const adminToken = await portalToken(app, 'admin');
  const theirs = await get(app, '/api/v1/assets/assets/?limit=100', asPortal(adminToken, { 'x-jms-org': operations }));
  assert.equal(theirs.statusCode, 200, theirs.body);
  assert.ok((theirs.json().results as Row[]).some((row) => row.id === redis));
});

test('a portal token writes nothing: no method but GET, HEAD and OPTIONS on the new paths or the old ones', async (t) => {
  const app = await portalApp(t);
  const { db } = app.bastion;
  const token = await portalToken(app, 'user');
  const starred = favoritesOf(app, 'user');
  const star = db
    .prepare('SELECT id FROM favorite_assets WHERE user = ? ORDER BY id LIMIT 1')
    .pluck()
    .get(userId(app, 'user')) as string;
  const unstarred = engineSays(app, 'user').find((id) => !starred.includes(id))!;
  const node = (await get(app, MY_TREE, asPortal(token))).json().find((item: TreeItem) => item.meta.type === 'node')
    .meta.node.id as string;
  const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
  const sessionId = uuid(); // the replay element's paths: refused before any handler looks the session up
  const before = {
    assets: count('assets'),
    nodes: count('nodes'),
    favorites: count('favorite_assets'),
    permissions: count('asset_permissions'),
  };

  const paths = [
    MY_ASSETS,
    MY_TREE,
    myNodeAssets(node),
    FAVORITES,
    `${FAVORITES}?asset=${starred[0]}`,
    `${FAVORITES}${star}/`,
    '/api/v1/perms/users/asset-permissions/cache/',
    '/api/v1/assets/assets/',
    '/api/v1/assets/nodes/children/tree/',
    '/api/v1/users/profile/',
    '/api/v1/terminal/commands/',
    `/api/v1/terminal/sessions/${sessionId}/`,
    `/api/v1/terminal/sessions/${sessionId}/replay/`,
    `/api/v1/terminal/sessions/${sessionId}/replay/asciicast/`,
  ];
  for (const url of paths) {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const answer = await app.inject({
        method,
        url,
        headers: asPortal(token),
        payload: { asset: unstarred, hostname: 'x', ip: '127.0.0.9', value: 'x' },
      });
      assert.equal(answer.statusCode, 403, `${method} ${url}`);
      assert.deepEqual(answer.json(), SCOPE_REFUSED, `${method} ${url}`);
    }
  }
  assert.deepEqual(
    {
      assets: count('assets'),
      nodes: count('nodes'),
      favorites: count('favorite_assets'),
      permissions: count('asset_permissions'),
    },
    before,
  );
  assert.deepEqual(favoritesOf(app, 'user'), starred);
  // The same star and unstar with the user's browser session work: the refusal is the token's.
  const session = await loginSession(app, 'user');
  assert.equal(
    (await app.inject({ method: 'POST', url: FAVORITES, headers: session.headers, payload: { asset: unstarred } }))
      .statusCode,
    201,
  );
  assert.equal(favoritesOf(app, 'user').length, starred.length + 1);
});

test("a plain user's portal token reaches no org admin endpoint: the org's asset list and tree say 403", async (t) => {
  const app = await portalApp(t);
  const token = await portalToken(app, 'user');
  // The element's scope="org" calls: open to a portal token, refused to this user by the org's rules.
  for (const url of ['/api/v1/assets/assets/?limit=15&offset=0&draw=1', '/api/v1/assets/nodes/children/tree/']) {
    const answer = await get(app, url, asPortal(token, { 'x-jms-org': orgId(app, 'Engineering') }));
    assert.equal(answer.statusCode, 403, url);
    assert.deepEqual(answer.json(), FORBIDDEN);
  }
  // Admin endpoints outside what the elements read: refused by the token's scope first.
  for (const url of [
    '/api/v1/perms/asset-permissions/',
    '/api/v1/users/users/',
    '/api/v1/assets/system-users/',
    `/api/v1/perms/users/assets/${engineSays(app, 'user')[0]}/system-users/`,
  ]) {
    const answer = await get(app, url, asPortal(token));
    assert.equal(answer.statusCode, 403, url);
    assert.deepEqual(answer.json(), SCOPE_REFUSED);
  }
});

// The grant engine (perms/grants.ts) as the endpoints answer it: a table of cases, each with its own
// world (perms-world.ts), the permissions it adds, who asks what, and exactly what comes back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DAY, grantWorld } from './perms-world.ts';

type World = Awaited<ReturnType<typeof grantWorld>>;
type Row = Record<string, unknown>;

interface Case {
  name: string;
  grant: (g: World) => void;
  as: string;
  url: (g: World) => string;
  org?: (g: World) => string;
  /** What the answer must be, reduced by `pick`. */
  pick: (body: unknown) => unknown;
  expected: unknown;
}

const hosts = (body: unknown) => (body as Row[]).map((r) => r.hostname).sort();
const systemUsers = (body: unknown) => (body as Row[]).map((r) => [r.name, (r.actions as string[]).join(',')]);
const my = '/api/v1/perms/users/assets/';

const CASES: Case[] = [
  {
    name: 'a user reaches what their group is granted',
    grant: ({ w, ops, nodes, su }) =>
      w.permission('c', { groups: [ops], nodes: [nodes.rack.id], systemUsers: [su.ssh] }),
    as: 'g-bob',
    url: () => my,
    pick: hosts,
    expected: ['g-rack-host', 'g-twice', 'g-win'],
  },
  {
    name: 'a node grants its whole subtree (inactive assets left out)',
    grant: ({ w, users, nodes, su }) =>
      w.permission('c', { users: [users.alice], nodes: [nodes.region.id], systemUsers: [su.ssh] }),
    as: 'g-alice',
    url: () => my,
    pick: hosts,
    expected: ['g-rack-host', 'g-region-host', 'g-twice', 'g-win'],
  },
  {
    name: 'a grant on an ancestor node gives its system users on a deep asset',
    grant: ({ w, users, nodes, su }) =>
      w.permission('c', { users: [users.alice], nodes: [nodes.root.id], systemUsers: [su.ssh], actions: ['connect'] }),
    as: 'g-alice',
    url: ({ a }) => `/api/v1/perms/users/assets/${a.inRack}/system-users/`,
    pick: systemUsers,
    expected: [['g-ssh', 'connect']],
  },
  {
    name: 'an expired permission grants nothing',
    grant: ({ w, users, a, su, now }) =>
      w.permission('c', {
        users: [users.alice],
        assets: [a.loose],
        systemUsers: [su.ssh],
        start: now - 9 * DAY,
        end: now - DAY,
      }),
    as: 'g-alice',
    url: () => my,
    pick: hosts,
    expected: [],
  },
  {
    name: 'a permission not yet started grants nothing',
    grant: ({ w, users, a, su, now }) =>
      w.permission('c', { users: [users.alice], assets: [a.loose], systemUsers: [su.ssh], start: now + DAY }),
    as: 'g-alice',
    url: () => my,
    pick: hosts,
    expected: [],
  },
  {
    name: 'an inactive permission grants nothing',
    grant: ({ w, users, a, su }) =>
      w.permission('c', { users: [users.alice], assets: [a.loose], systemUsers: [su.ssh], active: false }),
    as: 'g-alice',
    url: () => my,
    pick: hosts,
    expected: [],
  },
  {
    name: 'an inactive asset offers no system users (the subtree case shows it is not listed either)',
    grant: ({ w, users, a, su }) =>
      w.permission('c', { users: [users.alice], assets: [a.retired], systemUsers: [su.ssh] }),
    as: 'g-alice',
    url: ({ a }) => `/api/v1/perms/users/assets/${a.retired}/system-users/`,
    pick: (body) => body,
    expected: [],
  },
  {
    name: 'a system user whose protocol the asset lacks is not offered',
    grant: ({ w, users, a, su }) =>
      w.permission('c', { users: [users.alice], assets: [a.windows, a.loose], systemUsers: [su.ssh, su.rdp] }),
    as: 'g-alice',
    url: ({ a }) => `/api/v1/perms/users/assets/${a.windows}/system-users/`,
    pick: (body) => (body as Row[]).map((r) => r.name),
    expected: ['g-rdp'],
  },
  {
    name: 'two permissions on the same system user OR their actions; priority orders the system users',
    grant: ({ w, users, a, nodes, su }) => {
      w.permission('c1', {
        users: [users.alice],
        assets: [a.inRack],
        systemUsers: [su.ssh, su.sshLow],
        actions: ['connect'],
      });
      w.permission('c2', {
        users: [users.alice],
        nodes: [nodes.region.id],
        systemUsers: [su.ssh],
        actions: ['upload_file', 'clipboard_paste'],
      });
    },
    as: 'g-alice',
    url: ({ a }) => `/api/v1/perms/users/assets/${a.inRack}/system-users/`,
    pick: systemUsers,
    expected: [
      ['g-ssh', 'connect,upload_file,clipboard_paste'],
      ['g-ssh-low', 'connect'],
    ],
  },
  {
    name: 'the "my" view spans every org, asked from DEFAULT',
    grant: ({ w, users, a, su, engGroup, engineering }) => {
      w.permission('c1', { users: [users.carol], assets: [a.loose], systemUsers: [su.ssh] });
      w.permission('c2', { groups: [engGroup], assets: [a.eng], systemUsers: [su.engSsh], org: engineering });
    },
    as: 'g-carol',
    url: () => my,
    pick: (body) => (body as Row[]).map((r) => `${r.org_name}:${r.hostname}`).sort(),
    expected: ['DEFAULT:g-loose', 'Engineering:g-eng-host'],
  },
  {
    name: 'the one-user view stays in the current org',
    grant: ({ w, users, a, su, engGroup, engineering }) => {
      w.permission('c1', { users: [users.carol], assets: [a.loose], systemUsers: [su.ssh] });
      w.permission('c2', { groups: [engGroup], assets: [a.eng], systemUsers: [su.engSsh], org: engineering });
    },
    as: 'g-eng-admin',
    org: ({ engineering }) => engineering,
    url: ({ users }) => `/api/v1/perms/users/${users.carol}/assets/`,
    pick: hosts,
    expected: ['g-eng-host'],
  },
  {
    name: 'the tree counts what the user reaches, once per asset, and names the org of a foreign root',
    grant: ({ w, users, nodes, a, su, engineering }) => {
      w.permission('c1', { users: [users.carol], nodes: [nodes.region.id, nodes.rack.id], systemUsers: [su.ssh] });
      w.permission('c2', { users: [users.carol], assets: [a.eng], systemUsers: [su.engSsh], org: engineering });
    },
    as: 'g-carol',
    url: () => '/api/v1/perms/users/nodes/children/tree/',
    pick: (body) => (body as Row[]).map((r) => r.name),
    expected: ['Favorite (0)', 'Default (4)', 'g-region (4)', 'Engineering (1)', 'g-eng-node (1)'],
  },
];

for (const c of CASES) {
  test(`grant engine: ${c.name}`, async (t) => {
    const g = await grantWorld(t);
    c.grant(g);
    const response = await g.call(c.as, c.url(g), { org: c.org?.(g) });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(c.pick(response.json()), c.expected);
  });
}

test('grant engine: an org admin cannot grant outside their org, by permission or by relation', async (t) => {
  const g = await grantWorld(t);
  const { call, users, a, nodes, su, engineering, db } = g;
  const body = (extra: Row) => ({ name: 'g-outside', system_users: [su.engSsh], ...extra });
  const create = (extra: Row) =>
    call('g-eng-admin', '/api/v1/perms/asset-permissions/', { method: 'POST', body: body(extra), org: engineering });
  for (const [field, extra] of [
    ['assets', { assets: [a.loose] }],
    ['nodes', { nodes: [nodes.rack.id] }],
    ['system_users', { system_users: [su.ssh] }],
    ['users', { users: [users.alice] }],
    ['user_groups', { user_groups: [g.ops] }],
  ] as [string, Row][]) {
    const response = await create(extra);
    assert.equal(response.statusCode, 400, `${field}: ${response.body}`);
    assert.ok(response.json()[field], `${field} is refused`);
  }
  assert.equal(
    (await call('g-eng-admin', '/api/v1/perms/asset-permissions/', { method: 'POST', body: body({ assets: [a.eng] }) }))
      .statusCode,
    403,
    'no admin rights in DEFAULT',
  );
  const inside = await create({ assets: [a.eng], users: [users.carol] });
  assert.equal(inside.statusCode, 201, inside.body);
  const relation = await call('g-eng-admin', '/api/v1/perms/asset-permissions-assets-relations/', {
    method: 'POST',
    body: { assetpermission: inside.json().id, asset: a.loose },
    org: engineering,
  });
  assert.equal(relation.statusCode, 400);
  const patched = await call('g-eng-admin', `/api/v1/perms/asset-permissions/${inside.json().id}/`, {
    method: 'PATCH',
    body: { nodes: [nodes.region.id] },
    org: engineering,
  });
  assert.equal(patched.statusCode, 400, 'an update is checked like a create');
  assert.deepEqual(
    db.prepare('SELECT asset_id FROM asset_permission_assets WHERE permission_id = ?').pluck().all(inside.json().id),
    [a.eng],
  );
  assert.deepEqual(hosts((await call('g-carol', my)).json()), ['g-eng-host'], 'what was granted inside the org works');
});

// The grant engine (demo/server/perms/grants.ts) over a small world built in a fresh database: a
// table of cases, each naming who asks, where, and exactly what they must reach, as whom, with what.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { orgRoot } from '../../../demo/server/assets/node-tree.ts';
import { actionNames, actionsMask } from '../../../demo/server/perms/actions.ts';
import { grantedAssetIds, grantedSystemUsers, type GrantScope } from '../../../demo/server/perms/grants.ts';
import { build } from '../helpers.ts';
import { DAY, world } from './perms-world.ts';

async function setUp(t: TestContext) {
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

  const alice = w.user('g-alice');
  const bob = w.user('g-bob');
  const carol = w.user('g-carol');
  const ops = w.group('g-ops', [bob]);
  const ssh = w.systemUser('g-ssh', 'ssh', 10);
  const rdp = w.systemUser('g-rdp', 'rdp', 5);
  const sshLow = w.systemUser('g-ssh-low', 'ssh', 50);
  const engSsh = w.systemUser('g-eng-ssh', 'ssh', 10, engineering);

  const a = {
    inRegion: w.asset('g-region-host', [region]),
    inRack: w.asset('g-rack-host', [rack]),
    twice: w.asset('g-twice', [rack, other]),
    windows: w.asset('g-win', [rack], { protocols: 'rdp/3389' }),
    retired: w.asset('g-retired', [rack], { active: false }),
    loose: w.asset('g-loose', [other]),
    eng: w.asset('g-eng-host', [engRoot], { org: engineering }),
  };

  // alice: direct asset + node subtree, two permissions OR-ing actions on the same system user.
  w.permission('g-direct', { users: [alice], assets: [a.loose], systemUsers: [ssh], actions: ['connect'] });
  w.permission('g-region', {
    users: [alice],
    nodes: [region.id],
    systemUsers: [ssh, rdp],
    actions: ['connect', 'upload_file'],
  });
  w.permission('g-rack-copy', {
    users: [alice],
    nodes: [rack.id],
    systemUsers: [ssh, sshLow],
    actions: ['clipboard_copy'],
  });
  // bob: through his group, on the rack only; plus an expired, a future and an inactive permission.
  w.permission('g-group', { groups: [ops], nodes: [rack.id], systemUsers: [ssh] });
  w.permission('g-expired', {
    users: [bob],
    assets: [a.loose],
    systemUsers: [ssh],
    start: now - 10 * DAY,
    end: now - DAY,
  });
  w.permission('g-future', { users: [bob], assets: [a.inRegion], systemUsers: [ssh], start: now + DAY });
  w.permission('g-inactive', { users: [bob], nodes: [other.id], systemUsers: [ssh], active: false });
  // carol: only in Engineering.
  w.permission('g-eng', { users: [carol], assets: [a.eng], systemUsers: [engSsh], org: engineering });

  return { db, now, a, users: { alice, bob, carol }, ops, su: { ssh, rdp, sshLow, engSsh }, engineering };
}

test('granted assets: direct, node subtree, through groups; windows, activity and orgs respected', async (t) => {
  const { db, now, users, ops, su, engineering } = await setUp(t);
  const hosts = (scope: Omit<GrantScope, 'now'>) => {
    const ids = grantedAssetIds(db, { ...scope, now });
    return ids.map((id) => db.prepare('SELECT hostname FROM assets WHERE id = ?').pluck().get(id)).sort();
  };
  const cases: [string, Omit<GrantScope, 'now'>, string[]][] = [
    [
      'a node grants its whole subtree (assets on two nodes once); inactive assets never',
      { subject: { user: users.alice }, orgId: '' },
      ['g-loose', 'g-rack-host', 'g-region-host', 'g-twice', 'g-win'],
    ],
    [
      'a group member reaches what the group is granted; expired, future and inactive permissions count for nothing',
      { subject: { user: users.bob }, orgId: '' },
      ['g-rack-host', 'g-twice', 'g-win'],
    ],
    [
      "the group variant sees only the group's own permissions",
      { subject: { group: ops }, orgId: '' },
      ['g-rack-host', 'g-twice', 'g-win'],
    ],
    ['a permission in another org is not seen from DEFAULT', { subject: { user: users.carol }, orgId: '' }, []],
    ['but is seen in that org', { subject: { user: users.carol }, orgId: engineering }, ['g-eng-host']],
    ['"my" view (every org) sums them', { subject: { user: users.carol }, orgId: null }, ['g-eng-host']],
    [
      'system_user= narrows to permissions holding that system user',
      { subject: { user: users.alice }, orgId: '', systemUser: su.rdp },
      ['g-rack-host', 'g-region-host', 'g-twice', 'g-win'],
    ],
  ];
  for (const [name, scope, expected] of cases) assert.deepEqual(hosts(scope), expected, name);
});

test('system users per asset: protocol match, priority order, actions OR-ed per system user', async (t) => {
  const { db, now, a, users, su } = await setUp(t);
  const granted = (user: string, asset: string, systemUser?: string) =>
    grantedSystemUsers(db, { subject: { user }, orgId: '', now, ...(systemUser ? { systemUser } : {}) }, asset).map(
      (s) => [s.name, actionNames(s.actions).join(',')],
    );

  assert.deepEqual(
    granted(users.alice, a.inRack),
    [
      ['g-ssh', 'connect,upload_file,clipboard_copy'], // region (connect+upload) | rack (copy) through the ancestor node
      ['g-ssh-low', 'clipboard_copy'],
    ],
    'rdp is granted on the region but the host offers ssh only; priority 10 before 50',
  );
  assert.deepEqual(
    granted(users.alice, a.windows),
    [['g-rdp', 'connect,upload_file']],
    'a Windows host gets only the rdp system user',
  );
  assert.deepEqual(granted(users.alice, a.loose), [['g-ssh', 'connect']]);
  assert.deepEqual(granted(users.alice, a.retired), [], 'an inactive asset grants nothing');
  assert.deepEqual(granted(users.bob, a.loose), [], 'an expired permission grants nothing');
  assert.deepEqual(granted(users.bob, a.inRegion), [], 'a permission not yet started grants nothing');
  assert.deepEqual(granted(users.bob, a.twice), [
    ['g-ssh', 'all,connect,upload_file,download_file,updownload,clipboard_copy,clipboard_paste,clipboard_copy_paste'],
  ]);
  assert.deepEqual(
    granted(users.alice, a.inRack, su.sshLow),
    [
      ['g-ssh', 'clipboard_copy'],
      ['g-ssh-low', 'clipboard_copy'],
    ],
    'system_user= keeps only the permissions naming it (g-rack-copy), with all their system users',
  );
  assert.deepEqual(granted(users.carol, a.eng), [], 'Engineering permissions are not seen from DEFAULT');
});

test('action names and masks round-trip as 2.3 reads them', () => {
  assert.equal(actionsMask(['all']), 255);
  assert.equal(actionsMask(['updownload', 'connect']), 7);
  assert.equal(actionsMask([]), 0);
  assert.deepEqual(actionNames(7), ['connect', 'upload_file', 'download_file', 'updownload']);
  assert.deepEqual(actionNames(24), ['clipboard_copy', 'clipboard_paste', 'clipboard_copy_paste']);
  assert.deepEqual(actionNames(0), []);
});

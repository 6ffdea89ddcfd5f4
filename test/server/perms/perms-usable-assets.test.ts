// Our extension of the granted assets list (perms/usable-assets.ts): `actions=` and `protocol=` keep the
// assets on which one granted system user of that protocol holds every named action — the terminal's menu
// asks `actions=connect&protocol=ssh` in one call. Without them the list is 2.3's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgRoot } from '../../../demo/server/assets/node-tree.ts';
import { world } from './perms-world.ts';
import { buildTerminalApp, registerTerminal } from '../terminal-helpers.ts';

async function setUp(t: Parameters<typeof buildTerminalApp>[0]) {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const db = app.bastion.db;
  const w = world(db, app.clock.now());
  const engineering = db.prepare("SELECT id FROM orgs WHERE name = 'Engineering'").pluck().get() as string;
  // A node of its own: the org root holds the seeded demo assets.
  const root = w.node(orgRoot(db, ''), 'u-node');
  const splitNode = w.node(root, 'u-split-node');
  const user = w.user('u-user', { [engineering]: ['User'] });
  const su = {
    ssh: w.systemUser('u-ssh', 'ssh', 10),
    rdp: w.systemUser('u-rdp', 'rdp', 10),
    engSsh: w.systemUser('u-eng-ssh', 'ssh', 10, engineering),
  };
  const both = 'ssh/22 rdp/3389';
  const a = {
    open: w.asset('u-open', [root]),
    files: w.asset('u-files', [root]),
    rdpOnly: w.asset('u-rdp-connect', [root], { protocols: both }),
    split: w.asset('u-split', [splitNode]),
    eng: w.asset('u-eng', [orgRoot(db, engineering)], { org: engineering }),
  };
  w.permission('u-open', { users: [user], assets: [a.open], systemUsers: [su.ssh], actions: ['connect'] });
  w.permission('u-files', {
    users: [user],
    assets: [a.files],
    systemUsers: [su.ssh],
    actions: ['upload_file', 'download_file'],
  });
  // connect is granted, but with the rdp system user only: nothing an SSH door can open.
  w.permission('u-rdp', { users: [user], assets: [a.rdpOnly], systemUsers: [su.rdp], actions: ['connect'] });
  w.permission('u-rdp-files', {
    users: [user],
    assets: [a.rdpOnly],
    systemUsers: [su.ssh],
    actions: ['download_file'],
  });
  // The actions of two permissions add up for one system user (connect from one, upload from the other).
  w.permission('u-split-connect', {
    users: [user],
    nodes: [splitNode.id],
    systemUsers: [su.ssh],
    actions: ['connect'],
  });
  w.permission('u-split-upload', { users: [user], assets: [a.split], systemUsers: [su.ssh], actions: ['upload_file'] });
  w.permission('u-eng', {
    users: [user],
    assets: [a.eng],
    systemUsers: [su.engSsh],
    org: engineering,
    actions: ['connect'],
  });
  const hostnames = async (query: string) => {
    const answer = await term.call('GET', `/api/v1/perms/users/${user}/assets/${query}`);
    assert.equal(answer.statusCode, 200, answer.body);
    const body = answer.json();
    return (Array.isArray(body) ? body : body.results).map((row: { hostname: string }) => row.hostname);
  };
  return { app, term, db, w, user, su, a, hostnames, engineering };
}

test('granted assets narrowed to what a system user of a protocol may do, across orgs for a terminal', async (t) => {
  const { hostnames, term, user } = await setUp(t);
  const every = ['u-eng', 'u-files', 'u-open', 'u-rdp-connect', 'u-split'];
  assert.deepEqual(await hostnames(''), every, "without the parameters, 2.3's list: every granted asset");
  assert.deepEqual(
    await hostnames('?actions=connect&protocol=ssh'),
    ['u-eng', 'u-open', 'u-split'],
    'what the SSH door can open',
  );
  assert.deepEqual(
    await hostnames('?actions=connect'),
    ['u-eng', 'u-open', 'u-rdp-connect', 'u-split'],
    'the rdp system user connects',
  );
  assert.deepEqual(
    await hostnames('?actions=connect,upload_file&protocol=ssh'),
    ['u-split'],
    'both actions, summed over permissions',
  );
  assert.deepEqual(
    await hostnames('?actions=connect&actions=upload_file&protocol=ssh'),
    ['u-split'],
    'repeated, as a list',
  );
  assert.deepEqual(await hostnames('?protocol=rdp'), ['u-rdp-connect']);
  assert.deepEqual(await hostnames('?actions=fly'), [], 'an unknown action matches nothing');
  assert.deepEqual(await hostnames('?actions=connect&protocol=ssh&search=u-s'), ['u-split'], 'searched within');
  const page = (
    await term.call('GET', `/api/v1/perms/users/${user}/assets/?actions=connect&protocol=ssh&limit=1&offset=1`)
  ).json();
  assert.deepEqual(
    [page.count, page.results.map((row: { hostname: string }) => row.hostname)],
    [3, ['u-open']],
    'paged over the narrowed list',
  );
});

test('user/validate/ for a terminal (App account): every org in ROOT, only the current org in another', async (t) => {
  const { term, user, su, a, engineering } = await setUp(t);
  const validate = async (asset: string, systemUser: string, org = 'ROOT') => {
    const answer = await term.call(
      'GET',
      `/api/v1/perms/asset-permissions/user/validate/?user_id=${user}&asset_id=${asset}&system_user_id=${systemUser}&action_name=connect`,
      undefined,
      { 'x-jms-org': org, 'accept-language': 'en' },
    );
    return [answer.statusCode, answer.json()];
  };
  assert.deepEqual(await validate(a.open, su.ssh), [200, { msg: true }]);
  assert.deepEqual(await validate(a.eng, su.engSsh), [200, { msg: true }], "another org's grant, asked in ROOT");
  assert.deepEqual(await validate(a.eng, su.engSsh, engineering), [200, { msg: true }], 'asked in its own org');
  assert.deepEqual(await validate(a.rdpOnly, su.ssh), [403, { msg: false }], 'download_file only');
  assert.deepEqual(await validate(a.rdpOnly, su.rdp), [200, { msg: true }]);
  // In DEFAULT an asset (or system user) of Engineering is not found, as an id of nothing is: 2.3's
  // org-scoped lookup, and a refusal that tells nothing about other orgs.
  assert.deepEqual(await validate(a.eng, su.engSsh, '00000000-0000-0000-0000-000000000002'), [
    404,
    { detail: 'Asset object does not exist.' },
  ]);
  assert.deepEqual(
    await validate('00000000-0000-0000-0000-0000000000aa', su.engSsh, '00000000-0000-0000-0000-000000000002'),
    [404, { detail: 'Asset object does not exist.' }],
  );
  assert.deepEqual(await validate(a.open, su.engSsh, '00000000-0000-0000-0000-000000000002'), [
    404,
    { detail: 'System user object does not exist.' },
  ]);
});

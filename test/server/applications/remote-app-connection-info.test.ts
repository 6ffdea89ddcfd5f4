// remote-apps/<id>/connection-info/ is what a terminal (App account) reads while it opens a RemoteApp
// session (2.3: IsAppUser): registered terminals get it for any org's app under X-JMS-ORG: ROOT; the
// org's admins still read it; users, auditors and anonymous callers do not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer } from '../helpers.ts';
import { buildTerminalApp, registerTerminal } from '../terminal-helpers.ts';

test('connection-info answers a registered terminal, in every org', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const apps = app.bastion.db.prepare('SELECT id, name, asset, org_id FROM remote_apps ORDER BY org_id').all() as {
    id: string;
    name: string;
    asset: string;
    org_id: string;
  }[];
  assert.ok(new Set(apps.map((a) => a.org_id)).size >= 2, 'seeded apps in several orgs');
  for (const remote of apps) {
    const url = `/api/v1/applications/remote-apps/${remote.id}/connection-info/`;
    const answer = await term.call('GET', url);
    assert.equal(answer.statusCode, 200, `${remote.name}: ${answer.body}`);
    const body = answer.json();
    assert.deepEqual(
      [body.id, body.name, body.asset, body.parameter_remote_app.program, body.parameter_remote_app.working_directory],
      [remote.id, remote.name, remote.asset, '||jmservisor', ''],
    );
    assert.equal(typeof body.parameter_remote_app.parameters, 'string');
  }
  const url = `/api/v1/applications/remote-apps/${apps[0].id}/connection-info/`;
  assert.equal(
    (await term.call('GET', '/api/v1/applications/remote-apps/00000000-0000-4000-8000-000000000000/connection-info/'))
      .statusCode,
    404,
  );
  // The admins of the app's org still read it; others are refused.
  const orgHeader = { 'x-jms-org': apps[0].org_id || 'DEFAULT' };
  assert.equal((await app.inject({ url, headers: { ...(await bearer(app, 'admin')), ...orgHeader } })).statusCode, 200);
  for (const who of ['user', 'sysauditor']) {
    assert.equal(
      (await app.inject({ url, headers: { ...(await bearer(app, who)), ...orgHeader } })).statusCode,
      403,
      who,
    );
  }
  assert.equal((await app.inject({ url })).statusCode, 401);
});

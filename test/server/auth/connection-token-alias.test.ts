// `/api/v1/authentication/connection-token/` (2.3's path, which 2.3's terminals call) is the same endpoint
// as `users/connection-token/`, with the same rules: a ticket is issued to its own user after the grant
// check, and redeemed once by a terminal that names the user the proxy vouched for.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tokenHash } from '../../../demo/server/core/secrets/token-hash.ts';
import { bearer, loginSession, orgId, userId } from '../helpers.ts';
import { buildTerminalApp, idOf, registerTerminal } from '../terminal-helpers.ts';

const ALIAS = '/api/v1/authentication/connection-token/';
const OURS = '/api/v1/users/connection-token/';

test('2.3 path: issue and redeem with the bound-user rules, interchangeable with users/connection-token/', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const eng = orgId(app, 'Engineering');
  const asset = idOf(app, 'SELECT id FROM assets WHERE hostname = ? AND org_id = ?', 'bj-api-01', eng);
  const systemUser = idOf(app, 'SELECT id FROM system_users WHERE name = ? AND org_id = ?', 'deploy', eng);
  const owner = userId(app, 'user');
  const session = (await loginSession(app, 'user')).headers;

  const made = await app.inject({
    method: 'POST',
    url: ALIAS,
    headers: session,
    payload: { asset, system_user: systemUser },
  });
  assert.equal(made.statusCode, 201, made.body);
  const token = made.json().token as string;
  const unspent = () =>
    !!app.bastion.db.prepare('SELECT 1 FROM connection_tokens WHERE token_hash = ?').get(tokenHash(token));

  // A ticket for somebody else, or for an asset not granted with connect, is refused as on our path.
  const forOther = await app.inject({
    method: 'POST',
    url: ALIAS,
    headers: session,
    payload: { user: userId(app, 'orgadmin'), asset, system_user: systemUser },
  });
  assert.equal(forOther.statusCode, 403);
  const admin = await bearer(app, 'admin');
  assert.equal(
    (
      await app.inject({
        method: 'POST',
        url: ALIAS,
        headers: admin,
        payload: { user: owner, asset, system_user: systemUser },
      })
    ).statusCode,
    403,
    '2.3 let an admin issue tickets for anyone; here nobody opens a session under another name',
  );
  assert.equal(
    (await app.inject({ method: 'POST', url: ALIAS, payload: { asset, system_user: systemUser } })).statusCode,
    401,
  );

  // 2.3's bare ?token= is refused here too; another user's name finds nothing and spends nothing.
  const bare = await term.call('GET', `${ALIAS}?token=${token}`);
  assert.deepEqual([bare.statusCode, bare.json()], [400, { user: ['This field is required.'] }]);
  assert.equal((await term.call('GET', `${ALIAS}?token=${token}&user=${userId(app, 'orgadmin')}`)).statusCode, 404);
  assert.ok(unspent());
  // Only terminals redeem.
  assert.equal((await app.inject({ url: `${ALIAS}?token=${token}&user=${owner}`, headers: admin })).statusCode, 403);
  assert.ok(unspent());

  const redeemed = await term.call('GET', `${ALIAS}?token=${token}&user=${owner}`);
  assert.equal(redeemed.statusCode, 200, redeemed.body);
  assert.deepEqual(
    {
      user: redeemed.json().user,
      asset: redeemed.json().asset,
      system_user: redeemed.json().system_user,
      username: redeemed.json().username,
    },
    { user: owner, asset, system_user: systemUser, username: 'user' },
  );
  assert.equal(
    (await term.call('GET', `${OURS}?token=${token}&user=${owner}`)).statusCode,
    404,
    'single use across both paths',
  );

  // A ticket issued on our path redeems on 2.3's.
  const ours = (
    await app.inject({ method: 'POST', url: OURS, headers: session, payload: { asset, system_user: systemUser } })
  ).json().token as string;
  assert.equal((await term.call('GET', `${ALIAS}?token=${ours}&user=${owner}`)).statusCode, 200);
});

// A connection token is bound to the user it was issued to: the terminal redeems it naming the user the
// server's proxy vouched for, and the server refuses any other (without spending it). The key that
// vouching is signed with reaches registered terminals only, in their config answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tokenHash } from '../../../demo/server/core/secrets/token-hash.ts';
import { terminalProxySecret } from '../../../demo/server/terminal/proxy-secret.ts';
import { MAX_SKEW_SECONDS, signUpgrade, verifyUpgrade } from '../../../demo/shared/proxy-signature.ts';
import { bearer, loginSession, orgId, userId } from '../helpers.ts';
import { buildTerminalApp, idOf, registerTerminal } from '../terminal-helpers.ts';

const URL = '/api/v1/users/connection-token/';

test('redeeming names the user: another user is 404 and leaves the token for its owner', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const eng = orgId(app, 'Engineering');
  const asset = idOf(app, 'SELECT id FROM assets WHERE hostname = ? AND org_id = ?', 'bj-api-01', eng);
  const systemUser = idOf(app, 'SELECT id FROM system_users WHERE name = ? AND org_id = ?', 'deploy', eng);
  const owner = userId(app, 'user');
  app.bastion.db.prepare('UPDATE users SET name = ? WHERE id = ?').run('Demo User', owner);
  const made = await app.inject({
    method: 'POST',
    url: URL,
    headers: (await loginSession(app, 'user')).headers,
    payload: { asset, system_user: systemUser },
  });
  assert.equal(made.statusCode, 201, made.body);
  const token = made.json().token as string;
  const unspent = () =>
    !!app.bastion.db.prepare('SELECT 1 FROM connection_tokens WHERE token_hash = ?').get(tokenHash(token));

  // 2.3's bare `?token=`: a terminal that does not say who presents the token has not checked.
  const bare = await term.call('GET', `${URL}?token=${token}`);
  assert.equal(bare.statusCode, 400);
  assert.deepEqual(bare.json(), { user: ['This field is required.'] });
  assert.ok(unspent());

  for (const other of [userId(app, 'orgadmin'), userId(app, 'admin'), 'not-a-user', '']) {
    const wrong = await term.call('GET', `${URL}?token=${token}&user=${other}`);
    assert.equal(wrong.statusCode, other ? 404 : 400, other);
    assert.ok(unspent(), `not spent by ${other || 'an empty user'}`);
  }
  // The same answer as a token nobody knows: a wrong guess of the user teaches nothing.
  const unknown = await term.call('GET', `${URL}?token=made-up&user=${owner}`);
  const mismatched = await term.call('GET', `${URL}?token=${token}&user=${userId(app, 'orgadmin')}`);
  assert.deepEqual([mismatched.statusCode, mismatched.json()], [unknown.statusCode, unknown.json()]);

  const redeemed = await term.call('GET', `${URL}?token=${token}&user=${owner}`);
  assert.equal(redeemed.statusCode, 200, redeemed.body);
  assert.deepEqual(redeemed.json(), {
    user: owner,
    asset,
    system_user: systemUser,
    username: 'user',
    name: 'Demo User',
    hostname: 'bj-api-01',
    system_user_name: 'deploy',
  });
  assert.equal(unspent(), false);
  assert.equal((await term.call('GET', `${URL}?token=${token}&user=${owner}`)).statusCode, 404, 'single use');
});

test('the upgrade-signing key: made once, kept, given to registered terminals only', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const config = await term.call('GET', '/api/v1/terminal/terminals/config/');
  assert.equal(config.statusCode, 200, config.body);
  const key = config.json().TERMINAL_PROXY_SECRET as string;
  assert.match(key, /^[A-Za-z0-9_-]{43}$/, '32 random bytes');
  assert.equal(terminalProxySecret(app.bastion.db), key, 'the key the proxy signs with');
  assert.equal(
    (await term.call('GET', '/api/v1/terminal/terminals/config/')).json().TERMINAL_PROXY_SECRET,
    key,
    'kept',
  );

  // Nobody else reads it: not a superuser, not a user, not the settings API.
  for (const who of ['admin', 'user']) {
    const answer = await app.inject({
      method: 'GET',
      url: '/api/v1/terminal/terminals/config/',
      headers: await bearer(app, who),
    });
    assert.equal(answer.statusCode, 403, who);
    assert.doesNotMatch(answer.body, new RegExp(key));
  }
  assert.equal((await app.inject({ method: 'GET', url: '/api/v1/terminal/terminals/config/' })).statusCode, 401);
  const settings = await app.inject({
    method: 'GET',
    url: '/api/v1/settings/setting/',
    headers: await bearer(app, 'admin'),
  });
  assert.equal(settings.statusCode, 200);
  assert.doesNotMatch(settings.body, new RegExp(key));
});

test('an upgrade signature covers the time, the user, the address and the path', () => {
  const secret = 'k'.repeat(43);
  const vouched = { user: '9f0b7a8e-0000-4000-8000-000000000001', forwardedFor: '127.0.0.7' };
  const path = '/koko/ws/terminal/?token=abc&cols=80&rows=24';
  const now = Date.UTC(2024, 0, 15, 8, 30, 0);
  const headers = signUpgrade(secret, vouched, path, now);
  assert.deepEqual(verifyUpgrade(secret, headers, path, now), vouched);
  assert.deepEqual(verifyUpgrade(secret, headers, path, now + MAX_SKEW_SECONDS * 1000), vouched, 'within the skew');
  assert.equal(verifyUpgrade(secret, headers, path, now + (MAX_SKEW_SECONDS + 1) * 1000), null, 'too old');
  assert.equal(verifyUpgrade(secret, headers, path, now - (MAX_SKEW_SECONDS + 1) * 1000), null, 'from the future');
  assert.equal(verifyUpgrade('another key', headers, path, now), null);
  assert.equal(verifyUpgrade(undefined, headers, path, now), null, 'no key: nothing is believed');
  assert.equal(verifyUpgrade('', headers, path, now), null);
  assert.equal(verifyUpgrade(secret, headers, `${path}&x=1`, now), null, 'another path');
  for (const [name, value] of Object.entries({
    'x-bastion-user': '9f0b7a8e-0000-4000-8000-000000000002',
    'x-forwarded-for': '127.0.0.8',
    'x-bastion-timestamp': String(Math.floor(now / 1000) + 1),
    'x-bastion-signature': headers['x-bastion-signature'].toUpperCase(),
  }))
    assert.equal(verifyUpgrade(secret, { ...headers, [name]: value }, path, now), null, `${name} changed`);
  assert.equal(
    verifyUpgrade(secret, { ...headers, 'x-bastion-signature': `${headers['x-bastion-signature']}0` }, path, now),
    null,
    'a longer signature',
  );
  assert.equal(
    verifyUpgrade(secret, { ...headers, 'x-bastion-user': [vouched.user, vouched.user] as never }, path, now),
    null,
    'a repeated header',
  );
  const { 'x-forwarded-for': _dropped, ...withoutAddress } = headers;
  assert.equal(verifyUpgrade(secret, withoutAddress, path, now), null);
});

// Portals on other origins: CORS only for BASTION_CORS_ORIGINS, the authorization code + PKCE sign-in
// through the server's own login form (oidc-provider at /oidc/), the back end's token for one user, and
// what such a token may do on the API (read the elements' endpoints, nothing else, not after expiry,
// revocation or logout). Every portal sign-in is a row of the login log.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { bindOtpSecret } from '../../../demo/server/users/user-store.ts';
import { issuePrivateToken } from '../../../demo/server/core/auth/private-token.ts';
import { newOtpSecret, totpCode } from '../../../demo/server/auth/mfa/totp.ts';
import { savePortalClient } from '../../../demo/server/portal/clients.ts';
import { parseCorsOrigins } from '../../../demo/server/portal/cors.ts';
import { build, cookieHeader, cookieJar, postLoginForm, userId } from '../helpers.ts';

type App = Awaited<ReturnType<typeof build>>;

const PORTAL = 'http://127.0.0.2:8081';
const OTHER = 'http://127.0.0.3:8081';
const REDIRECT = `${PORTAL}/callback.html`;
const CLIENT = 'test-portal';
const TTL = 120;

async function portalApp(t: Parameters<typeof build>[0]): Promise<App> {
  const app = await build(t, {
    corsOrigins: [PORTAL],
    publicOrigin: 'http://127.0.0.1:8080',
    portalTokenTtlSeconds: TTL,
  });
  // Registered with a redirect URI on an origin that is not allowed as well: that one never counts.
  savePortalClient(
    app.bastion.db,
    { clientId: CLIENT, name: 'Test portal', redirectUris: [REDIRECT, `${OTHER}/callback.html`] },
    app.clock.now(),
  );
  return app;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

function pkce() {
  const verifier = b64url(randomBytes(32));
  return { verifier, challenge: b64url(createHash('sha256').update(verifier).digest()) };
}

function authorizeUrl(params: Record<string, string>): string {
  return `/oidc/auth?${new URLSearchParams({ client_id: CLIENT, response_type: 'code', scope: 'openid', redirect_uri: REDIRECT, state: 'st4te', ...params })}`;
}

/** Follows the popup through /oidc/auth, the server's login form and back; returns the redirect to the portal. */
async function popupSignIn(
  app: App,
  username: string,
  challenge: string,
  otpSecret?: string,
  scope = 'openid',
): Promise<URL> {
  let jar: Record<string, string> = {};
  let response = await app.inject({
    url: authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256', scope }),
  });
  for (let hops = 0; hops < 10; hops += 1) {
    assert.ok([302, 303].includes(response.statusCode), `${response.statusCode} ${response.body.slice(0, 300)}`);
    jar = cookieJar(response, jar);
    // The provider's own redirects name the Host the request came with (inject's: localhost).
    const location = new URL(String(response.headers.location), 'http://localhost');
    if (location.origin === PORTAL) {
      assert.ok(location.searchParams.get('code'), `no code: ${location.href}`);
      return location;
    }
    assert.equal(location.origin, 'http://localhost');
    if (location.pathname === '/core/auth/login/') {
      const next = location.searchParams.get('next')!;
      assert.match(next, /^\/oidc\/interaction\//);
      const login = await postLoginForm(app, { username, next, jar, query: location.search });
      assert.equal(login.response.statusCode, 302, login.response.body.slice(0, 300));
      response = login.response;
      jar = login.jar;
      continue;
    }
    if (location.pathname === '/core/auth/login/otp/') {
      // The MFA step of the usual sign-in, as the user types the code.
      assert.ok(otpSecret, 'the sign-in asked for an MFA code');
      response = await app.inject({
        method: 'POST',
        url: location.pathname,
        headers: { cookie: cookieHeader(jar) },
        payload: { csrfmiddlewaretoken: jar.csrftoken, otp_code: totpCode(otpSecret, app.clock.now()) },
      });
      continue;
    }
    response = await app.inject({ url: location.pathname + location.search, headers: { cookie: cookieHeader(jar) } });
  }
  throw new Error('too many redirects');
}

async function exchange(app: App, code: string, verifier: string, origin = PORTAL) {
  return app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: CLIENT,
      code_verifier: verifier,
    }).toString(),
  });
}

async function signIn(app: App, username = 'admin'): Promise<string> {
  const { verifier, challenge } = pkce();
  const back = await popupSignIn(app, username, challenge);
  assert.equal(back.origin + back.pathname, REDIRECT);
  assert.equal(back.searchParams.get('state'), 'st4te');
  const answer = await exchange(app, back.searchParams.get('code')!, verifier);
  assert.equal(answer.statusCode, 200, answer.body);
  assert.equal(answer.headers['access-control-allow-origin'], PORTAL);
  assert.equal(answer.headers['access-control-allow-credentials'], undefined);
  const body = answer.json();
  assert.equal(body.token_type, 'Bearer');
  assert.equal(body.expires_in, TTL);
  return body.access_token as string;
}

const withToken = (token: string) => ({ authorization: `Bearer ${token}`, origin: PORTAL });

test('BASTION_CORS_ORIGINS takes origins only', () => {
  assert.deepEqual(parseCorsOrigins(undefined), []);
  assert.deepEqual(parseCorsOrigins(' http://127.0.0.2:8081 , https://portal.example.com/ '), [
    'http://127.0.0.2:8081',
    'https://portal.example.com',
  ]);
  for (const bad of ['*', 'http://a.example/path', 'ftp://a.example', 'portal.example.com'])
    assert.throws(() => parseCorsOrigins(bad), /BASTION_CORS_ORIGINS/);
});

test('CORS: an allowed origin gets preflights and Access-Control-Allow-Origin (never credentials), others nothing', async (t) => {
  const app = await portalApp(t);
  const preflight = (origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/v1/assets/assets/?limit=15',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-jms-org',
      },
    });
  const allowed = await preflight(PORTAL);
  assert.equal(allowed.statusCode, 204);
  assert.equal(allowed.headers['access-control-allow-origin'], PORTAL);
  assert.match(String(allowed.headers['access-control-allow-headers']), /Authorization/);
  assert.match(String(allowed.headers['access-control-allow-headers']), /X-JMS-ORG/);
  assert.equal(allowed.headers['access-control-allow-credentials'], undefined);
  const refused = await preflight(OTHER);
  assert.equal(refused.headers['access-control-allow-origin'], undefined);
  assert.notEqual(refused.statusCode, 204);

  const get = await app.inject({ url: '/api/v1/settings/public/', headers: { origin: PORTAL } });
  assert.equal(get.headers['access-control-allow-origin'], PORTAL);
  assert.match(String(get.headers.vary), /Origin/);
  const other = await app.inject({ url: '/api/v1/settings/public/', headers: { origin: OTHER } });
  assert.equal(other.headers['access-control-allow-origin'], undefined);
  // The discovery document too: an allowed origin only.
  assert.equal(
    (await app.inject({ url: '/oidc/.well-known/openid-configuration', headers: { origin: PORTAL } })).headers[
      'access-control-allow-origin'
    ],
    PORTAL,
  );
  const discovery = await app.inject({ url: '/oidc/.well-known/openid-configuration', headers: { origin: OTHER } });
  assert.equal(discovery.statusCode, 200);
  assert.equal(discovery.headers['access-control-allow-origin'], undefined);
  assert.equal(discovery.json().issuer, 'http://127.0.0.1:8080/oidc');
  assert.deepEqual(discovery.json().code_challenge_methods_supported, ['S256']);

  // No list, no CORS at all.
  const closed = await build(t);
  const none = await closed.inject({
    method: 'OPTIONS',
    url: '/api/v1/assets/assets/',
    headers: { origin: PORTAL, 'access-control-request-method': 'GET' },
  });
  assert.equal(none.headers['access-control-allow-origin'], undefined);
});

test("popup sign-in: code + PKCE through the login form; the token reads the elements' endpoints as that user, and the sign-in is logged", async (t) => {
  const app = await portalApp(t);
  const token = await signIn(app, 'admin');
  const profile = await app.inject({ url: '/api/v1/users/profile/', headers: withToken(token) });
  assert.equal(profile.statusCode, 200, profile.body);
  assert.equal(profile.json().username, 'admin');
  assert.equal(profile.headers['access-control-allow-origin'], PORTAL);
  // What the token has left, for the elements to say so when it runs out (readable across origins).
  assert.equal(profile.headers['x-bastion-token-expires-in'], String(TTL));
  assert.match(String(profile.headers['access-control-expose-headers']), /X-Bastion-Token-Expires-In/);
  const assets = await app.inject({ url: '/api/v1/assets/assets/?limit=15&offset=0', headers: withToken(token) });
  assert.equal(assets.statusCode, 200, assets.body);
  assert.ok(assets.json().count > 0);
  const tree = await app.inject({ url: '/api/v1/assets/nodes/children/tree/', headers: withToken(token) });
  assert.equal(tree.statusCode, 200, tree.body);

  const row = app.bastion.db
    .prepare(
      "SELECT username, type, reason, status FROM login_logs WHERE reason LIKE 'Portal sign-in%' ORDER BY datetime DESC",
    )
    .get() as Record<string, unknown>;
  assert.deepEqual(row, { username: 'admin', type: 'W', reason: `Portal sign-in: Test portal (${PORTAL})`, status: 1 });
});

test('a portal token never writes, reaches no other endpoint and needs no CSRF token for what it may read', async (t) => {
  const app = await portalApp(t);
  const token = await signIn(app, 'admin');
  const refused = [
    ['POST', '/api/v1/assets/assets/', { hostname: 'x', ip: '127.0.0.9' }],
    ['DELETE', `/api/v1/users/users/${userId(app, 'user')}/`, undefined],
    ['PATCH', '/api/v1/users/profile/', { name: 'taken over' }],
    ['GET', '/api/v1/users/users/', undefined],
    ['GET', '/api/v1/audits/login-logs/', undefined],
    ['POST', '/api/v1/authentication/access-keys/', {}],
    ['GET', '/core/auth/logout/', undefined],
  ] as const;
  for (const [method, url, payload] of refused) {
    const response = await app.inject({
      method,
      url,
      payload: payload as object | undefined,
      headers: withToken(token),
    });
    assert.equal(response.statusCode, 403, `${method} ${url}: ${response.statusCode}`);
  }
  assert.equal(app.bastion.db.prepare("SELECT count(*) FROM assets WHERE hostname = 'x'").pluck().get(), 0);
  // The token still works: the logout above was refused, not carried out.
  assert.equal((await app.inject({ url: '/api/v1/users/profile/', headers: withToken(token) })).statusCode, 200);
});

test("a portal token expires, can be revoked by the portal, and ends with the user's logout", async (t) => {
  const app = await portalApp(t);
  const first = await signIn(app, 'admin');
  app.clock.advance(TTL * 1000 + 1000);
  assert.equal((await app.inject({ url: '/api/v1/users/profile/', headers: withToken(first) })).statusCode, 401);

  const second = await signIn(app, 'admin');
  const revoke = await app.inject({
    method: 'POST',
    url: '/oidc/token/revocation',
    headers: { origin: PORTAL, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: second, client_id: CLIENT }).toString(),
  });
  assert.equal(revoke.statusCode, 200, revoke.body);
  assert.equal((await app.inject({ url: '/api/v1/users/profile/', headers: withToken(second) })).statusCode, 401);

  const third = await signIn(app, 'admin');
  const session = await postLoginForm(app, { username: 'admin' });
  await app.inject({ url: '/core/auth/logout/', headers: { cookie: cookieHeader(session.jar) } });
  assert.equal((await app.inject({ url: '/api/v1/users/profile/', headers: withToken(third) })).statusCode, 401);
});

test('the authorization server refuses a redirect URI off the allowed origins, a missing PKCE and a wrong verifier', async (t) => {
  const app = await portalApp(t);
  const { verifier, challenge } = pkce();
  const offList = await app.inject({
    url: authorizeUrl({
      redirect_uri: `${OTHER}/callback.html`,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }),
  });
  assert.equal(offList.statusCode, 400);
  assert.equal(offList.headers.location, undefined);
  assert.match(offList.body, /redirect_uri/);
  assert.doesNotMatch(offList.body, /<script/);

  const noPkce = await app.inject({ url: authorizeUrl({}) });
  const noPkceTo = new URL(String(noPkce.headers.location));
  assert.equal(noPkceTo.origin + noPkceTo.pathname, REDIRECT);
  assert.equal(noPkceTo.searchParams.get('error'), 'invalid_request');

  const unknown = await app.inject({
    url: authorizeUrl({ client_id: 'nobody', code_challenge: challenge, code_challenge_method: 'S256' }),
  });
  assert.equal(unknown.statusCode, 400);

  const back = await popupSignIn(app, 'admin', challenge);
  const wrong = await exchange(app, back.searchParams.get('code')!, `${verifier}x`);
  assert.equal(wrong.statusCode, 400);
  assert.equal(wrong.json().error, 'invalid_grant');
  // From an origin that is not the client's, the token endpoint answers no browser.
  const { verifier: v2, challenge: c2 } = pkce();
  const back2 = await popupSignIn(app, 'admin', c2);
  const foreign = await exchange(app, back2.searchParams.get('code')!, v2, OTHER);
  assert.equal(foreign.headers['access-control-allow-origin'], undefined);
  assert.notEqual(foreign.statusCode, 200);
});

test("the portal's back end: a super admin's access key asks a token for one user; nothing else may", async (t) => {
  const app = await portalApp(t);
  const key = issuePrivateToken(app.bastion.db, userId(app, 'admin'), app.clock.now());
  const ask = (headers: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url: '/api/v1/authentication/portal-tokens/', headers, payload });
  const answer = await ask({ authorization: `Token ${key}` }, { client_id: CLIENT, username: 'user' });
  assert.equal(answer.statusCode, 200, answer.body);
  assert.equal(answer.json().token_type, 'Bearer');
  assert.equal(answer.json().expires_in, TTL);
  const token = answer.json().access_token as string;
  const profile = await app.inject({ url: '/api/v1/users/profile/', headers: withToken(token) });
  assert.equal(profile.json().username, 'user');
  assert.equal(
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/users/groups/',
        payload: { name: 'g' },
        headers: withToken(token),
      })
    ).statusCode,
    403,
  );
  const row = app.bastion.db
    .prepare("SELECT username, type, reason FROM login_logs WHERE reason LIKE 'Portal token%'")
    .get() as Record<string, unknown>;
  assert.deepEqual(row, { username: 'user', type: 'T', reason: `Portal token: ${CLIENT}, asked by admin` });

  assert.equal(
    (await ask({ authorization: `Token ${key}` }, { client_id: 'nobody', username: 'user' })).statusCode,
    400,
  );
  assert.equal(
    (await ask({ authorization: `Token ${key}` }, { client_id: CLIENT, username: 'no-such-user' })).statusCode,
    400,
  );
  assert.equal((await ask({ authorization: `Token ${key}` }, { client_id: CLIENT })).statusCode, 400);
  assert.equal((await ask({}, { client_id: CLIENT, username: 'user' })).statusCode, 401);
  // A portal token or a user's key cannot mint more.
  assert.equal((await ask(withToken(token), { client_id: CLIENT, username: 'admin' })).statusCode, 403);
  const userKey = issuePrivateToken(app.bastion.db, userId(app, 'user'), app.clock.now());
  assert.equal(
    (await ask({ authorization: `Token ${userKey}` }, { client_id: CLIENT, username: 'admin' })).statusCode,
    403,
  );
  // A browser session (even with its CSRF token) is no access key.
  const session = await postLoginForm(app, { username: 'admin' });
  const bySession = await ask(
    { cookie: cookieHeader(session.jar), 'x-csrftoken': session.jar.csrftoken },
    { client_id: CLIENT, username: 'user' },
  );
  assert.equal(bySession.statusCode, 403);
});

test('CSRF stays closed for cookie sessions across origins; a bearer call needs no CSRF token', async (t) => {
  const app = await portalApp(t);
  const session = await postLoginForm(app, { username: 'admin' });
  const cookie = cookieHeader(session.jar);
  // A portal page cannot read the bastion's csrftoken cookie: a cookie-only write from it is anonymous.
  const forged = await app.inject({
    method: 'POST',
    url: '/api/v1/users/groups/',
    payload: { name: 'from-the-portal' },
    headers: { cookie, origin: PORTAL },
  });
  assert.ok([401, 403].includes(forged.statusCode), String(forged.statusCode));
  assert.equal(forged.headers['access-control-allow-credentials'], undefined);
  assert.equal(
    app.bastion.db.prepare("SELECT count(*) FROM user_groups WHERE name = 'from-the-portal'").pluck().get(),
    0,
  );
  // The portal token reads without any CSRF token, cookie or not.
  const token = await signIn(app, 'admin');
  const read = await app.inject({ url: '/api/v1/assets/assets/?limit=1', headers: { ...withToken(token), cookie } });
  assert.equal(read.statusCode, 200);
});

test("the popup's sign-in is the usual one: a user with MFA gives the code before the portal gets anything", async (t) => {
  const app = await portalApp(t);
  const secret = newOtpSecret();
  bindOtpSecret(app.bastion.db, userId(app, 'user'), secret);
  app.bastion.db.prepare("UPDATE users SET mfa_level = 1 WHERE username = 'user'").run();
  await assert.rejects(popupSignIn(app, 'user', pkce().challenge), /asked for an MFA code/);
  const { verifier, challenge } = pkce();
  const back = await popupSignIn(app, 'user', challenge, secret);
  const answer = await exchange(app, back.searchParams.get('code')!, verifier);
  assert.equal(answer.statusCode, 200, answer.body);
  const profile = await app.inject({ url: '/api/v1/users/profile/', headers: withToken(answer.json().access_token) });
  assert.equal(profile.json().username, 'user');
  const rows = app.bastion.db
    .prepare("SELECT reason, mfa FROM login_logs WHERE username = 'user' AND status = 1 ORDER BY rowid")
    .all();
  assert.deepEqual(
    rows.map((row) => ({ ...(row as object) })),
    [
      { reason: '', mfa: 1 },
      { reason: `Portal sign-in: Test portal (${PORTAL})`, mfa: 2 },
    ],
  );
});

test("the ID token names the user (preferred_username) with oidc-client-ts's minimal settings: no userinfo call needed", async (t) => {
  const app = await portalApp(t);
  const { verifier, challenge } = pkce();
  const back = await popupSignIn(app, 'user', challenge, undefined, 'openid profile');
  const answer = await exchange(app, back.searchParams.get('code')!, verifier);
  assert.equal(answer.statusCode, 200, answer.body);
  const claims = JSON.parse(Buffer.from(String(answer.json().id_token).split('.')[1], 'base64url').toString('utf8'));
  assert.equal(claims.preferred_username, 'user');
  assert.ok(claims.sub);
  // Without the profile scope the ID token says who, and nothing more.
  const bare = pkce();
  const plain = await popupSignIn(app, 'user', bare.challenge);
  const plainClaims = JSON.parse(
    Buffer.from(
      String((await exchange(app, plain.searchParams.get('code')!, bare.verifier)).json().id_token).split('.')[1],
      'base64url',
    ).toString('utf8'),
  );
  assert.equal(plainClaims.preferred_username, undefined);
});

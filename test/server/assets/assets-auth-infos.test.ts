// asset-user-auth-infos/ (§2.3) behind the MFA re-check of §2.2: otp/verify/ with a valid TOTP marks
// the caller's login (session or bearer token) as verified; the secrets show for
// SECURITY_MFA_VERIFY_TTL seconds, then 403 again. A user without MFA gets "Code is invalid".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { totpCode, verifyTotp } from '../../../demo/server/auth/mfa/totp.ts';
import { seal, unseal } from '../../../demo/server/core/secrets/vault.ts';
import { bearer, build, loginSession, orgId } from '../helpers.ts';

const INFOS = '/api/v1/assets/asset-user-auth-infos/';
const VERIFY = '/api/v1/authentication/otp/verify/';
// RFC 6238's SHA-1 test secret ("12345678901234567890"), base32.
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

test('TOTP follows RFC 6238 (SHA-1 vectors) and accepts one minute either side', () => {
  assert.equal(totpCode(SECRET, 59_000, 8), '94287082');
  assert.equal(totpCode(SECRET, 1_111_111_109_000, 8), '07081804');
  assert.equal(totpCode(SECRET, 2_000_000_000_000, 8), '69279037');
  assert.equal(totpCode(SECRET, 30_000), '287082');
  assert.ok(verifyTotp(SECRET, totpCode(SECRET, 1_000_000), 1_000_000 + 60_000));
  assert.ok(!verifyTotp(SECRET, totpCode(SECRET, 1_000_000), 1_000_000 + 95_000), 'three steps later: too old');
  assert.ok(
    verifyTotp('JBSWY3DPEHPK3PXP', totpCode('JBSWY3DPEHPK3PXP', 5_000_000), 5_000_000),
    "2.3's 10-byte secrets still work",
  );
  assert.ok(
    !verifyTotp(null, '123456', 0) && !verifyTotp(SECRET, '12345a', 0) && !verifyTotp('not base32!', '123456', 0),
  );
});

async function withSecret(app: FastifyInstance, username: string): Promise<void> {
  app.bastion.db
    .prepare('UPDATE users SET otp_secret_key = ? WHERE username = ?')
    .run(seal(app.bastion.db, SECRET), username);
}

const codeNow = (app: FastifyInstance) => totpCode(SECRET, app.bastion.now());

test('auth-infos: 403 until otp/verify/, then the secrets; the verification expires after the TTL', async (t) => {
  const app = await build(t);
  const eng = orgId(app, 'Engineering');
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en', 'x-jms-org': eng };
  const asset = app.bastion.db
    .prepare("SELECT id FROM assets WHERE hostname = 'bj-db-01' AND org_id = ?")
    .pluck()
    .get(eng) as string;
  const admin = app.bastion.db.prepare('SELECT admin_user FROM assets WHERE id = ?').pluck().get(asset) as string;
  const detail = `${INFOS}${admin}_${asset}/`;

  const before = await app.inject({ method: 'GET', url: detail, headers });
  assert.deepEqual(
    [before.statusCode, before.json()],
    [403, { detail: 'You do not have permission to perform this action.' }],
  );

  // No OTP secret: the documented refusal, and still no secrets.
  const noMfa = await app.inject({ method: 'POST', url: VERIFY, headers, payload: { code: '123456' } });
  assert.deepEqual([noMfa.statusCode, noMfa.json()], [400, { error: 'Code is invalid' }]);
  assert.equal((await app.inject({ method: 'GET', url: detail, headers })).statusCode, 403);

  await withSecret(app, 'admin');
  const wrong = await app.inject({
    method: 'POST',
    url: VERIFY,
    headers,
    payload: { code: String((Number(codeNow(app)) + 1) % 1_000_000).padStart(6, '0') },
  });
  assert.equal(wrong.statusCode, 400);
  const short = await app.inject({ method: 'POST', url: VERIFY, headers, payload: { code: '123' } });
  assert.deepEqual(short.json(), { code: ['Ensure this field has at least 6 characters.'] });
  const ok = await app.inject({ method: 'POST', url: VERIFY, headers, payload: { code: codeNow(app) } });
  assert.deepEqual([ok.statusCode, ok.json()], [200, { ok: '1' }]);

  const info = await app.inject({ method: 'GET', url: detail, headers });
  assert.equal(info.statusCode, 200, info.body);
  const stored = app.bastion.db.prepare('SELECT username, password FROM admin_users WHERE id = ?').get(admin) as {
    username: string;
    password: string;
  };
  assert.deepEqual(
    [info.json().username, info.json().password, info.json().hostname],
    [stored.username, unseal(app.bastion.db, stored.password), 'bj-db-01'],
  );
  assert.ok(stored.password.length > 0);
  const list = (await app.inject({ method: 'GET', url: `${INFOS}?asset_id=${asset}`, headers })).json() as Record<
    string,
    unknown
  >[];
  assert.ok(list.length >= 2 && list.every((row) => typeof row.password === 'string' && 'private_key' in row));

  // Another login of the same user has not verified; neither has a plain asset-users read any secret.
  const other = { ...(await bearer(app, 'admin')), 'x-jms-org': eng };
  assert.equal((await app.inject({ method: 'GET', url: detail, headers: other })).statusCode, 403);

  // SECURITY_MFA_VERIFY_TTL (3600 s by default): one second short still reads, past it 403 again.
  app.clock.advance(3_599_000);
  assert.equal((await app.inject({ method: 'GET', url: detail, headers })).statusCode, 200);
  app.clock.advance(2_000);
  assert.equal((await app.inject({ method: 'GET', url: detail, headers })).statusCode, 403, 'the verification expired');
});

test('a browser session verifies too; the setting off needs no MFA; users and auditors never read secrets', async (t) => {
  const app = await build(t);
  const eng = orgId(app, 'Engineering');
  await withSecret(app, 'orgadmin');
  const session = await loginSession(app, 'orgadmin');
  const headers = { ...session.headers, 'x-jms-org': eng };
  assert.equal((await app.inject({ method: 'GET', url: INFOS, headers })).statusCode, 403);
  const ok = await app.inject({ method: 'POST', url: VERIFY, headers, payload: { code: codeNow(app) } });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal((await app.inject({ method: 'GET', url: INFOS, headers })).statusCode, 200);
  const stored = app.bastion.db
    .prepare('SELECT mfa_verified_at FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = ?)')
    .pluck()
    .get('orgadmin');
  assert.equal(stored, app.bastion.now(), 'the session holds the time of the check');

  for (const as of ['user', 'orgauditor']) {
    await withSecret(app, as);
    const h = { ...(await bearer(app, as)), 'x-jms-org': eng };
    assert.equal(
      (await app.inject({ method: 'POST', url: VERIFY, headers: h, payload: { code: codeNow(app) } })).statusCode,
      200,
      `${as} may verify`,
    );
    assert.equal(
      (await app.inject({ method: 'GET', url: INFOS, headers: h })).statusCode,
      403,
      `${as} may not read secrets`,
    );
  }

  app.bastion.settings.set('SECURITY_VIEW_AUTH_NEED_MFA', false, 'security');
  const fresh = { ...(await bearer(app, 'admin')), 'x-jms-org': eng };
  assert.equal(
    (await app.inject({ method: 'GET', url: INFOS, headers: fresh })).statusCode,
    200,
    'setting off: no MFA needed',
  );
  assert.equal((await app.inject({ method: 'POST', url: INFOS, headers: fresh, payload: {} })).statusCode, 405);
  assert.equal((await app.inject({ method: 'POST', url: VERIFY, payload: { code: '123456' } })).statusCode, 401);
});

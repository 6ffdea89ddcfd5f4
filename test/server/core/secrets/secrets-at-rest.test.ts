// Secrets at rest (secrets/): the data folder 0700 and its files 0600; no credential, token or session id
// in clear in the database file, while every call that uses one works as before.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import Database from 'better-sqlite3';
import { buildApp } from '../../../../demo/server/app.ts';
import { signFor } from '../../../../demo/shared/access-key-signature.ts';
import { bindOtpSecret } from '../../../../demo/server/users/user-store.ts';
import { newOtpSecret, totpCode } from '../../../../demo/server/auth/mfa/totp.ts';
import { PASSWORD, bearer, loginSession, orgId, userId } from '../../helpers.ts';
import { assertNotStored } from '../../support/at-rest.ts';
import { buildTerminalApp, idOf, registerTerminal } from '../../terminal-helpers.ts';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

function tempRoot(t: TestContext): string {
  const root = mkdtempSync(join(tmpdir(), 'bastion-at-rest-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

test('a new data folder is 0700; the database, its -wal and -shm and the secret key file are 0600', async (t) => {
  const dir = join(tempRoot(t), 'data');
  const dbFile = join(dir, 'bastion.sqlite3');
  const app = await buildApp({ dbFile, demoPassword: PASSWORD, allowedTargets: '127.0.0.0/8' });
  t.after(() => app.close());
  assert.deepEqual([dir, dbFile, `${dbFile}-wal`, `${dbFile}-shm`, join(dir, 'secret_key')].map(modeOf), [
    '700',
    '600',
    '600',
    '600',
    '600',
  ]);
});

test('a folder and database an older version left readable (0755, 0644) are tightened at start', async (t) => {
  const dir = join(tempRoot(t), 'data');
  mkdirSync(dir, { mode: 0o755 });
  chmodSync(dir, 0o755);
  const dbFile = join(dir, 'bastion.sqlite3');
  const old = new Database(dbFile);
  old.pragma('journal_mode = WAL');
  old.exec('CREATE TABLE leftover (x)');
  for (const path of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) chmodSync(path, 0o644);
  const app = await buildApp({ dbFile, demoPassword: PASSWORD, allowedTargets: '127.0.0.0/8' });
  t.after(() => app.close());
  old.close();
  assert.deepEqual([dir, dbFile, `${dbFile}-wal`, `${dbFile}-shm`].map(modeOf), ['700', '600', '600', '600']);
});

test('no credential, token or session id is stored in clear, and every call that uses one still works', async (t) => {
  const app = await buildTerminalApp(t);
  const admin = await bearer(app, 'admin');
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = admin) => {
    const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    assert.ok(response.statusCode < 300, `${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const pem = generateKeyPairSync('rsa', { modulusLength: 1024 })
    .privateKey.export({ type: 'pkcs1', format: 'pem' })
    .toString();
  const secrets = {
    adminPassword: 'admin-user-pass-91x',
    systemUserPassword: 'system-user-pass-73q',
    k8sToken: 'k8s-service-token-55z',
    gatewayPassword: 'gateway-pass-28w',
    smtpPassword: 'smtp-bind-pass-64k',
    ldapPassword: 'ldap-bind-pass-19m',
    storageSecret: 'storage-secret-key-37v',
    appPassword: 'chrome-app-pass-82r',
    otpSecret: newOtpSecret(),
  };
  const adminUser = await call('POST', '/api/v1/assets/admin-users/', {
    name: 'at-rest',
    username: 'root',
    password: secrets.adminPassword,
    private_key: pem,
  });
  const systemUser = await call('POST', '/api/v1/assets/system-users/', {
    name: 'at-rest',
    username: 'deploy',
    password: secrets.systemUserPassword,
  });
  const k8s = await call('POST', '/api/v1/assets/system-users/', {
    name: 'at-rest-k8s',
    username: 'viewer',
    protocol: 'k8s',
    token: secrets.k8sToken,
  });
  const domain = await call('POST', '/api/v1/assets/domains/', { name: 'at-rest' });
  await call('POST', '/api/v1/assets/gateways/', {
    name: 'at-rest',
    ip: '127.0.0.9',
    username: 'jump',
    password: secrets.gatewayPassword,
    domain: domain.id,
  });
  await call('PATCH', '/api/v1/settings/setting/', {
    email: { EMAIL_HOST_PASSWORD: secrets.smtpPassword },
    ldap: { AUTH_LDAP_BIND_PASSWORD: secrets.ldapPassword },
  });
  await call('POST', '/api/v1/terminal/replay-storages/', {
    name: 'at-rest',
    type: 's3',
    meta: {
      BUCKET: 'b',
      ACCESS_KEY: 'access-key-id-46p',
      SECRET_KEY: secrets.storageSecret,
      ENDPOINT: 'http://127.0.0.1:9/',
    },
  });
  const host = idOf(app, "SELECT id FROM assets WHERE org_id = '' AND hostname = 'office-win-01'");
  const remoteApp = await call('POST', '/api/v1/applications/remote-apps/', {
    name: 'at-rest',
    asset: host,
    path: 'C:\\chrome.exe',
    params: { chrome_target: 'http://x/', chrome_password: secrets.appPassword },
  });
  const session = await loginSession(app, 'user');
  const userBearer = await bearer(app, 'user');
  // After the sign-ins: with an OTP secret bound, they would owe a code.
  bindOtpSecret(app.bastion.db, userId(app, 'user'), secrets.otpSecret);
  const accessKey = await call('POST', '/api/v1/authentication/access-keys/', {}, userBearer);
  const term = await registerTerminal(app);
  const eng = orgId(app, 'Engineering');
  const asset = idOf(app, 'SELECT id FROM assets WHERE hostname = ? AND org_id = ?', 'bj-api-01', eng);
  const deploy = idOf(app, 'SELECT id FROM system_users WHERE name = ? AND org_id = ?', 'deploy', eng);
  const { token: connectionToken } = await call(
    'POST',
    '/api/v1/users/connection-token/',
    { asset, system_user: deploy },
    session.headers,
  );
  const loginForm = await app.inject({ method: 'GET', url: '/core/auth/login/' });
  assert.equal(loginForm.statusCode, 200);

  assertNotStored(app, {
    ...secrets,
    privateKeyBody: pem.split('\n')[1],
    pemHeader: 'PRIVATE KEY-----',
    sessionId: session.cookies.sessionid,
    bearerToken: userBearer.authorization.slice('Bearer '.length),
    adminBearer: admin.authorization.slice('Bearer '.length),
    accessKeySecret: accessKey.secret,
    terminalKeySecret: term.key.secret,
    connectionToken,
    loginFlow: loginForm.cookies.find((c) => c.name === 'jms_login_flow')!.value,
  });

  // Every call that needs them gets them back in clear.
  assert.equal(
    (await call('GET', `/api/v1/assets/system-users/${systemUser.id}/auth-info/`)).password,
    secrets.systemUserPassword,
  );
  assert.equal((await call('GET', `/api/v1/assets/system-users/${k8s.id}/auth-info/`)).token, secrets.k8sToken);
  assert.equal(
    (await call('GET', `/api/v1/assets/domains/${domain.id}/?gateway=1`)).gateways[0].password,
    secrets.gatewayPassword,
  );
  assert.match(
    (await call('GET', `/api/v1/applications/remote-apps/${remoteApp.id}/connection-info/`)).parameter_remote_app
      .parameters,
    new RegExp(secrets.appPassword),
  );
  assert.equal(app.bastion.settings.get('EMAIL_HOST_PASSWORD'), secrets.smtpPassword);
  assert.equal(app.bastion.settings.get('AUTH_LDAP_BIND_PASSWORD'), secrets.ldapPassword);
  await call('PATCH', `/api/v1/terminal/terminals/${term.id}/`, { replay_storage: 'at-rest' });
  const config = (await term.call('GET', '/api/v1/terminal/terminals/config/')).json();
  assert.deepEqual(config.TERMINAL_REPLAY_STORAGE, {
    BUCKET: 'b',
    ACCESS_KEY: 'access-key-id-46p',
    SECRET_KEY: secrets.storageSecret,
    ENDPOINT: 'http://127.0.0.1:9/',
    TYPE: 's3',
  });
  assert.equal(typeof config.TERMINAL_PROXY_SECRET, 'string');
  assert.equal(
    (await call('GET', `/api/v1/assets/admin-users/${adminUser.id}/`)).password,
    undefined,
    'write-only stays write-only',
  );
  assert.deepEqual(
    (await call('GET', '/api/v1/authentication/access-keys/', undefined, userBearer)).map(
      (k: { secret: string }) => k.secret,
    ),
    [accessKey.secret],
  );
  const found = await call(
    'GET',
    `/api/v1/authentication/access-keys/?search=${accessKey.secret.slice(0, 8)}`,
    undefined,
    userBearer,
  );
  assert.deepEqual(
    found.map((k: { id: string }) => k.id),
    [accessKey.id],
    "search by the secret's prefix",
  );
  // Logins: the session cookie, the bearer token, a signed call, a terminal's signed call, MFA.
  assert.equal((await call('GET', '/api/v1/users/profile/', undefined, session.headers)).username, 'user');
  assert.equal((await call('GET', '/api/v1/users/profile/', undefined, userBearer)).username, 'user');
  const date = new Date(app.clock.now()).toUTCString();
  const signed = { authorization: `Sign ${accessKey.id}:${signFor(accessKey.secret, date)}`, date };
  assert.equal((await call('GET', '/api/v1/users/profile/', undefined, signed)).username, 'user');
  const verified = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/otp/verify/',
    headers: userBearer,
    payload: { code: totpCode(secrets.otpSecret, app.clock.now()) },
  });
  assert.equal(verified.statusCode, 200, verified.body);
  const redeemed = await term.call(
    'GET',
    `/api/v1/users/connection-token/?token=${connectionToken}&user=${userId(app, 'user')}`,
  );
  assert.equal(redeemed.statusCode, 200, redeemed.body);
  assert.equal(redeemed.json().asset, asset);
});

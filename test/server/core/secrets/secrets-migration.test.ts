// A database written before secrets were sealed (migrations 1–21, credentials and tokens in clear) is
// migrated on start (22: login tokens hashed, 23: credentials sealed): nothing stays in clear, and every
// login and credential it held still works.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { buildApp } from '../../../../demo/server/app.ts';
import { signFor } from '../../../../demo/shared/access-key-signature.ts';
import { readOtpSecret } from '../../../../demo/server/users/user-store.ts';
import { migrations } from '../../../../demo/server/core/db/migrations.ts';
import { hashPasswordNow } from '../../../../demo/server/core/lib/passwords.ts';
import { tokenHash } from '../../../../demo/server/core/secrets/token-hash.ts';
import { unseal } from '../../../../demo/server/core/secrets/vault.ts';
import { tokenOwner } from '../../../../demo/server/terminal/connection-token.ts';
import { terminalProxySecret } from '../../../../demo/server/terminal/proxy-secret.ts';
import { storageConfig } from '../../../../demo/server/terminal/storage-config.ts';
import { assertNotStored } from '../../support/at-rest.ts';

const NOW = Date.UTC(2024, 0, 15, 8, 30, 0);
const STAMP = new Date(NOW).toISOString();
const OLD = {
  sessionId: 'old-session-id-0123456789',
  bearerToken: 'old-bearer-token-0123456789',
  accessSecret: 'old-access-secret-0123',
  connectionToken: 'old-connection-token-01',
  flowId: 'old-login-flow-id-0123',
  pendingOtp: 'OLDPENDINGOTPSECRET234',
  otpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  adminPassword: 'old-admin-pass-0001',
  systemUserPassword: 'old-su-pass-00001',
  k8sToken: 'old-k8s-token-00001',
  gatewayPassword: 'old-gateway-pass-01',
  smtpPassword: 'old-smtp-pass-0001',
  proxySecret: 'old-proxy-secret-0001',
  appPassword: 'old-chrome-pass-0001',
  storageSecret: 'old-storage-secret-01',
};

/** The layout and rows of a database that ran migrations 1–21 only. */
function oldDatabase(file: string): Record<string, string> {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  for (const migration of migrations.filter((m) => m.id < 22)) {
    db.exec(migration.sql);
    db.prepare('INSERT INTO migrations (id, name, applied_at) VALUES (?, ?, ?)').run(
      migration.id,
      migration.name,
      STAMP,
    );
  }
  const ids = {
    user: randomUUID(),
    key: randomUUID(),
    systemUser: randomUUID(),
    k8s: randomUUID(),
    domain: randomUUID(),
    asset: randomUUID(),
    app: randomUUID(),
  };
  const insert = (table: string, row: Record<string, unknown>) =>
    db
      .prepare(
        `INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row)
          .map(() => '?')
          .join(', ')})`,
      )
      .run(...Object.values(row));
  insert('users', {
    id: ids.user,
    username: 'veteran',
    name: 'Veteran',
    email: 'veteran@example.test',
    role: 'Admin',
    password_hash: hashPasswordNow('Veteran-pass-1'),
    otp_secret_key: OLD.otpSecret,
    is_first_login: 0,
    date_expired: '2094-01-01T00:00:00.000Z',
    date_joined: STAMP,
  });
  insert('sessions', { id: OLD.sessionId, user_id: ids.user, expires_at: NOW + 3_600_000, created_at: NOW });
  insert('bearer_tokens', { token: OLD.bearerToken, user_id: ids.user, expires_at: NOW + 3_600_000 });
  insert('access_keys', { id: ids.key, secret: OLD.accessSecret, user_id: ids.user, date_created: STAMP });
  insert('connection_tokens', {
    token: OLD.connectionToken,
    user_id: ids.user,
    asset_id: ids.asset,
    system_user_id: ids.systemUser,
    expires_at: NOW + 60_000,
  });
  insert('login_flows', {
    id: OLD.flowId,
    data: JSON.stringify({ pendingUserId: ids.user, otpSecretPending: OLD.pendingOtp }),
    expires_at: NOW + 60_000,
  });
  insert('admin_users', {
    id: randomUUID(),
    name: 'old',
    username: 'root',
    password: OLD.adminPassword,
    date_created: STAMP,
    date_updated: STAMP,
  });
  insert('system_users', {
    id: ids.systemUser,
    name: 'old',
    username: 'deploy',
    password: OLD.systemUserPassword,
    date_created: STAMP,
    date_updated: STAMP,
  });
  insert('system_users', {
    id: ids.k8s,
    name: 'old-k8s',
    username: 'viewer',
    protocol: 'k8s',
    token: OLD.k8sToken,
    date_created: STAMP,
    date_updated: STAMP,
  });
  insert('domains', { id: ids.domain, name: 'old', date_created: STAMP });
  insert('gateways', {
    id: randomUUID(),
    name: 'old',
    ip: '127.0.0.9',
    password: OLD.gatewayPassword,
    domain: ids.domain,
    date_created: STAMP,
    date_updated: STAMP,
  });
  insert('assets', { id: ids.asset, hostname: 'old-win', ip: '127.0.0.8', platform: 'Windows', date_created: STAMP });
  insert('remote_apps', {
    id: ids.app,
    name: 'old',
    asset: ids.asset,
    path: 'C:\\chrome.exe',
    params: JSON.stringify({ chrome_target: 'http://x/', chrome_password: OLD.appPassword }),
    date_created: STAMP,
  });
  insert('replay_storages', {
    id: randomUUID(),
    name: 'old-s3',
    type: 's3',
    meta: JSON.stringify({ BUCKET: 'b', SECRET_KEY: OLD.storageSecret }),
    date_created: STAMP,
    date_updated: STAMP,
  });
  insert('settings', { name: 'EMAIL_HOST_PASSWORD', value: JSON.stringify(OLD.smtpPassword), category: 'email' });
  insert('settings', {
    name: 'TERMINAL_PROXY_SECRET',
    value: JSON.stringify(OLD.proxySecret),
    category: 'terminal_proxy',
  });
  db.close();
  return ids;
}

test('a database with credentials and tokens in clear is sealed and hashed on start; its logins and credentials still work', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-old-layout-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const dbFile = join(dir, 'bastion.sqlite3');
  const ids = oldDatabase(dbFile);
  const app = await buildApp({ dbFile, demoPassword: 'unused', now: () => NOW, allowedTargets: '127.0.0.0/8' });
  t.after(() => app.close());
  const { db } = app.bastion;
  assert.deepEqual(db.prepare('SELECT id FROM migrations WHERE id IN (22, 23) ORDER BY id').pluck().all(), [22, 23]);
  assertNotStored(app, OLD);

  const get = async (url: string, headers: Record<string, string>) => {
    const response = await app.inject({ method: 'GET', url, headers });
    assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
    return response.json();
  };
  assert.equal((await get('/api/v1/users/profile/', { cookie: `sessionid=${OLD.sessionId}` })).username, 'veteran');
  const bearer = { authorization: `Bearer ${OLD.bearerToken}` };
  assert.equal((await get('/api/v1/users/profile/', bearer)).username, 'veteran');
  const date = new Date(NOW).toUTCString();
  assert.equal(
    (await get('/api/v1/users/profile/', { authorization: `Sign ${ids.key}:${signFor(OLD.accessSecret, date)}`, date }))
      .username,
    'veteran',
  );
  assert.equal(
    (await get(`/api/v1/assets/system-users/${ids.systemUser}/auth-info/`, bearer)).password,
    OLD.systemUserPassword,
  );
  assert.equal((await get(`/api/v1/assets/system-users/${ids.k8s}/auth-info/`, bearer)).token, OLD.k8sToken);
  assert.equal(
    (await get(`/api/v1/assets/domains/${ids.domain}/?gateway=1`, bearer)).gateways[0].password,
    OLD.gatewayPassword,
  );
  assert.match(
    (await get(`/api/v1/applications/remote-apps/${ids.app}/connection-info/`, bearer)).parameter_remote_app.parameters,
    new RegExp(OLD.appPassword),
  );
  assert.equal(app.bastion.settings.get('EMAIL_HOST_PASSWORD'), OLD.smtpPassword);
  assert.equal(terminalProxySecret(db), OLD.proxySecret);
  assert.equal(storageConfig(db, 'replay_storages', 'old-s3').SECRET_KEY, OLD.storageSecret);
  assert.equal(readOtpSecret(db, ids.user), OLD.otpSecret);
  assert.equal(tokenOwner(db, OLD.connectionToken), ids.user);
  const flow = db
    .prepare('SELECT data FROM login_flows WHERE id_hash = ?')
    .pluck()
    .get(tokenHash(OLD.flowId)) as string;
  assert.deepEqual(JSON.parse(unseal(db, flow)), { pendingUserId: ids.user, otpSecretPending: OLD.pendingOtp });
});

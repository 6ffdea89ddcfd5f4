// The system-user push of §2.3 against the real sshd: the admin user logs in, becomes root with sudo
// (giving its password) and creates the system user's account; the test then logs in AS that account,
// with its password and with its key, and checks its shell and sudo rule. Needs root (the private sshd
// creates accounts on this machine, as every task test does) and sudo (node scripts/ensure-sshd.mjs).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { generateCredentials } from '../../../demo/server/assets/ssh-keys.ts';
import { parseAllowedTargets } from '../../../demo/shared/allowed-targets.ts';
import { withSsh, type SshEndpoint } from '../../../demo/server/tasks/ssh/connect.ts';
import { runCommand } from '../../../demo/server/tasks/ssh/exec.ts';
import { sudoersFile } from '../../../demo/server/tasks/push-script.ts';
import { uuid } from '../../../demo/server/core/lib/ids.ts';
import { bearer, build } from '../helpers.ts';
import { startSshd, type TestSshd } from '../support/sshd.ts';
import { followLog, insertAdminUser, insertAsset, taskResult } from '../support/task-fixtures.ts';

const SYSTEM_USERS = '/api/v1/assets/system-users/';
const PREFIX = 'jmspush';
let sshd: TestSshd;
const created: string[] = [];

before(async () => {
  sshd = await startSshd({ sudo: true, allowUsers: [`${PREFIX}*`] });
});
after(async () => {
  // The accounts this file pushed are removed from the machine, with their home and sudo rule.
  for (const name of created) {
    try {
      execFileSync('userdel', ['-r', name], { stdio: 'ignore' });
    } catch {
      /* never created */
    }
    execFileSync('rm', ['-f', sudoersFile(name)]);
  }
  await sshd?.stop();
});

const accountName = (): string => {
  const name = `${PREFIX}${randomBytes(4).toString('hex')}`;
  created.push(name);
  return name;
};

async function asAccount(endpoint: Omit<SshEndpoint, 'host' | 'port'>, command: string): Promise<string> {
  const policy = parseAllowedTargets('127.0.0.0/8');
  return withSsh({ host: sshd.host, port: sshd.port, ...endpoint }, { timeoutMs: 5000, policy }, async (client) => {
    const run = await runCommand(client, command, 5000);
    assert.equal(run.code, 0, `${command}: ${run.stderr}`);
    return run.stdout.trim();
  });
}

async function push(
  app: FastifyInstance,
  headers: Record<string, string>,
  systemUser: string,
  body: object,
  query = '',
) {
  const response = await app.inject({
    method: 'POST',
    url: `${SYSTEM_USERS}${systemUser}/tasks/${query}`,
    headers,
    payload: { action: 'push', ...body },
  });
  assert.equal(response.statusCode, 201, response.body);
  const { task } = response.json();
  const log = (await followLog(app, headers, task)).join('');
  return { log, result: (await taskResult(app, headers, task)).result, task };
}

async function pushFixture(t: Parameters<typeof build>[0], opts: Parameters<typeof build>[1] = {}) {
  const app = await build(t, { sshTimeoutMs: 8000, ...opts });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const admin = insertAdminUser(app, { username: sshd.username, password: sshd.password });
  const asset = insertAsset(app, { port: sshd.port, adminUser: admin, hostname: 'push-target' });
  return { app, headers, admin, asset };
}

async function createSystemUser(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: Record<string, unknown>,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: SYSTEM_USERS,
    headers,
    payload: { name: `push-${uuid().slice(0, 8)}`, protocol: 'ssh', ...body },
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().id;
}

test('push creates the account with its password, key, shell and sudo rule; the account then logs in both ways', async (t) => {
  const { app, headers, asset } = await pushFixture(t);
  const username = accountName();
  const creds = generateCredentials('pushed');
  const systemUser = await createSystemUser(app, headers, {
    username,
    password: creds.password,
    private_key: creds.private_key,
    shell: '/bin/sh',
    sudo: '/bin/whoami, /usr/bin/id,',
    auto_push: true,
  });
  app.bastion.db
    .prepare('INSERT INTO system_user_assets (system_user_id, asset_id) VALUES (?, ?)')
    .run(systemUser, asset);

  const { log, result, task } = await push(app, headers, systemUser, {});
  assert.deepEqual(result, { ok: ['push-target'], failed: {}, skipped: {} }, log);
  assert.match(log, new RegExp(`User ${username} created`));
  assert.match(log, /Password of \w+ set[\s\S]*Public key of \w+ added[\s\S]*Sudo rule of \w+ set/);
  assert.doesNotMatch(log, new RegExp(creds.password), 'the log never shows the password');
  const name = app.bastion.db.prepare('SELECT name FROM celery_tasks WHERE id = ?').pluck().get(task);
  assert.match(String(name), /^Push system users to assets: push-\w+$/);

  // What the host now holds, as the pushed account sees it.
  assert.equal(await asAccount({ username, password: creds.password }, 'id -un'), username, 'password login');
  assert.equal(await asAccount({ username, privateKey: creds.private_key }, 'id -un'), username, 'key login');
  assert.equal(
    await asAccount({ username, password: creds.password }, 'getent passwd "$(id -un)" | cut -d: -f7'),
    '/bin/sh',
  );
  assert.equal(
    await asAccount({ username, privateKey: creds.private_key }, 'sudo -n /bin/whoami'),
    'root',
    'the sudo rule lets it run /bin/whoami',
  );
  await assert.rejects(
    asAccount({ username, privateKey: creds.private_key }, 'sudo -n /bin/cat /etc/shadow'),
    /sudo/,
    'and nothing else',
  );
  assert.equal(
    readFileSync(sudoersFile(username), 'utf8'),
    `${username} ALL=(ALL) NOPASSWD: /bin/whoami, /usr/bin/id\n`,
    '2.3 keeps the text, trailing comma trimmed',
  );

  // Pushing again updates in place: the key is not added twice; an emptied sudo removes the rule.
  await app.inject({ method: 'PATCH', url: `${SYSTEM_USERS}${systemUser}/`, headers, payload: { sudo: '' } });
  const again = await push(app, headers, systemUser, { asset });
  assert.deepEqual(again.result.ok, ['push-target'], again.log);
  assert.match(again.log, /already present[\s\S]*Sudo rule of \w+ removed/);
  assert.equal(existsSync(sudoersFile(username)), false);
  const keys = await asAccount({ username, password: creds.password }, 'cat ~/.ssh/authorized_keys');
  assert.equal(keys.split('\n').length, 1, 'one key line');
});

test("a key-only account can log in with its key (useradd's locked password is replaced)", async (t) => {
  const { app, headers, asset } = await pushFixture(t);
  const username = accountName();
  const creds = generateCredentials('key-only');
  const systemUser = await createSystemUser(app, headers, { username, private_key: creds.private_key, sudo: '' });
  const { result, log } = await push(app, headers, systemUser, { asset });
  assert.deepEqual(result.ok, ['push-target'], log);
  assert.doesNotMatch(log, /Password of/);
  assert.equal(await asAccount({ username, privateKey: creds.private_key }, 'id -un'), username);
});

test("push fails honestly: an admin user that cannot sudo, a refused target, a dynamic user's unlinked username", async (t) => {
  const { app, headers, asset } = await pushFixture(t);
  const systemUser = await createSystemUser(app, headers, { username: accountName(), password: 'Pushed-1' });
  // The admin user logs in with a key and has no password to give sudo.
  const keyOnly = insertAdminUser(app, { username: sshd.username, private_key: sshd.privateKey });
  app.bastion.db.prepare('UPDATE assets SET admin_user = ? WHERE id = ?').run(keyOnly, asset);
  const noSudo = await push(app, headers, systemUser, { asset });
  assert.deepEqual(
    noSudo.result.failed,
    { 'push-target': 'The admin user is not root and cannot become root with sudo' },
    noSudo.log,
  );

  const dynamic = await createSystemUser(app, headers, { username_same_with_user: true, password: 'Pushed-1' });
  const unlinked = await push(app, headers, dynamic, { asset }, '?username=root');
  assert.deepEqual(
    Object.keys(unlinked.result.skipped),
    ['push-target'],
    'root is not one of its users: nothing is pushed',
  );

  const refusedApp = await pushFixture(t, { allowedTargets: '127.0.0.2/32' });
  const refusedUser = await createSystemUser(refusedApp.app, refusedApp.headers, {
    username: accountName(),
    password: 'Pushed-1',
  });
  const refused = await push(refusedApp.app, refusedApp.headers, refusedUser, { asset: refusedApp.asset });
  assert.match(refused.result.failed['push-target'], /Refused by the allow-list/);

  const bad = await app.inject({
    method: 'POST',
    url: `${SYSTEM_USERS}${systemUser}/tasks/`,
    headers,
    payload: { action: 'shove' },
  });
  assert.deepEqual([bad.statusCode, bad.json()], [400, { action: ['"shove" is not a valid choice.'] }]);
  const asUser = await app.inject({
    method: 'POST',
    url: `${SYSTEM_USERS}${systemUser}/tasks/`,
    headers: await bearer(app, 'user'),
    payload: { action: 'push' },
  });
  assert.equal(asUser.statusCode, 403);
});

test("linking an auto-push system user to an asset (or a node) pushes it there, as 2.3's link signal does", async (t) => {
  const { app, headers, asset } = await pushFixture(t);
  const username = accountName();
  const creds = generateCredentials('auto');
  const systemUser = await createSystemUser(app, headers, {
    username,
    password: creds.password,
    auto_push: true,
    sudo: '',
  });
  const manual = await createSystemUser(app, headers, {
    username: accountName(),
    login_mode: 'manual',
    auto_push: false,
  });
  const count = () => app.bastion.db.prepare('SELECT COUNT(*) FROM celery_tasks').pluck().get() as number;
  const before = count();
  const none = await app.inject({
    method: 'POST',
    url: '/api/v1/assets/system-users-assets-relations/',
    headers,
    payload: { systemuser: manual, asset },
  });
  assert.equal(none.statusCode, 201, none.body);
  assert.equal(count(), before, 'a manual system user is not pushed');

  const link = await app.inject({
    method: 'POST',
    url: '/api/v1/assets/system-users-assets-relations/',
    headers,
    payload: { systemuser: systemUser, asset },
  });
  assert.equal(link.statusCode, 201, link.body);
  const task = app.bastion.db.prepare('SELECT id, name FROM celery_tasks ORDER BY rowid DESC LIMIT 1').get() as {
    id: string;
    name: string;
  };
  assert.match(task.name, /^Push system users to assets: push-/);
  const log = (await followLog(app, headers, task.id)).join('');
  assert.deepEqual((await taskResult(app, headers, task.id)).result.ok, ['push-target'], log);
  assert.equal(
    await asAccount({ username, password: creds.password }, 'id -un'),
    username,
    'the linked account logs in',
  );
});

test("a dynamic system user pushes its users' accounts; ?username= on one asset pushes only that user", async (t) => {
  const { app, headers, asset } = await pushFixture(t);
  const db = app.bastion.db;
  const [first, second] = [accountName(), accountName()];
  const dynamic = await createSystemUser(app, headers, {
    username_same_with_user: true,
    password: 'Dyn-pass-1',
    sudo: '',
  });
  for (const username of [first, second]) {
    const id = uuid();
    db.prepare(
      `INSERT INTO users (id, username, name, email, role, date_expired, date_joined, created_by)
      VALUES (?, ?, ?, ?, 'User', '2099-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z', 'test')`,
    ).run(id, username, username, `${username}@example.com`);
    db.prepare('INSERT INTO system_user_users (system_user_id, user_id) VALUES (?, ?)').run(dynamic, id);
  }
  const one = await push(app, headers, dynamic, { asset }, `?username=${second}`);
  assert.deepEqual(one.result.ok, ['push-target'], one.log);
  assert.equal(await asAccount({ username: second, password: 'Dyn-pass-1' }, 'id -un'), second);
  assert.doesNotMatch(one.log, new RegExp(first), 'only the asked user');
  const name = db.prepare('SELECT name FROM celery_tasks WHERE id = ?').pluck().get(one.task);
  assert.equal(
    name,
    `Push system users to asset: ${db.prepare('SELECT name FROM system_users WHERE id = ?').pluck().get(dynamic)}(${second}) => push-target(127.0.0.1)`,
  );

  db.prepare('INSERT INTO system_user_assets (system_user_id, asset_id) VALUES (?, ?)').run(dynamic, asset);
  const all = await push(app, headers, dynamic, {});
  assert.deepEqual(all.result.ok, ['push-target'], all.log);
  // Accounts are pushed in username order, and the names are random: check each line on its own.
  assert.match(all.log, new RegExp(`User ${first} created`));
  assert.match(all.log, new RegExp(`User ${second} exists`));
  assert.equal(await asAccount({ username: first, password: 'Dyn-pass-1' }, 'id -un'), first);
});

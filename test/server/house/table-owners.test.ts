// One store module per table: every table the server writes with SQL of its own (migrations aside; the engine
// writes a resource's own table through its definition) is written from exactly one module, a store, named below.
// A write that slips in elsewhere fails here with the file and the statement.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '../../../demo/server');

/** Table -> the module that writes it (relative to demo/server). */
const STORES: Record<string, string> = {
  users: 'users/user-store.ts',
  terminal_sessions: 'terminal/session-store.ts',
  commands: 'terminal/command-store.ts',
  org_members: 'core/orgs/membership-store.ts',
  user_groups: 'users/group-store.ts',
  user_group_users: 'users/group-store.ts',
  terminals: 'terminal/terminal-store.ts',
  tickets: 'tickets/ticket-store.ts',
  assets: 'assets/asset-store.ts',
  system_users: 'assets/system-user-store.ts',
  system_user_assets: 'assets/system-user-link-store.ts',
  system_user_nodes: 'assets/system-user-link-store.ts',
  system_user_users: 'assets/system-user-link-store.ts',
  auth_book: 'assets/auth-book-store.ts',
  asset_nodes: 'assets/node-asset-store.ts',
  settings: 'settings/store.ts',
  asset_permissions: 'perms/permission-store.ts',
  asset_permission_users: 'perms/permission-store.ts',
  asset_permission_user_groups: 'perms/permission-store.ts',
  asset_permission_assets: 'perms/permission-store.ts',
  asset_permission_nodes: 'perms/permission-store.ts',
  asset_permission_system_users: 'perms/permission-store.ts',
  login_logs: 'auth/login/login-log-store.ts',
  operate_logs: 'core/operate-log-store.ts',
  password_change_logs: 'core/password-change-log-store.ts',
  ftp_logs: 'audits/ftp-log-store.ts',
  command_executions: 'ops/execution-store.ts',
  command_execution_hosts: 'ops/execution-store.ts',
  oauth_entries: 'core/auth/oauth-entry-store.ts',
  orgs: 'orgs/org-store.ts',
  nodes: 'assets/node-store.ts',
  gathered_users: 'assets/gathered-user-store.ts',
  database_apps: 'applications/app-store.ts',
  access_keys: 'terminal/access-key-store.ts',
  admin_users: 'assets/admin-user-store.ts',
  asset_labels: 'assets/label-store.ts',
  bearer_tokens: 'core/auth/login-store.ts',
  captcha_ips: 'auth/login/captcha-store.ts',
  captchas: 'auth/login/captcha-store.ts',
  celery_task_logs: 'tasks/store.ts',
  celery_tasks: 'tasks/store.ts',
  cmd_filter_rules: 'assets/cmd-filter-store.ts',
  connection_tokens: 'terminal/connection-token-store.ts',
  domains: 'assets/domain-store.ts',
  door_sign_ins: 'terminal/door-sign-in-store.ts',
  expired_replay_objects: 'terminal/replay-object-store.ts',
  labels: 'assets/label-store.ts',
  login_confirm_reviewers: 'users/login-confirm-store.ts',
  login_confirm_settings: 'users/login-confirm-store.ts',
  login_failures: 'core/auth/login-failure-store.ts',
  login_flows: 'auth/login/login-flow-store.ts',
  mail_outbox: 'users/mail-outbox-store.ts',
  ops_adhoc_executions: 'ops/job-center-store.ts',
  ops_adhocs: 'ops/job-center-store.ts',
  ops_tasks: 'ops/job-center-store.ts',
  platforms: 'assets/platform-store.ts',
  portal_clients: 'portal/portal-client-store.ts',
  private_tokens: 'core/auth/private-token-store.ts',
  remote_apps: 'applications/app-store.ts',
  replay_objects: 'terminal/replay-object-store.ts',
  sessions: 'core/auth/login-store.ts',
  system_user_cmd_filters: 'assets/cmd-filter-store.ts',
  terminal_tasks: 'terminal/task-store.ts',
  ticket_assignees: 'tickets/ticket-store.ts',
  ticket_comments: 'tickets/ticket-store.ts',
};

const MIGRATIONS = 'core/db/migrations/';

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : serverFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The write statements on `table` in a source text: INSERT / REPLACE INTO, UPDATE, DELETE FROM. */
function writesTo(table: string, source: string): string[] {
  const write = new RegExp(
    `\\b(?:INSERT\\s+(?:OR\\s+\\w+\\s+)?INTO|REPLACE\\s+INTO|UPDATE(?:\\s+OR\\s+\\w+)?|DELETE\\s+FROM)\\s+${table}\\b`,
    'gi',
  );
  return [...source.matchAll(write)].map((match) => match[0].replace(/\s+/g, ' '));
}

test('a table with a store module is written only by it', () => {
  const files = serverFiles(SERVER);
  assert.ok(files.length > 300, `read only ${files.length} files`);
  const elsewhere: string[] = [];
  for (const [table, store] of Object.entries(STORES)) {
    for (const file of files) {
      const name = relative(SERVER, file);
      if (name === store || name.startsWith(MIGRATIONS)) continue;
      for (const statement of writesTo(table, readFileSync(file, 'utf8'))) elsewhere.push(`${name}: ${statement}`);
    }
  }
  assert.deepEqual(elsewhere, []);
});

/** Every table some statement writes, with the files (relative to demo/server) that write it. */
function writersByTable(files: string[]): Map<string, Set<string>> {
  // SQL keywords in capitals, as the server writes them, and table names in lower case: prose in comments
  // ("an update of …") is not a statement.
  const anyWrite =
    /\b(?:INSERT\s+(?:OR\s+[A-Z]+\s+)?INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+[A-Z]+)?|DELETE\s+FROM)\s+([a-z_]+)\b/g;
  const writers = new Map<string, Set<string>>();
  for (const file of files) {
    const name = relative(SERVER, file);
    if (name.startsWith(MIGRATIONS)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(anyWrite)) {
      const table = match[1];
      // A table name built in a template (`asset_permission_${link}`) is its store's own business.
      if (table.endsWith('_')) continue;
      if (!writers.has(table)) writers.set(table, new Set());
      writers.get(table)!.add(name);
    }
  }
  return writers;
}

test('every table the server writes is written from one module', () => {
  const writers = writersByTable(serverFiles(SERVER));
  assert.ok(writers.size > 40, `found writes to only ${writers.size} tables`);
  const shared = [...writers]
    .filter(([, files]) => files.size > 1)
    .map(([table, files]) => `${table}: ${[...files].sort().join(', ')}`);
  assert.deepEqual(shared, []);
  // A store may build its statements from the table's name (system-user-links.ts): then no literal one is found.
  for (const [table, store] of Object.entries(STORES))
    for (const file of writers.get(table) ?? []) assert.equal(file, store, `${table} is written by ${store}`);
});

test('the reader finds every kind of write, and not a table whose name only starts the same', () => {
  const source = [
    "db.prepare('INSERT INTO users (id) VALUES (?)')",
    'db.prepare(`UPDATE users SET name = ?`)',
    "db.prepare('DELETE FROM users WHERE id = ?')",
    "db.prepare('INSERT OR IGNORE INTO users (id) VALUES (?)')",
    "db.prepare('update\n  users set x = 1')",
    "db.prepare('DELETE FROM users_groups WHERE 1')",
    "db.prepare('SELECT * FROM users')",
  ].join('\n');
  assert.deepEqual(writesTo('users', source), [
    'INSERT INTO users',
    'UPDATE users',
    'DELETE FROM users',
    'INSERT OR IGNORE INTO users',
    'update users',
  ]);
});

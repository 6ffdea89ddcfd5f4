// One store module per table: a table that has one is written nowhere else in the server (its migrations
// aside; the engine writes a resource's own table through its definition). Listed tables only, as each gets
// its store; a write that slips in elsewhere fails here with the file and the statement.
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
  org_members: 'core/orgs/membership.ts',
  user_groups: 'users/group-store.ts',
  user_group_users: 'users/group-store.ts',
  terminals: 'terminal/terminal-store.ts',
  tickets: 'tickets/ticket-store.ts',
  assets: 'assets/asset-store.ts',
  system_users: 'assets/system-user-store.ts',
  system_user_assets: 'assets/system-user-links.ts',
  system_user_nodes: 'assets/system-user-links.ts',
  system_user_users: 'assets/system-user-links.ts',
  auth_book: 'assets/auth-book.ts',
  asset_nodes: 'assets/node-assets.ts',
  settings: 'settings/store.ts',
  asset_permissions: 'perms/permission-store.ts',
  asset_permission_users: 'perms/permission-store.ts',
  asset_permission_user_groups: 'perms/permission-store.ts',
  asset_permission_assets: 'perms/permission-store.ts',
  asset_permission_nodes: 'perms/permission-store.ts',
  asset_permission_system_users: 'perms/permission-store.ts',
  login_logs: 'auth/login/login-log.ts',
  operate_logs: 'core/operate-log.ts',
  password_change_logs: 'core/password-change-log.ts',
  ftp_logs: 'audits/ftp-log-store.ts',
  command_executions: 'ops/execution-store.ts',
  command_execution_hosts: 'ops/execution-store.ts',
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

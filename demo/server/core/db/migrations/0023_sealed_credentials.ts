import type { DB } from '../database.ts';
import { seal, vaultOf } from '../../secrets/vault.ts';

// What held a credential in clear when this migration was written (later secrets come with their own
// migration; secrets/sealed-columns.ts lists what the code seals now).
const COLUMNS: [table: string, columns: string[]][] = [
  ['admin_users', ['password', 'private_key']],
  ['gateways', ['password', 'private_key']],
  ['system_users', ['password', 'private_key', 'token']],
  ['access_keys', ['secret']],
  ['users', ['otp_secret_key']],
];
const SETTINGS = ['EMAIL_HOST_PASSWORD', 'AUTH_LDAP_BIND_PASSWORD', 'TERMINAL_PROXY_SECRET'];
const JSON_KEYS: [table: string, column: string, keys: string[]][] = [
  ['remote_apps', 'params', ['chrome_password', 'mysql_workbench_password', 'vmware_password', 'custom_password']],
  ['replay_storages', 'meta', ['ACCESS_KEY', 'SECRET_KEY', 'ACCOUNT_KEY']],
  ['command_storages', 'meta', ['ACCESS_KEY', 'SECRET_KEY', 'ACCOUNT_KEY']],
];

function sealJsonKeys(db: DB, text: string, keys: string[]): string {
  const value = JSON.parse(text) as Record<string, unknown>;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return text;
  for (const key of keys) if (typeof value[key] === 'string') value[key] = seal(db, value[key] as string);
  return JSON.stringify(value);
}

export default {
  id: 23,
  name: 'sealed_credentials',
  // Credentials the server must read back are sealed with the secret key (secrets/vault.ts): the columns
  // above, the secret settings (JSON strings), the secret keys of remote-app params and storage meta, and
  // each sign-in flow's data (its RSA private key, a pending OTP secret). The key's fingerprint is kept so
  // that a later start with another key, or with none, stops instead of misreading (secrets/secret-key.ts).
  sql: `
      CREATE TABLE secret_key_check (id INTEGER PRIMARY KEY CHECK (id = 1), fingerprint TEXT NOT NULL);
    `,
  run: (db: DB): void => {
    for (const [table, columns] of COLUMNS) {
      for (const column of columns) {
        const update = db.prepare(`UPDATE ${table} SET ${column} = ? WHERE rowid = ?`);
        const rows = db.prepare(`SELECT rowid AS r, ${column} AS v FROM ${table} WHERE ${column} != ''`).all() as {
          r: number;
          v: string;
        }[];
        for (const { r, v } of rows) update.run(seal(db, v), r);
      }
    }
    const setting = db.prepare('UPDATE settings SET value = ? WHERE name = ?');
    for (const name of SETTINGS) {
      const raw = db.prepare('SELECT value FROM settings WHERE name = ?').pluck().get(name) as string | undefined;
      const value = raw === undefined ? undefined : (JSON.parse(raw) as unknown);
      if (typeof value === 'string' && value) setting.run(JSON.stringify(seal(db, value)), name);
    }
    for (const [table, column, keys] of JSON_KEYS) {
      const update = db.prepare(`UPDATE ${table} SET ${column} = ? WHERE rowid = ?`);
      for (const { r, v } of db.prepare(`SELECT rowid AS r, ${column} AS v FROM ${table}`).all() as {
        r: number;
        v: string;
      }[]) {
        update.run(sealJsonKeys(db, v, keys), r);
      }
    }
    const flow = db.prepare('UPDATE login_flows SET data = ? WHERE id_hash = ?');
    for (const { id, data } of db.prepare('SELECT id_hash AS id, data FROM login_flows').all() as {
      id: string;
      data: string;
    }[])
      flow.run(seal(db, data), id);
    db.prepare('INSERT INTO secret_key_check (id, fingerprint) VALUES (1, ?)').run(vaultOf(db).fingerprint);
  },
};

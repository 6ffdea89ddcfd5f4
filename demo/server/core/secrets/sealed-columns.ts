// Which columns hold sealed values (vault.ts), in one place: the engine seals them on every write and
// opens them on every read of a row, seeds and direct SQL use the same two helpers, so no caller sees
// ciphertext. Secrets inside JSON columns are sealed value by value by the module that owns the JSON
// (remote-app params, storage meta, settings, login flows); login tokens are stored as hashes
// (token-hash.ts). A new secret column goes here, and into a new migration that seals existing rows.
import type { DB } from '../db/database.ts';
import { seal, unseal } from './vault.ts';

export const SEALED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  admin_users: ['password', 'private_key'],
  gateways: ['password', 'private_key'],
  system_users: ['password', 'private_key', 'token'],
  // 2.3's AuthBook: one versioned credential of an account on an asset (assets/auth-book-store.ts).
  auth_book: ['password', 'private_key'],
  // A view over admin_users, system_users and auth_book: its columns carry their sealed values.
  asset_users: ['password', 'private_key'],
  access_keys: ['secret'],
  users: ['otp_secret_key'],
};

export const isSealedColumn = (table: string, column: string): boolean =>
  SEALED_COLUMNS[table]?.includes(column) ?? false;

/** A copy of `row` with the table's sealed columns (those present) in their stored form. */
export function sealColumns<T extends object>(db: DB, table: string, row: T): T {
  return mapColumns(row, table, (value) => seal(db, value));
}

/**
 * `row` (changed in place, and returned) with the table's sealed columns opened. `keep` limits which:
 * the others are removed, so a row that never needed them (a list page) cannot pass ciphertext on.
 */
export function openColumns<T extends object>(
  db: DB,
  table: string,
  row: T,
  keep: (column: string) => boolean = () => true,
): T {
  const fields = row as Record<string, unknown>;
  for (const column of SEALED_COLUMNS[table] ?? []) {
    if (!(column in fields)) continue;
    if (keep(column)) fields[column] = unseal(db, fields[column] as string | null);
    else delete fields[column];
  }
  return row;
}

function mapColumns<T extends object>(row: T, table: string, map: (value: string | null) => unknown): T {
  const out = { ...row } as Record<string, unknown>;
  for (const column of SEALED_COLUMNS[table] ?? []) {
    if (column in out && (typeof out[column] === 'string' || out[column] === null))
      out[column] = map(out[column] as string | null);
  }
  return out as T;
}

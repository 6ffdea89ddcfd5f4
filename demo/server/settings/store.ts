import type { DB } from '../core/db/open.ts';
import { seal, unseal } from '../core/secrets/vault.ts';
import { FIXED_SETTINGS, SETTING_GROUPS } from './schema.ts';

/**
 * A setting's row unless one is there (its stored JSON; of two first writers, one wins and both read it back).
 * Rows outside the setting groups (a terminal proxy's secret) are written through it too: the table has no
 * other writer.
 */
export function insertSettingIfMissing(db: DB, name: string, storedJson: string, category: string): void {
  db.prepare('INSERT OR IGNORE INTO settings (name, value, category) VALUES (?, ?, ?)').run(name, storedJson, category);
}

/**
 * One row per key, JSON value (like JumpServer's Setting model). Missing rows read as defaults. The
 * write-only settings (the SMTP and LDAP bind passwords) are stored sealed (secrets/vault.ts): the row's
 * JSON is the sealed string, opened here, so every reader gets the password and none the ciphertext.
 */
export class SettingsStore {
  private readonly defaults = new Map<string, unknown>();
  private readonly sealed = new Set<string>();

  constructor(private readonly db: DB) {
    for (const fields of Object.values(SETTING_GROUPS)) {
      for (const [name, field] of Object.entries(fields)) {
        this.defaults.set(name, field.default);
        if (field.writeOnly) this.sealed.add(name);
      }
    }
    for (const [name, value] of Object.entries(FIXED_SETTINGS)) this.defaults.set(name, value);
  }

  get<T = unknown>(name: string): T {
    const row = this.db.prepare('SELECT value FROM settings WHERE name = ?').get(name) as { value: string } | undefined;
    if (!row) return this.defaults.get(name) as T;
    const value = JSON.parse(row.value) as unknown;
    return (this.sealed.has(name) && typeof value === 'string' ? unseal(this.db, value) : value) as T;
  }

  set(name: string, value: unknown, category: string): void {
    this.db
      .prepare(
        'INSERT INTO settings (name, value, category) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value',
      )
      .run(name, this.stored(name, value), category);
  }

  /** Writes every default that has no row yet (first start). */
  seedDefaults(overrides: Record<string, unknown> = {}): void {
    for (const [group, fields] of Object.entries(SETTING_GROUPS)) {
      for (const [name, field] of Object.entries(fields))
        this.insertMissing(name, overrides[name] ?? field.default, group);
    }
    for (const [name, value] of Object.entries(FIXED_SETTINGS)) this.insertMissing(name, value, 'fixed');
  }

  private insertMissing(name: string, value: unknown, category: string): void {
    insertSettingIfMissing(this.db, name, this.stored(name, value), category);
  }

  private stored(name: string, value: unknown): string {
    return JSON.stringify(this.sealed.has(name) && typeof value === 'string' ? seal(this.db, value) : value);
  }
}

/** A row's stored JSON by name, as written (sealed or not); undefined when there is none (terminal/proxy-secret.ts). */
export function storedSettingValue(db: DB, name: string): string | undefined {
  return db.prepare('SELECT value FROM settings WHERE name = ?').pluck().get(name) as string | undefined;
}

import type { DB } from '../db/open.ts';
import { FIXED_SETTINGS, SETTING_GROUPS } from './schema.ts';

/** One row per key, JSON value (like JumpServer's Setting model). Missing rows read as defaults. */
export class SettingsStore {
  private readonly defaults = new Map<string, unknown>();

  constructor(private readonly db: DB) {
    for (const fields of Object.values(SETTING_GROUPS)) {
      for (const [name, field] of Object.entries(fields)) this.defaults.set(name, field.default);
    }
    for (const [name, value] of Object.entries(FIXED_SETTINGS)) this.defaults.set(name, value);
  }

  get<T = unknown>(name: string): T {
    const row = this.db.prepare('SELECT value FROM settings WHERE name = ?').get(name) as { value: string } | undefined;
    return (row ? JSON.parse(row.value) : this.defaults.get(name)) as T;
  }

  set(name: string, value: unknown, category: string): void {
    this.db.prepare(
      'INSERT INTO settings (name, value, category) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value',
    ).run(name, JSON.stringify(value), category);
  }

  /** Writes every default that has no row yet (first start). */
  seedDefaults(overrides: Record<string, unknown> = {}): void {
    for (const [group, fields] of Object.entries(SETTING_GROUPS)) {
      for (const [name, field] of Object.entries(fields)) this.insertMissing(name, overrides[name] ?? field.default, group);
    }
    for (const [name, value] of Object.entries(FIXED_SETTINGS)) this.insertMissing(name, value, 'fixed');
  }

  private insertMissing(name: string, value: unknown, category: string): void {
    this.db.prepare('INSERT OR IGNORE INTO settings (name, value, category) VALUES (?, ?, ?)')
      .run(name, JSON.stringify(value), category);
  }
}

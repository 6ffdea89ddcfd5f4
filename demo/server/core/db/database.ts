// The connection type on its own, for the modules db/open.ts itself imports (the secret key, the
// migrations): importing it from open.ts would tie them and open.ts in a cycle.
import type Database from 'better-sqlite3';

export type DB = Database.Database;

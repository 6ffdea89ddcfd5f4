import type { DB } from './database.ts';
import * as numbered from './migrations/index.ts';

// Numbered, append-only migrations, one file each in migrations/ (the layout of Django's and Prisma's
// migration folders: a change is found by its name, and a diff shows one). Never edit a released one:
// add the next number. `db/open.ts` applies, in this order, those whose id the `migrations` table lacks.
// `run` (optional) rewrites rows in code after the SQL, in the same transaction: what SQL cannot compute
// (hashes, encryption with the secret key the connection was opened with).
export interface Migration {
  id: number;
  name: string;
  sql: string;
  run?: (db: DB) => void;
}

export const migrations: Migration[] = (Object.values(numbered) as Migration[]).sort((a, b) => a.id - b.id);

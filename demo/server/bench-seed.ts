// Fills a scratch database with many users for `npm run bench` (one transaction, one prepared
// statement). Call it on a database built by buildApp, then time app.inject calls.
import type { DB } from './db/open.ts';
import { defaultExpiry, isoAt } from './lib/time.ts';

const FIRST = ['Alice', 'Bruno', 'Chen', 'Divya', 'Emil', 'Fatima', 'Goran', 'Hana', 'Ivan', 'Jun', 'Kofi', 'Lena', 'Mateo', 'Nadia', 'Omar', 'Priya'];
const LAST = ['Smith', 'Wang', 'Garcia', 'Kumar', 'Müller', 'Rossi', 'Silva', 'Kim', 'Novak', 'Okafor', 'Li', 'Haddad'];
const SOURCES = ['local', 'local', 'local', 'ldap', 'openid', 'radius', 'cas'];

/** Inserts `count` users named `bench<N>` (N from 1); returns how many rows were added. */
export function seedBulkUsers(db: DB, count: number, nowMs = Date.now()): number {
  const joined = isoAt(nowMs);
  const expires = defaultExpiry(nowMs);
  const insert = db.prepare(`INSERT INTO users (id, username, name, email, role, source, is_active, is_first_login,
    date_expired, date_joined, created_by, comment) VALUES (?, ?, ?, ?, 'User', ?, ?, 0, ?, ?, 'bench', '')`);
  const start = (db.prepare("SELECT COUNT(*) FROM users WHERE created_by = 'bench'").pluck().get() as number) + 1;
  db.transaction(() => {
    for (let n = start; n < start + count; n += 1) {
      const name = `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]} ${n}`;
      // A deterministic uuid-shaped id keeps the seed fast (no crypto per row) and reproducible.
      const id = `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
      insert.run(id, `bench${n}`, name, `bench${n}@example.com`, SOURCES[n % SOURCES.length], n % 10 === 0 ? 0 : 1, expires, joined);
    }
  })();
  return count;
}

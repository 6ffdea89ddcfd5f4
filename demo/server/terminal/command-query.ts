// The commands list query (2.3 CommandQueryMixin + the DB store's filter): a time window (`date_from` /
// `date_to`, default the last 5 days; no default window when one session is asked for), then `user`
// (prefix), `asset`, `system_user`, `session_id`, `risk_level` (exact), `input` (contains), newest first.
// Every filter is a range of one index (org_id, <column>, timestamp); `input` uses the FTS5 trigram
// table when the window holds many rows, LIKE over the window's rows when it holds few.
import { BadRequest } from '../lib/bad-request.ts';
import { parseDateTime } from '../lib/time.ts';
import type { Org } from '../context.ts';
import type { DB } from '../db/open.ts';
import type { Clause } from '../engine/types.ts';
import { singleValues } from '../engine/query-params.ts';
import { storedOrgId } from '../orgs/current-org.ts';

export const DEFAULT_DAYS = 5;
/** Below this many rows in the window, `input` is matched by LIKE on them instead of the FTS index. */
const SCAN_LIMIT = 20_000;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export interface CommandWhere { sql: string; params: unknown[] }

function epochOf(raw: string | undefined, name: string): number | null {
  if (raw === undefined || raw === '') return null;
  if (/^\d{1,12}(\.\d+)?$/.test(raw)) return Math.floor(Number(raw));
  const iso = parseDateTime(raw);
  if (!iso) throw new BadRequest(() => ({ [name]: ['Datetime has wrong format.'] }));
  return Math.floor(Date.parse(iso) / 1000);
}

export function commandWhere(db: DB, org: Org, raw: Record<string, unknown>, nowMs: number): CommandWhere {
  const query = singleValues(raw);
  const clauses: Clause[] = [];
  if (org.kind !== 'root') clauses.push({ sql: 'org_id = ?', params: [storedOrgId(org)] });
  const session = query.session_id || query.session;
  let from = epochOf(query.date_from, 'date_from');
  let to = epochOf(query.date_to, 'date_to');
  if (!session) {
    from ??= Math.floor(nowMs / 1000) - DEFAULT_DAYS * 86_400;
    to ??= Math.floor(nowMs / 1000);
  }
  if (from !== null) clauses.push({ sql: 'timestamp >= ?', params: [from] });
  if (to !== null) clauses.push({ sql: 'timestamp <= ?', params: [to] });
  // 2.3: user__startswith; a range keeps it on the index.
  if (query.user) clauses.push({ sql: 'user >= ? AND user < ?', params: [query.user, `${query.user}\u{10FFFF}`] });
  if (query.asset) clauses.push({ sql: 'asset = ?', params: [query.asset] });
  if (query.system_user) clauses.push({ sql: 'system_user = ?', params: [query.system_user] });
  if (session) clauses.push({ sql: 'session = ?', params: [session] });
  // 2.3 ignores a risk level that is not a number.
  if (query.risk_level !== undefined && /^\d+$/.test(query.risk_level)) clauses.push({ sql: 'risk_level = ?', params: [Number(query.risk_level)] });
  const base = join(clauses);
  if (query.input) {
    if (query.input.length > 128) throw new BadRequest(() => ({ input: ['Ensure this field has no more than 128 characters.'] }));
    const like: Clause = { sql: "input LIKE ? ESCAPE '\\'", params: [`%${escapeLike(query.input)}%`] };
    const useFts = [...query.input].length >= 3 && windowSize(db, base) > SCAN_LIMIT;
    clauses.push(useFts
      ? { sql: 'rowid IN (SELECT rowid FROM commands_fts WHERE commands_fts MATCH ?)', params: [`"${query.input.replace(/"/g, '""')}"`] }
      : like);
  }
  const where = join(clauses);
  return { sql: where.sql ? `WHERE ${where.sql}` : '', params: where.params };
}

function windowSize(db: DB, base: Clause): number {
  const sql = `SELECT COUNT(*) FROM (SELECT 1 FROM commands ${base.sql ? `WHERE ${base.sql}` : ''} LIMIT ${SCAN_LIMIT + 1})`;
  return db.prepare(sql).pluck().get(...base.params) as number;
}

function join(clauses: Clause[]): Clause {
  return { sql: clauses.map((c) => c.sql).join(' AND '), params: clauses.flatMap((c) => c.params) };
}

// The commands list query (2.3 CommandQueryMixin + the DB store's filter): a time window (`date_from` /
// `date_to`, default the last 5 days; no default window when one session is asked for), then `user`
// (prefix), `asset`, `system_user`, `session_id`, `risk_level` (exact), `input` (contains), newest first.
// The window is a range of `seq` (timestamp * 2^20 + n, migration 12): every filter is one range of an
// (org_id, <column>, seq) index, already newest first; `input` of 2+ characters reads the FTS5 trigram
// index within the range (migration 20).
import { BadRequest } from '../core/lib/bad-request.ts';
import { parseDateTime } from '../core/lib/time.ts';
import type { Org } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import type { Clause } from '../engine/types.ts';
import { singleValues } from '../engine/query-params.ts';
import { storedOrgId } from '../core/orgs/current-org.ts';

export const DEFAULT_DAYS = 5;
/** seq = timestamp * SEQ_SPAN + n (migration 12): a second of commands is one range of seq. */
export const SEQ_SPAN = 1_048_576;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const quoted = (term: string) => `"${term.replace(/"/g, '""')}"`;
/** A term no stored command line can contain (they hold no control characters, migration 20). */
const NO_MATCH = Symbol('no match');
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The trigram index's query for `term` (migration 20): a phrase from 3 characters; for 2, the trigrams
 * that start with it, whatever follows (the indexed text ends with two line feeds, so a pair at the end
 * of a line starts one too). Null for a single character: its trigrams are too many to be worth listing.
 */
function ftsMatch(db: DB, term: string): string | null | typeof NO_MATCH {
  if (CONTROL.test(term)) return NO_MATCH;
  const length = [...term].length;
  if (length >= 3) return quoted(term);
  if (length < 2) return null;
  // The index folds case as its tokenizer does; its terms are stored folded.
  const prefix = term.toLowerCase();
  const terms = db
    .prepare('SELECT term FROM commands_fts_terms WHERE term >= ? AND term < ?')
    .pluck()
    .all(prefix, `${prefix}\u{10FFFF}`) as string[];
  return terms.length ? terms.map(quoted).join(' OR ') : NO_MATCH;
}

/**
 * `fts`: the WHERE reads the trigram index (its matching seqs are then listed once, counted and paged in memory).
 * `window`: set when the WHERE is nothing but the org and a time window (seq range), which command-count.ts
 * counts from the hourly totals.
 */
export interface CommandWhere {
  sql: string;
  params: unknown[];
  index: string;
  fts: boolean;
  window?: { orgId: string | null; low: number; high: number };
}

function epochOf(raw: string | undefined, name: string): number | null {
  if (raw === undefined || raw === '') return null;
  if (/^\d{1,12}(\.\d+)?$/.test(raw)) return Math.floor(Number(raw));
  const iso = parseDateTime(raw);
  if (!iso) throw new BadRequest(() => ({ [name]: ['Datetime has wrong format.'] }));
  return Math.floor(Date.parse(iso) / 1000);
}

const clampEpoch = (epoch: number) => Math.min(Math.max(epoch, 0), 253_402_300_799);

/**
 * WHERE of the commands list and the index that serves it best (named, because the planner's estimate of a
 * prefix range on `user` is poor): session > asset > user > system user > risk level > the window alone.
 */
export function commandWhere(db: DB, org: Org, raw: Record<string, unknown>, nowMs: number): CommandWhere {
  const query = singleValues(raw);
  const clauses: Clause[] = [];
  const inOrg = org.kind !== 'root';
  if (inOrg) clauses.push({ sql: 'org_id = ?', params: [storedOrgId(org)] });
  const session = query.session_id || query.session;
  let from = epochOf(query.date_from, 'date_from');
  let to = epochOf(query.date_to, 'date_to');
  if (!session) {
    from ??= Math.floor(nowMs / 1000) - DEFAULT_DAYS * 86_400;
    to ??= Math.floor(nowMs / 1000);
  }
  const low = from === null ? null : clampEpoch(from) * SEQ_SPAN;
  const high = to === null ? null : clampEpoch(to) * SEQ_SPAN + SEQ_SPAN - 1;
  if (low !== null) clauses.push({ sql: 'seq >= ?', params: [low] });
  if (high !== null) clauses.push({ sql: 'seq <= ?', params: [high] });
  let index = inOrg ? 'commands_time' : '';
  // 2.3: user__startswith; a range keeps it on the index.
  if (query.risk_level !== undefined && /^\d+$/.test(query.risk_level)) {
    clauses.push({ sql: 'risk_level = ?', params: [Number(query.risk_level)] });
    if (inOrg) index = 'commands_risk';
  }
  if (query.system_user) {
    clauses.push({ sql: 'system_user = ?', params: [query.system_user] });
    if (inOrg) index = 'commands_system_user';
  }
  if (query.user) {
    clauses.push({ sql: 'user >= ? AND user < ?', params: [query.user, `${query.user}\u{10FFFF}`] });
    if (inOrg) index = 'commands_user';
  }
  if (query.asset) {
    clauses.push({ sql: 'asset = ?', params: [query.asset] });
    if (inOrg) index = 'commands_asset';
  }
  if (session) {
    clauses.push({ sql: 'session = ?', params: [session] });
    index = 'commands_session';
  }
  let fts = false;
  if (query.input) {
    if (query.input.length > 128)
      throw new BadRequest(() => ({ input: ['Ensure this field has no more than 128 characters.'] }));
    const match = session ? null : ftsMatch(db, query.input);
    if (match === NO_MATCH) {
      clauses.push({ sql: '0', params: [] });
    } else if (match) {
      // The trigram index answers 2+ characters, reading only the window's matches (a rowid range); a
      // session's few commands, or a single character, are matched on the rows themselves.
      const range = [low === null ? '' : ' AND rowid >= ?', high === null ? '' : ' AND rowid <= ?'].join('');
      clauses.push({
        sql: `seq IN (SELECT rowid FROM commands_fts WHERE commands_fts MATCH ?${range})`,
        params: [match, ...[low, high].filter((v) => v !== null)],
      });
      if (index === 'commands_time') index = '';
      fts = true;
    } else {
      clauses.push({ sql: "input LIKE ? ESCAPE '\\'", params: [`%${escapeLike(query.input)}%`] });
    }
  }
  const where = clauses.map((c) => c.sql).join(' AND ');
  const windowOnly = clauses.length === (inOrg ? 1 : 0) + (low === null ? 0 : 1) + (high === null ? 0 : 1);
  const window =
    windowOnly && low !== null && high !== null ? { orgId: inOrg ? storedOrgId(org) : null, low, high } : undefined;
  return { sql: where ? `WHERE ${where}` : '', params: clauses.flatMap((c) => c.params), index, fts, window };
}

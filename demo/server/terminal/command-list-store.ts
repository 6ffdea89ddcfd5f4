// The commands list's reads (command-routes.ts, command-detail-route.ts, command-count.ts): what the list asks
// for comes as plain values (command-query.ts reads them from the query string), the SQL is made here. Every
// filter is one range of an (org_id, <column>, seq) index, already newest first, and the list names the index
// that serves its narrowest filter (the planner's estimate of a prefix range on `user` is poor); `input` of 2+
// characters reads the FTS5 trigram index within the window (migration 20).
import type { DB } from '../core/db/open.ts';
import type { Row } from '../engine/types.ts';

/** The commands a list asks for; null where a caller may see none at all. */
export interface CommandFilter {
  /** The org's stored id; null: every org (ROOT). */
  orgId: string | null;
  /** The time window as a range of seq (timestamp * SEQ_SPAN + n); an end is open when one session is asked for. */
  low: number | null;
  high: number | null;
  riskLevel?: number;
  systemUser?: string;
  /** A prefix of the user's label (2.3: user__startswith). */
  user?: string;
  asset?: string;
  session?: string;
  /** `input`: the trigram index's query for it, a text to find by LIKE, or a term no command can contain. */
  input?: { match: string } | { contains: string } | 'nothing';
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

interface Where {
  sql: string;
  params: unknown[];
  index: string;
}

/** WHERE of the list and the index that serves it best: session > asset > user > system user > risk level > the window alone. */
function whereOf(filter: CommandFilter | null): Where {
  if (!filter) return { sql: 'WHERE 0', params: [], index: '' };
  const clauses: { sql: string; params: unknown[] }[] = [];
  const { low, high } = filter;
  const inOrg = filter.orgId !== null;
  if (inOrg) clauses.push({ sql: 'org_id = ?', params: [filter.orgId] });
  if (low !== null) clauses.push({ sql: 'seq >= ?', params: [low] });
  if (high !== null) clauses.push({ sql: 'seq <= ?', params: [high] });
  let index = inOrg ? 'commands_time' : '';
  if (filter.riskLevel !== undefined) {
    clauses.push({ sql: 'risk_level = ?', params: [filter.riskLevel] });
    if (inOrg) index = 'commands_risk';
  }
  if (filter.systemUser) {
    clauses.push({ sql: 'system_user = ?', params: [filter.systemUser] });
    if (inOrg) index = 'commands_system_user';
  }
  // A prefix as a range keeps it on the index.
  if (filter.user) {
    clauses.push({ sql: 'user >= ? AND user < ?', params: [filter.user, `${filter.user}\u{10FFFF}`] });
    if (inOrg) index = 'commands_user';
  }
  if (filter.asset) {
    clauses.push({ sql: 'asset = ?', params: [filter.asset] });
    if (inOrg) index = 'commands_asset';
  }
  if (filter.session) {
    clauses.push({ sql: 'session = ?', params: [filter.session] });
    index = 'commands_session';
  }
  const input = filter.input;
  if (input === 'nothing') {
    clauses.push({ sql: '0', params: [] });
  } else if (input && 'match' in input) {
    // The trigram index answers 2+ characters, reading only the window's matches (a rowid range); a
    // session's few commands, or a single character, are matched on the rows themselves.
    const range = [low === null ? '' : ' AND rowid >= ?', high === null ? '' : ' AND rowid <= ?'].join('');
    clauses.push({
      sql: `seq IN (SELECT rowid FROM commands_fts WHERE commands_fts MATCH ?${range})`,
      params: [input.match, ...[low, high].filter((v) => v !== null)],
    });
    if (index === 'commands_time') index = '';
  } else if (input) {
    clauses.push({ sql: "input LIKE ? ESCAPE '\\'", params: [`%${escapeLike(input.contains)}%`] });
  }
  const where = clauses.map((c) => c.sql).join(' AND ');
  return { sql: where ? `WHERE ${where}` : '', params: clauses.flatMap((c) => c.params), index };
}

const from = (where: Where) => `commands${where.index ? ` INDEXED BY ${where.index}` : ''} ${where.sql}`;

export function countCommands(db: DB, filter: CommandFilter | null): number {
  const where = whereOf(filter);
  return db
    .prepare(`SELECT COUNT(*) FROM ${from(where)}`)
    .pluck()
    .get(...where.params) as number;
}

/** Newest first: seq orders by timestamp, then arrival. */
export function selectCommands(db: DB, filter: CommandFilter | null, limit: number, offset: number): Row[] {
  const where = whereOf(filter);
  return db
    .prepare(`SELECT * FROM ${from(where)} ORDER BY seq DESC LIMIT ${limit} OFFSET ${offset}`)
    .all(...where.params) as Row[];
}

/** The seq of every match, newest first (an `input` search: counted and paged in memory). */
export function matchingSeqs(db: DB, filter: CommandFilter | null): number[] {
  const where = whereOf(filter);
  return db
    .prepare(`SELECT seq FROM ${from(where)} ORDER BY seq DESC`)
    .pluck()
    .all(...where.params) as number[];
}

export function commandsWithSeqs(db: DB, seqs: number[]): Row[] {
  return db
    .prepare('SELECT * FROM commands WHERE seq IN (SELECT value FROM json_each(?)) ORDER BY seq DESC')
    .all(JSON.stringify(seqs)) as Row[];
}

/** The trigram index's terms that start with `prefix` (stored folded, as its tokenizer folds case). */
export function ftsTermsFrom(db: DB, prefix: string): string[] {
  return db
    .prepare('SELECT term FROM commands_fts_terms WHERE term >= ? AND term < ?')
    .pluck()
    .all(prefix, `${prefix}\u{10FFFF}`) as string[];
}

/** One command, if it is in the org whose stored id is `orgId` (null: any org). */
export function commandInOrg(db: DB, id: string, orgId: string | null): Row | undefined {
  return (
    orgId === null
      ? db.prepare('SELECT * FROM commands WHERE id = ?').get(id)
      : db.prepare('SELECT * FROM commands WHERE id = ? AND org_id = ?').get(id, orgId)
  ) as Row | undefined;
}

/** The commands of a seq range, counted on the rows (in the org, or every org for null). */
export function countSeqRange(db: DB, orgId: string | null, from: number, to: number): number {
  return (
    orgId !== null
      ? db
          .prepare('SELECT COUNT(*) FROM commands INDEXED BY commands_time WHERE org_id = ? AND seq BETWEEN ? AND ?')
          .pluck()
          .get(orgId, from, to)
      : db.prepare('SELECT COUNT(*) FROM commands WHERE seq BETWEEN ? AND ?').pluck().get(from, to)
  ) as number;
}

/** The commands of whole hours, from command_counts (migration 21, kept by triggers). */
export function countHours(db: DB, orgId: string | null, firstHour: number, lastHour: number): number {
  return (
    orgId !== null
      ? db
          .prepare('SELECT COALESCE(SUM(count), 0) FROM command_counts WHERE org_id = ? AND hour BETWEEN ? AND ?')
          .pluck()
          .get(orgId, firstHour, lastHour)
      : db
          .prepare('SELECT COALESCE(SUM(count), 0) FROM command_counts WHERE hour BETWEEN ? AND ?')
          .pluck()
          .get(firstHour, lastHour)
  ) as number;
}

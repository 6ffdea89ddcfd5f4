// The commands list query (2.3 CommandQueryMixin + the DB store's filter): a time window (`date_from` /
// `date_to`, default the last 5 days; no default window when one session is asked for), then `user`
// (prefix), `asset`, `system_user`, `session_id`, `risk_level` (exact), `input` (contains), newest first.
// The window is a range of `seq` (timestamp * 2^20 + n, migration 12): every filter is one range of an
// (org_id, <column>, seq) index, already newest first; `input` of 2+ characters reads the FTS5 trigram
// index within the range (migration 20). The SQL of it all is command-list-store.ts's.
import { BadRequest } from '../core/lib/bad-request.ts';
import { parseDateTime } from '../core/lib/time.ts';
import type { Org } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { singleValues } from '../engine/query-params.ts';
import { storedOrgId } from '../core/orgs/current-org.ts';
import { ftsTermsFrom, type CommandFilter } from './command-list-store.ts';

export const DEFAULT_DAYS = 5;
/** seq = timestamp * SEQ_SPAN + n (migration 12): a second of commands is one range of seq. */
export const SEQ_SPAN = 1_048_576;
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
  const terms = ftsTermsFrom(db, prefix);
  return terms.length ? terms.map(quoted).join(' OR ') : NO_MATCH;
}

/** The time window alone (org aside): command-count.ts counts it from the hourly totals. */
export interface BareWindow {
  orgId: string | null;
  low: number;
  high: number;
}

function epochOf(raw: string | undefined, name: string): number | null {
  if (raw === undefined || raw === '') return null;
  if (/^\d{1,12}(\.\d+)?$/.test(raw)) return Math.floor(Number(raw));
  const iso = parseDateTime(raw);
  if (!iso) throw new BadRequest(() => ({ [name]: ['Datetime has wrong format.'] }));
  return Math.floor(Date.parse(iso) / 1000);
}

const clampEpoch = (epoch: number) => Math.min(Math.max(epoch, 0), 253_402_300_799);

/** What the commands list asks for (command-list-store.ts makes the SQL). */
export function commandFilter(db: DB, org: Org, raw: Record<string, unknown>, nowMs: number): CommandFilter {
  const query = singleValues(raw);
  const filter: CommandFilter = { orgId: org.kind === 'root' ? null : storedOrgId(org), low: null, high: null };
  const session = query.session_id || query.session;
  let from = epochOf(query.date_from, 'date_from');
  let to = epochOf(query.date_to, 'date_to');
  if (!session) {
    from ??= Math.floor(nowMs / 1000) - DEFAULT_DAYS * 86_400;
    to ??= Math.floor(nowMs / 1000);
  }
  filter.low = from === null ? null : clampEpoch(from) * SEQ_SPAN;
  filter.high = to === null ? null : clampEpoch(to) * SEQ_SPAN + SEQ_SPAN - 1;
  if (query.risk_level !== undefined && /^\d+$/.test(query.risk_level)) filter.riskLevel = Number(query.risk_level);
  if (query.system_user) filter.systemUser = query.system_user;
  if (query.user) filter.user = query.user;
  if (query.asset) filter.asset = query.asset;
  if (session) filter.session = session;
  if (query.input) {
    if (query.input.length > 128)
      throw new BadRequest(() => ({ input: ['Ensure this field has no more than 128 characters.'] }));
    // A session's few commands, or a single character, are matched on the rows themselves.
    const match = session ? null : ftsMatch(db, query.input);
    filter.input = match === NO_MATCH ? 'nothing' : match ? { match } : { contains: query.input };
  }
  return filter;
}

/** Whether the filter reads the trigram index (its matching seqs are then listed once, counted and paged in memory). */
export const searchesInput = (filter: CommandFilter | null): boolean =>
  typeof filter?.input === 'object' && 'match' in filter.input;

/** The window, when the filter is nothing but the org and a time window (a seq range). */
export function bareWindow(filter: CommandFilter | null): BareWindow | undefined {
  if (!filter || filter.low === null || filter.high === null) return undefined;
  const { riskLevel, systemUser, user, asset, session, input } = filter;
  const filtered = riskLevel !== undefined || systemUser || user || asset || session || input;
  return filtered ? undefined : { orgId: filter.orgId, low: filter.low, high: filter.high };
}

// Runs a list query: the WHERE from the request, one page (or every row), and the count when paged.
import { openColumns } from '../core/secrets/sealed-columns.ts';
import { pageOf, type Page } from './paging.ts';
import { listWhere, orderBy } from './query.ts';
import type { HookArgs, ResourceDef, Row } from './types.ts';

export interface ListRows {
  rows: Row[];
  page: Page | null;
  count: number;
}

export function listRows(def: ResourceDef, args: HookArgs, query: Record<string, string>, maxRows?: number): ListRows {
  const where = listWhere(def, args, query);
  const page = pageOf(query);
  // A list shows no write-only field: only the credentials it shows are opened, the others left out.
  const shown = (column: string) => !!def.fields[column] && !def.fields[column].write_only;
  const select = (order: string, limit: string) =>
    (args.db.prepare(`SELECT * FROM ${def.table} ${where.sql} ${order}${limit}`).all(...where.params) as Row[]).map(
      (row) => openColumns(args.db, def.table, row, shown),
    );
  if (!page) {
    const rows = select(orderBy(def, query.order), maxRows ? ` LIMIT ${maxRows}` : '');
    return { rows, page, count: rows.length };
  }
  const count = args.db
    .prepare(`SELECT COUNT(*) FROM ${def.table} ${where.sql}`)
    .pluck()
    .get(...where.params) as number;
  const limit = Math.min(page.limit, maxRows ?? page.limit);
  // SQLite walks OFFSET rows one by one: a page in the second half is read from the other end instead.
  const fromEnd = page.offset > count / 2;
  if (!fromEnd)
    return { rows: select(orderBy(def, query.order), ` LIMIT ${limit} OFFSET ${page.offset}`), page, count };
  const endOffset = count - page.offset - limit;
  const take = endOffset < 0 ? limit + endOffset : limit;
  if (take <= 0) return { rows: [], page, count };
  const rows = select(orderBy(def, query.order, true), ` LIMIT ${take} OFFSET ${Math.max(endOffset, 0)}`);
  return { rows: rows.reverse(), page, count };
}

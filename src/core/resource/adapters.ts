import { PAGE_SIZE, PAGE_SIZES } from '../config.ts';

export type Row = Record<string, unknown> & { id?: string | number };

/** What the table asks for; `page` is 1-based here, adapters translate it for their server. */
export interface ListQuery {
  page: number;
  size: number;
  /** A column prop, '-' prefixed when descending. */
  order?: string;
  /** Search text, tag filters and date range, already cleaned. */
  filters: Record<string, string>;
  /** false: one request for every row (no pager). */
  paginate?: boolean;
}

export interface ListResult {
  rows: Row[];
  total: number;
}

/** The table's data source: how a query becomes request params and how a response is read. */
export interface ListAdapter {
  pageSizes: readonly number[];
  defaultSize: number;
  params(query: ListQuery): Record<string, unknown>;
  read(body: unknown): ListResult;
}

const asRows = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);

/** DRF limit/offset (jumpserver-api.md §1.5): `{count, results}`, or a bare array without `limit`. */
export const limitOffsetAdapter: ListAdapter = {
  pageSizes: PAGE_SIZES,
  defaultSize: PAGE_SIZE,
  params({ page, size, order, filters, paginate = true }) {
    const paging = paginate ? { limit: size, offset: (page - 1) * size } : {};
    return { ...filters, ...paging, order: order || undefined, display: 1, draw: 1 };
  },
  read(body) {
    if (Array.isArray(body)) return { rows: body as Row[], total: body.length };
    const page = (body ?? {}) as { results?: unknown; count?: unknown };
    return { rows: asRows(page.results), total: Number(page.count) || 0 };
  },
};

/** Spec §9: the page/size table variant pages from 0, 10 rows by default, 999 rows when unpaged. */
export const PAGE_SIZE_VARIANT = { sizes: [10, 20, 30, 40, 50], size: 10, unpagedSize: 999, unpagedPage: -1 } as const;

/** The page/size variant (spec §7/§9): zero-based `page`, `size`, `sort` + `direction`, `payload.content`. */
export const pageSizeAdapter: ListAdapter = {
  pageSizes: PAGE_SIZE_VARIANT.sizes,
  defaultSize: PAGE_SIZE_VARIANT.size,
  params({ page, size, order, filters, paginate = true }) {
    const sort = order ? { sort: order.replace(/^-/, ''), direction: order.startsWith('-') ? 'desc' : 'asc' } : {};
    const paging = paginate
      ? { page: page - 1, size }
      : { page: PAGE_SIZE_VARIANT.unpagedPage, size: PAGE_SIZE_VARIANT.unpagedSize };
    return { ...filters, ...paging, ...sort };
  },
  read(body) {
    const payload = ((body ?? {}) as { payload?: { content?: unknown; totalElements?: unknown } }).payload ?? {};
    return { rows: asRows(payload.content), total: Number(payload.totalElements) || 0 };
  },
};

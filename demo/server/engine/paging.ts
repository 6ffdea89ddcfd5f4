import type { FastifyRequest } from 'fastify';
import { singleValues } from './query-params.ts';

export interface Page {
  limit: number;
  offset: number;
}

/** JumpServer's MAX_LIMIT_PER_PAGE: a bigger `limit` is clamped, as its pagination does. */
export const MAX_LIMIT = 10_000;

/**
 * LimitOffsetPagination without a default size: no `limit` → no paging (a bare array). Both numbers
 * are clamped into safe integers, so a huge value never reaches SQL as `1e+23`.
 */
export function pageOf(raw: Record<string, unknown>): Page | null {
  const query = singleValues(raw);
  const limit = Number.parseInt(query.limit ?? '', 10);
  if (!Number.isFinite(limit) || limit <= 0) return null;
  const offset = Math.min(Math.max(Number.parseInt(query.offset ?? '0', 10) || 0, 0), Number.MAX_SAFE_INTEGER);
  return { limit: Math.min(limit, MAX_LIMIT), offset };
}

/** `{count, next, previous, results}` with absolute next/previous URLs, as DRF builds them. */
export function paginated(request: FastifyRequest, page: Page, count: number, results: unknown[]) {
  const link = (offset: number | null) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    url.searchParams.set('limit', String(page.limit));
    if (offset === null || offset <= 0) url.searchParams.delete('offset');
    else url.searchParams.set('offset', String(offset));
    return url.toString();
  };
  const next = page.offset + page.limit < count ? link(page.offset + page.limit) : null;
  const previous = page.offset > 0 ? link(page.offset - page.limit) : null;
  return { count, next, previous, results };
}

import type { FastifyRequest } from 'fastify';

export interface Page { limit: number; offset: number }

/** LimitOffsetPagination without a default size: no `limit` → no paging (a bare array). */
export function pageOf(query: Record<string, string>): Page | null {
  const limit = Number.parseInt(query.limit ?? '', 10);
  if (!Number.isFinite(limit) || limit <= 0) return null;
  const offset = Math.max(Number.parseInt(query.offset ?? '0', 10) || 0, 0);
  return { limit, offset };
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

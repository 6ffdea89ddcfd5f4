// What one page visit downloads: every response body (raw and gzip size) from puppeteer, and when
// each request started and ended from the page's own resource timings (0 = navigation start), so
// the waterfall is not skewed by the time DevTools events take to reach this process.
import { gzipSync } from 'node:zlib';

/** Starts collecting response bodies on `page`; `stop()` resolves them by URL. */
export function recordBodies(page) {
  const bodies = [];
  const onFinished = (request) => {
    const response = request.response();
    const read =
      response && response.status() < 300
        ? response.buffer().catch(() => Buffer.alloc(0))
        : Promise.resolve(Buffer.alloc(0));
    bodies.push(
      read.then((bytes) => [
        request.url(),
        { status: response?.status() ?? 0, raw: bytes.length, gzip: bytes.length ? gzipSync(bytes).length : 0 },
      ]),
    );
  };
  page.on('requestfinished', onFinished);
  return {
    async stop() {
      page.off('requestfinished', onFinished);
      return new Map(await Promise.all(bodies));
    },
  };
}

/**
 * The navigation and every resource the current document fetched, by start time; `sent` is the body
 * as it came over the wire (compressed when the server compressed it), 0 when served from cache.
 */
export async function pageTimeline(page) {
  return page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
      .map((e) => ({ url: e.name, start: e.startTime, end: e.responseEnd, sent: e.encodedBodySize }))
      .sort((a, b) => a.start - b.start),
  );
}

/** An API call (JSON, not part of the page's download budget) rather than a page asset. */
export const isApiCall = (url) => new URL(url).pathname.startsWith('/api/');

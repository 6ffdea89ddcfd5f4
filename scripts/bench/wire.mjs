// The outside count of a page visit: every response the browser receives, as its network stack counts
// it (DevTools protocol, not the page's resource timings, so the favicon and anything else the browser
// fetches on its own count too): body bytes as sent (compressed as the server chose), response header
// bytes apart, and when each request started and ended on the page's clock (0 = navigation start).
import { kb } from './module-graph.mjs';
import { ms, within } from './stats.mjs';

/** What a browser that only speaks gzip asks for (Chromium offers brotli and zstd too). */
export const GZIP_ONLY = { 'Accept-Encoding': 'gzip, deflate' };

/**
 * Starts recording `page`'s network; `stop()` (call it while the visited page is still open: it reads
 * that page's time origin) resolves to the requests by start time: `{ url, status, start, end, body,
 * headers }`, `end` NaN for one that never finished.
 */
export async function recordWire(page) {
  const cdp = await page.createCDPSession();
  const requests = new Map();
  const headerBytes = new Map(); // requestId → response header bytes (their event may come first)
  const hops = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    const before = requests.get(e.requestId);
    if (before && e.redirectResponse)
      hops.push({
        ...before,
        status: e.redirectResponse.status,
        end: e.timestamp,
        total: e.redirectResponse.encodedDataLength,
      });
    requests.set(e.requestId, {
      url: e.request.url,
      status: 0,
      start: e.timestamp,
      wall: e.wallTime,
      end: NaN,
      total: 0,
    });
  });
  cdp.on('Network.responseReceived', (e) => {
    const request = requests.get(e.requestId);
    if (request) request.status = e.response.status;
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) =>
    headerBytes.set(e.requestId, Buffer.byteLength(e.headersText ?? '')),
  );
  cdp.on('Network.loadingFinished', (e) => {
    const request = requests.get(e.requestId);
    if (request) Object.assign(request, { end: e.timestamp, total: e.encodedDataLength });
  });
  await cdp.send('Network.enable');
  return {
    async stop() {
      const origin = await page.evaluate(() => performance.timeOrigin); // epoch ms of the page's clock
      await cdp.detach();
      const list = [...hops, ...[...requests].map(([id, r]) => ({ ...r, headers: headerBytes.get(id) ?? 0 }))];
      // The protocol's timestamps are monotonic seconds; each request's wall time ties them to the page's clock.
      return list
        .map((r) => {
          const at = (stamp) => (r.wall + (stamp - r.start)) * 1000 - origin;
          const headers = r.headers ?? 0;
          return {
            url: r.url,
            status: r.status,
            start: at(r.start),
            end: Number.isNaN(r.end) ? NaN : at(r.end),
            headers,
            body: Math.max(0, r.total - headers),
          };
        })
        .sort((a, b) => a.start - b.start);
    },
  };
}

/** Requests whose answer had fully arrived when the first row was drawn (`rowAt`, page clock). */
export const beforeRow = (requests, rowAt) => requests.filter((r) => r.end <= rowAt);

const sum = (requests, key) => requests.reduce((total, r) => total + r[key], 0);

/**
 * The outside count as a table: every request of the visit (as sent, and what a gzip-only browser was
 * sent for the same address on its own visit), then the bytes before the first row beside `budget`.
 * `visit` / `gzipVisit`: `{ requests, rowAt }`; `isApiCall(url)` splits page files from API answers.
 */
export function wireTable({ visit, gzipVisit, budget, isApiCall }) {
  const path = (url) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`.slice(0, 80);
  };
  const gzipOf = new Map(gzipVisit.requests.map((r) => [r.url, r.body]));
  const at = (value) => (Number.isNaN(value) ? '-' : ms(value));
  const counted = new Set(beforeRow(visit.requests, visit.rowAt));
  const rows = visit.requests.map((r) => [
    path(r.url),
    r.status,
    at(r.start),
    at(r.end),
    r.body,
    gzipOf.get(r.url) ?? '-',
    r.headers,
    counted.has(r) ? 'yes' : 'after',
  ]);
  const sent = [...counted];
  const gzipSent = beforeRow(gzipVisit.requests, gzipVisit.rowAt);
  const after = visit.requests.filter((r) => !counted.has(r));
  const api = sent.filter((r) => isApiCall(r.url));
  rows.push(['(first row rendered)', '', '', ms(visit.rowAt), '', ms(gzipVisit.rowAt), '', '']);
  rows.push([
    `before the first row, as sent: ${sent.length} requests, ${kb(sum(sent, 'body'))}; budget ${kb(budget)}: within ${within(sum(sent, 'body'), budget)}`,
    '',
    '',
    '',
    sum(sent, 'body'),
    '',
    sum(sent, 'headers'),
    '',
  ]);
  rows.push([
    `  gzip-only browser: ${gzipSent.length} requests, ${kb(sum(gzipSent, 'body'))}; within ${within(sum(gzipSent, 'body'), budget)}`,
    '',
    '',
    '',
    '',
    sum(gzipSent, 'body'),
    sum(gzipSent, 'headers'),
    '',
  ]);
  rows.push([
    `  of which API answers ${kb(sum(api, 'body'))}; response headers ${kb(sum(sent, 'headers'))} more (not in the budget)`,
    '',
    '',
    '',
    sum(api, 'body'),
    '',
    '',
    '',
  ]);
  rows.push([
    `after the first row (not counted): ${after.length} requests, ${kb(sum(after, 'body'))}`,
    '',
    '',
    '',
    sum(after, 'body'),
    '',
    sum(after, 'headers'),
    '',
  ]);
  return {
    headers: ['request', 'status', 'start ms', 'end ms', 'body as sent', 'gzip-only', 'headers', 'counted'],
    rows,
  };
}

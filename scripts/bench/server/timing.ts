// The one way the server benches time a request: app.inject, a few warm-up calls left out, then p50/p95
// of the rest (ms, two decimals), with the size of the answer (list length or `count`).
import type { FastifyInstance } from 'fastify';

const RUNS = 50;
const WARMUP = 5;

const percentile = (sorted: number[], p: number) =>
  Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(2));

/** The number of items an answer holds: a plain list's length or a page's `count`. */
export const answerCount = (body: unknown): number =>
  Array.isArray(body) ? body.length : (body as { count: number }).count;

/** Times `GET url` (any answer but 200 stops the bench), WARMUP + RUNS times. */
export async function timeGet(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
): Promise<{ count: number; p50: number; p95: number }> {
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < WARMUP + RUNS; i += 1) {
    const t0 = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    const took = performance.now() - t0;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    if (i >= WARMUP) times.push(took);
    count = answerCount(response.json());
  }
  times.sort((a, b) => a - b);
  return { count, p50: percentile(times, 50), p95: percentile(times, 95) };
}
